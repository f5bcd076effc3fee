import WorkoutSamples
import RouteGeometry
import Foundation

/// How much of the route a ``WorkoutBuilder`` keeps.
public enum RouteStorage: Sendable, Hashable {
    /// Every accepted fix (exports, maps and charts need them).
    case everyFix
    /// Only the fixes needed to draw the route within `toleranceMeters`: a fix is dropped while the line
    /// from the last kept fix to the newest one passes within the tolerance of every fix in between
    /// (the cone-intersection test of Sklansky & Gonzalez, *Fast polygonal approximation of digitized
    /// curves*, Pattern Recognition 12, 1980), O(1) per fix. Memory then grows with the route's shape, not
    /// with its sampling rate: a summary of a long 1 Hz track keeps a few percent of its fixes.
    case decimated(toleranceMeters: Double)
}
