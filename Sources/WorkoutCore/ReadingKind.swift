import WorkoutSamples

/// The kinds of reading the engine checks for plausibility before it uses them.
public enum ReadingKind: String, Sendable, Hashable, CaseIterable, Codable {
    /// A fix's altitude (the fix is kept without it).
    case altitude
    /// A fix's device speed (the fix is kept without it).
    case speed
    /// A heart-rate reading.
    case heartRate
    /// A cadence reading.
    case cadence
    /// A power reading.
    case power
    /// An active-energy increment.
    case activeEnergy
    /// A device's cumulative distance (``DistanceSample``) whose increase from the last reading the builder
    /// took implies a speed above the activity's plausible maximum: a spike, not counted (see
    /// ``ActivityRules/maximumPlausibleSpeedMetersPerSecond``).
    case distance
}
