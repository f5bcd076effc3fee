import WorkoutCore
import WorkoutSamples
import Geodesy

/// What colours the route line of a map.
public enum RouteColoring: String, Sendable, Hashable, CaseIterable {
    /// The activity's colour, fading along the route from 90 % to 40 % opacity.
    case none
    /// Pace (from the engine's speed at each fix): slow blue to fast red.
    case pace
    /// Heart rate: low blue to high red.
    case heartRate
    /// Elevation: low blue to high red.
    case elevation
}
