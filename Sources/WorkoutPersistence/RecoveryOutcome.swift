import WorkoutCore
public import Foundation
public import Logging
public import WorkoutSamples

/// What recovery made of one journal.
public enum RecoveryOutcome: Sendable {
    case recovered(RecoveredSession)
    case discarded(DiscardedJournal)

    /// The journal file.
    public var file: String {
        switch self {
        case .recovered(let session): session.journalPath
        case .discarded(let discarded): discarded.file
        }
    }
}
