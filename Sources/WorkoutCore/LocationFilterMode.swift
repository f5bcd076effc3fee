import WorkoutSamples
import Geodesy

/// How strictly locations are filtered.
public enum LocationFilterMode: String, Sendable, Hashable, CaseIterable, Codable {
    /// Every rule of ``LocationFilter`` applies, and distance is measured on a smoothed track.
    case `default`
    /// Every valid coordinate is kept as it is; only ``LocationRejectionReason/invalidCoordinate`` applies,
    /// and distance is the plain geodesic sum over the fixes.
    case none
}
