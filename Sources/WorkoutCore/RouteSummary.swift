import WorkoutSamples
public import RouteGeometry
import Geodesy

/// The route part of a summary: the simplified route's encoded polyline and the route's bounds.
public struct RouteSummary: Sendable, Hashable {
    /// The default simplification tolerance, metres. 5 m keeps every turn a person can see on a phone-sized
    /// map at street zoom while removing most of the 1 Hz points of a straight stretch.
    public static let defaultSimplificationToleranceMeters = RouteLine.defaultSimplificationToleranceMeters

    /// Points in the simplified route (all segments).
    public var simplifiedPointCount: Int
    /// The tolerance the route was simplified at, metres.
    public var simplificationToleranceMeters: Double
    /// Google encoded polyline (precision 5) of the simplified route, its segments joined in order; empty
    /// for an empty route.
    public var encodedPolyline: String
    /// Bounds of every accepted fix; `nil` when there is none.
    public var bounds: GeoBounds?

    /// A route summary with the given values (a builder's ``WorkoutBuilder/summary(skippedUnknownRecords:)`` makes one from its route).
    public init(simplifiedPointCount: Int, simplificationToleranceMeters: Double, encodedPolyline: String, bounds: GeoBounds?) {
        self.simplifiedPointCount = simplifiedPointCount
        self.simplificationToleranceMeters = simplificationToleranceMeters
        self.encodedPolyline = encodedPolyline
        self.bounds = bounds
    }

    /// Simplifies `route` with GEOS in a local metric projection and encodes it.
    public init(route: RecordedRoute, toleranceMeters: Double) throws {
        let segments = route.coordinateSegments
        guard !segments.isEmpty else {
            self.init(simplifiedPointCount: 0, simplificationToleranceMeters: toleranceMeters, encodedPolyline: "", bounds: nil)
            return
        }
        let geometry = try RouteLine(segments: segments)
        let simplified = try geometry.simplified(toleranceMeters: toleranceMeters)
        let points = simplified.segments.joined()
        self.init(
            simplifiedPointCount: simplified.segments.reduce(0) { $0 + $1.count },
            simplificationToleranceMeters: toleranceMeters,
            encodedPolyline: EncodedPolyline.encode(points),
            bounds: route.bounds)
    }
}

extension RecordedRoute {
    /// The route's fixes as coordinates, one array per segment.
    public var coordinateSegments: [[GeoCoordinate]] {
        segments.map { segment in
            (0..<segment.count).map { GeoCoordinate(latitude: segment.latitudes[$0], longitude: segment.longitudes[$0]) }
        }
    }
}
