import WorkoutCore
public import Foundation
import Logging
import WorkoutSamples

/// A journal recovery did not offer, and why.
public struct DiscardedJournal: Sendable, Hashable {
    /// The journal file, or the name a store gives the journal it keeps (`live_sessions/<id>`).
    public var file: String
    /// The session id, when the header or the file name gives one.
    public var sessionID: UUID?
    /// Why it was not recovered (expired, unknown format version, unreadable, already finished, ...).
    public var reason: RecoveryDiscardReason
    /// Bytes after the last valid record (0 when the records were not read).
    public var droppedTailBytes: Int

    /// A discarded journal: `file` (or a store's name for the journal), its session when known, why, and
    /// the bytes after its last valid record.
    public init(file: String, sessionID: UUID?, reason: RecoveryDiscardReason, droppedTailBytes: Int) {
        self.file = file
        self.sessionID = sessionID
        self.reason = reason
        self.droppedTailBytes = droppedTailBytes
    }
}
