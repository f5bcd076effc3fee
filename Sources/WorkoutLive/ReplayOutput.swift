import SessionSupport
import WorkoutCore
import WorkoutSamples

/// Receives a replay's frames and state changes.
public protocol ReplayOutput {
    /// Takes the next event; an error stops the replay and is rethrown by the call that fed it.
    mutating func replay(_ event: ReplayEvent) throws
}
