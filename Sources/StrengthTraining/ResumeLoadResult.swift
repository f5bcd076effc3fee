import SessionSupport
import Logging

/// What loading the resume file gave.
public enum ResumeLoadResult: Sendable, Hashable {
    /// No file: nothing to resume.
    case nothing
    /// A state to resume. Its workout timer is paused at the last active time; `restTimerDropped`
    /// tells whether a rest timer was dropped because it ended more than the grace period ago.
    case resumed(StrengthSessionState, restTimerDropped: Bool)
    /// A file was found and discarded (and removed).
    case discarded(ResumeDiscardReason)
}
