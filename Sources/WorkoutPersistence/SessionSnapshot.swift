import SessionSupport
import WorkoutCore
public import Foundation
public import WorkoutSamples

/// The state of a recording session as of its last sync, written next to the journal as
/// `<session id>.wesnapshot` (JSON) with ``/SessionSupport/SessionFileSystem/writeAtomically(_:to:)``. The journal is
/// the truth (recovery replays it); the snapshot tells recovery when the session was last active
/// (wall-clock time, for expiry) and how far the journal was durable, and lets a tool show a session
/// without replaying it. Writing it twice is harmless.
public struct SessionSnapshot: Codable, Sendable, Hashable {
    /// The snapshot format this code writes.
    public static let currentFormatVersion = 1

    /// The format of this snapshot; recovery ignores a snapshot of a version it does not know.
    public var formatVersion: Int
    /// The session's id, the same as its journal's.
    public var sessionID: UUID
    /// The activity the session measures.
    public var activity: ActivityType
    /// The session's state (the clock of the last outcome given to ``PersistentSessionRecorder/record(_:)``, else
    /// the one the recorded start/pause/resume/end events imply).
    public var state: SessionState
    /// Seconds of the closed running intervals.
    public var accumulatedSeconds: Double
    /// When the open running interval began; `nil` unless running.
    public var openIntervalStart: Double?
    /// When the session started.
    public var startTime: Double?
    /// Records durable in the journal.
    public var recordCount: Int
    /// Sample records among them.
    public var sampleCount: Int
    /// The latest time among the durable records (session time axis).
    public var lastRecordTime: Double?
    /// Wall-clock time of the sync that wrote this snapshot, seconds since 1970: what expiry is measured from.
    public var lastActiveAt: Double
    /// Bytes of the journal that were durable when this snapshot was written.
    public var journalDurableOffset: Int

    /// A snapshot with the given values (the recorder writes them; tests and tools build them).
    public init(
        formatVersion: Int = SessionSnapshot.currentFormatVersion, sessionID: UUID, activity: ActivityType,
        state: SessionState, accumulatedSeconds: Double, openIntervalStart: Double?, startTime: Double?,
        recordCount: Int, sampleCount: Int, lastRecordTime: Double?, lastActiveAt: Double, journalDurableOffset: Int
    ) {
        self.formatVersion = formatVersion
        self.sessionID = sessionID
        self.activity = activity
        self.state = state
        self.accumulatedSeconds = accumulatedSeconds
        self.openIntervalStart = openIntervalStart
        self.startTime = startTime
        self.recordCount = recordCount
        self.sampleCount = sampleCount
        self.lastRecordTime = lastRecordTime
        self.lastActiveAt = lastActiveAt
        self.journalDurableOffset = journalDurableOffset
    }

    /// The snapshot as JSON bytes.
    /// - Throws: `EncodingError` (only for non-finite numbers, which the recorder never stores).
    public func encoded() throws -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return Array(try encoder.encode(self))
    }

    /// Decodes a snapshot; `nil` when the bytes are not a snapshot of a known format version.
    public static func decode(_ bytes: [UInt8]) -> SessionSnapshot? {
        guard let snapshot = try? JSONDecoder().decode(SessionSnapshot.self, from: Data(bytes)),
              snapshot.formatVersion == currentFormatVersion else { return nil }
        return snapshot
    }
}
