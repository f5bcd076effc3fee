import SessionSupport
import WorkoutCore
public import WorkoutSamples

/// What a replay produces, in order.
public enum ReplayEvent: Sendable {
    case frame(WorkoutFrame)
    case stateChange(SessionStateChange)
}
