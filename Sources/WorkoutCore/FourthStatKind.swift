import WorkoutSamples

/// The statistic a workout screen shows in its fourth cell.
public enum FourthStatKind: String, Sendable, Hashable, Codable {
    /// Minutes per kilometre or per mile (running, walking).
    case pace
    /// Kilometres or miles per hour (cycling).
    case speed
    /// Beats per minute (hiking).
    case heartRate
}
