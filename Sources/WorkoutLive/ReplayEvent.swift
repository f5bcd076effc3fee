import SessionSupport
import WorkoutCore
import WorkoutSamples

/// What a replay produces, in order.
public enum ReplayEvent: Sendable {
    /// A frame that became due.
    case frame(WorkoutFrame)
    /// A change of session state (start, pause, resume, lap, end), between the frames before and after it.
    case stateChange(SessionStateChange)
}
