import SessionSupport
import WorkoutCore
public import WorkoutSamples

/// Receives a replay's frames and state changes.
public protocol ReplayOutput {
    mutating func replay(_ event: ReplayEvent) throws
}
