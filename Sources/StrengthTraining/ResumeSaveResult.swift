import SessionSupport
import Logging

/// What ``ResumeStore/save(_:)`` did.
public enum ResumeSaveResult: Sendable, Hashable {
    /// The state was written (atomically).
    case written
    /// The workout is not active, so nothing was written (and a stale file of this workout was removed).
    case notActive(WorkoutPhase)
}
