import SessionSupport
import Logging
public import SessionSupport

/// Why a saved resume state was not offered. The file is removed (best effort) so it is not
/// considered again, and the reason is logged.
public enum ResumeDiscardReason: Sendable, Hashable, CustomStringConvertible {
    /// The workout was last active more than the maximum age before now.
    case expired(lastActiveAt: Double, maximumAgeSeconds: Double)
    /// The file is not a valid state (malformed JSON, unknown version, inconsistent values).
    case corrupt(String)
    /// The state belongs to another workout than the one asked for.
    case otherWorkout(found: String, expected: String)
    /// The state is not of an active workout (one being generated or already completed).
    case notActive(WorkoutPhase)
    /// The file exists but could not be read.
    case unreadable(FileSystemError)

    public var description: String {
        switch self {
        case .expired(let lastActiveAt, let maximumAgeSeconds):
            "expired: last active at \(lastActiveAt) s, more than \(Int(maximumAgeSeconds)) s ago"
        case .corrupt(let detail): "corrupt: \(detail)"
        case .otherWorkout(let found, let expected): "another workout: found \(found), expected \(expected)"
        case .notActive(let phase): "not active: \(phase.rawValue)"
        case .unreadable(let error): "unreadable: \(error)"
        }
    }
}
