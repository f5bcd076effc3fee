import WorkoutCore
import Foundation
import Logging
import WorkoutSamples

/// What recovery made of one journal.
public enum RecoveryOutcome: Sendable {
    /// The journal was replayed into a builder: the session, paused, as journaled.
    case recovered(RecoveredSession)
    /// The journal was not recovered, and why.
    case discarded(DiscardedJournal)

    /// The journal file.
    public var file: String {
        switch self {
        case .recovered(let session): session.journalPath
        case .discarded(let discarded): discarded.file
        }
    }
}
