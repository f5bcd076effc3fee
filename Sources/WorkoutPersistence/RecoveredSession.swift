import WorkoutCore
public import Foundation
import Logging
public import WorkoutSamples

/// A session rebuilt from its journal: the builder holds exactly the state of the last valid record.
public struct RecoveredSession: Sendable {
    /// What the journal's header says (session id, options, start time).
    public var header: JournalHeader
    /// The directory holding the journal; empty for a journal a store keeps.
    public var directory: String
    /// The journal file, or the name a store gives the journal it keeps (`live_sessions/<id>`).
    public var journalPath: String
    /// A builder that replayed every valid record, then was paused at ``pausedAt`` if it was running.
    /// Its state is `paused`, or `ended` when the journal holds an `end` record (the session ended but
    /// its summary was never saved), or `notStarted` when no timed sample arrived.
    public var builder: WorkoutBuilder
    /// `builder.summary()`, computed when asked (simplifying a long route costs more than recovering it);
    /// `nil` only if the route could not be summarised (a GEOS failure).
    public var summary: WorkoutSummary? { try? builder.summary() }
    /// Valid records replayed.
    public var recordCount: Int
    /// Sample records among them: the number of input samples a replay can skip to continue.
    public var journaledSampleCount: Int
    /// The replayed samples in order; empty unless recovery was asked to keep them.
    public var samples: [Sample]
    /// Bytes after the last valid record, cut (torn write, corruption or garbage).
    public var droppedTailBytes: Int
    /// Why the journal's valid part ends early; `nil` when the whole file was valid.
    public var damage: JournalTailDamage?
    /// Bytes from the start of the journal to the end of the last valid record.
    public var validJournalLength: Int
    /// The latest time among the valid records.
    public var lastRecordTime: Double?
    /// When the session was last active (what expiry was measured from): the snapshot's `lastActiveAt`,
    /// else the last record's time, else the start time.
    public var lastActiveAt: Double
    /// The time at which recovery paused the session because its last record left it running
    /// (the last record's time); `nil` when it was already paused or ended.
    public var pausedAt: Double?
    /// The snapshot found next to the journal, if it was readable and of this session.
    public var snapshot: SessionSnapshot?

    /// The session's id.
    public var sessionID: UUID { header.sessionID }
    /// The session's activity (after any activity record).
    public var activity: ActivityType { builder.options.activity }
    /// The location samples among ``samples``.
    public var locations: [LocationSample] {
        samples.compactMap { if case .location(let fix) = $0 { fix } else { nil } }
    }
}
