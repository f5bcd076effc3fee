import CGEOS
import Foundation
public import Geodesy

/// The result of ``RouteLine/simplified(toleranceMeters:)``.
public struct SimplifiedRoute: Sendable, Hashable {
    /// The simplified segments, one for each input segment, in the same order.
    public var segments: [[GeoCoordinate]]
    /// The tolerance used, metres.
    public var toleranceMeters: Double
    /// Points in the route before simplification.
    public var originalPointCount: Int
    /// Points kept.
    public var pointCount: Int { segments.reduce(0) { $0 + $1.count } }

    /// A simplified route: its segments, the tolerance (metres) it was simplified at, and how many points
    /// it had before.
    public init(segments: [[GeoCoordinate]], toleranceMeters: Double, originalPointCount: Int) {
        self.segments = segments
        self.toleranceMeters = toleranceMeters
        self.originalPointCount = originalPointCount
    }
}
