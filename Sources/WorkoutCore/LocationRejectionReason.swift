import WorkoutSamples
import Geodesy

/// Why the location filter refused a fix. Each rejection is counted by reason in the summary.
public enum LocationRejectionReason: String, Sendable, Hashable, CaseIterable, Codable {
    /// Latitude or longitude is NaN, infinite, or outside -90...90 / -180...180. Rejected in every mode.
    case invalidCoordinate
    /// The device reported no fix (GPX `<fix>none</fix>`): the position is stale.
    case noFix
    /// `horizontalAccuracyMeters` is worse than ``LocationFilter/Configuration/maximumHorizontalAccuracyMeters``.
    case poorAccuracy
    /// The fix's time is not later than the previous accepted fix's time.
    case nonIncreasingTime
    /// The step from the previous accepted fix implies a speed above the activity's
    /// ``ActivityRules/maximumPlausibleSpeedMetersPerSecond``.
    case implausibleSpeed
    /// A fix at (0, 0) ("Null Island", what some devices write before their first fix) while the
    /// previous accepted fix is more than ``LocationFilter/nullIslandNeighbourhoodMeters`` away from it,
    /// or while there is none.
    case nullIsland
}
