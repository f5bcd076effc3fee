import Foundation
import WorkoutEngine

/// One session's part of a group commit: journal bytes to append at their offset, under the lease epoch
/// the node holds, with the session's snapshot as of them.
struct LiveJournalCommit: Sendable {
    var sessionID: UUID
    var leaseEpoch: Int64
    var batch: JournalBatch
    /// The session's state once the batch is durable (`SessionState`'s raw value).
    var state: String
    /// The ``SessionSnapshot`` as JSON, when the journal is open.
    var snapshotJSON: String?
    /// Wall-clock seconds since 1970 of the commit: the session's `last_active_at`.
    var lastActiveAt: Double
}
