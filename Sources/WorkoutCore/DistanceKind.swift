import WorkoutSamples

/// Which distance counter an activity adds to, as HealthKit separates them.
public enum DistanceKind: String, Sendable, Hashable, Codable {
    /// Walking, running and hiking (HealthKit's `distanceWalkingRunning`).
    case walkingRunning
    /// Cycling (HealthKit's `distanceCycling`).
    case cycling
}
