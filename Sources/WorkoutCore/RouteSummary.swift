import WorkoutSamples
public import RouteGeometry
public import Geodesy

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

    /// A route summary with the given values (a builder's ``WorkoutBuilder/summary(skippedUnknownRecords:device:)`` makes one from its route).
    public init(simplifiedPointCount: Int, simplificationToleranceMeters: Double, encodedPolyline: String, bounds: GeoBounds?) {
        self.simplifiedPointCount = simplifiedPointCount
        self.simplificationToleranceMeters = simplificationToleranceMeters
        self.encodedPolyline = encodedPolyline
        self.bounds = bounds
    }

    /// Simplifies `route` with GEOS in a local metric projection and encodes it.
    public init(route: RecordedRoute, toleranceMeters: Double) throws {
        self = try Self.simplifying(route, toleranceMeters: toleranceMeters).summary
    }

    /// The summary of `route` (``init(route:toleranceMeters:)``) with the simplified route's coordinates at
    /// full precision, segments joined in order: what ``encodedPolyline`` encodes, before its rounding to
    /// 1e-5 degrees. For a caller that keeps the line itself (a store), without simplifying twice.
    /// - Throws: `RouteGeometryError` when simplification fails.
    public static func simplifying(_ route: RecordedRoute, toleranceMeters: Double) throws -> (summary: RouteSummary, coordinates: [GeoCoordinate]) {
        let segments = route.coordinateSegments
        guard !segments.isEmpty else {
            return (RouteSummary(simplifiedPointCount: 0, simplificationToleranceMeters: toleranceMeters, encodedPolyline: "", bounds: nil), [])
        }
        let geometry = try RouteLine(segments: segments)
        let simplified = try geometry.simplified(toleranceMeters: toleranceMeters)
        let points = Array(simplified.segments.joined())
        let summary = RouteSummary(
            simplifiedPointCount: points.count,
            simplificationToleranceMeters: toleranceMeters,
            encodedPolyline: EncodedPolyline.encode(points),
            bounds: route.bounds)
        return (summary, points)
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

extension RouteSummary: Codable {
    /// The JSON keys of the summary's `route` object, in the order it writes them.
    private enum CodingKeys: String, CodingKey {
        case simplifiedPointCount, simplificationToleranceMeters, encodedPolyline, bounds
    }

    /// Decodes the summary's `route` object (`bounds` `null` or missing: `nil`).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            simplifiedPointCount: try container.decode(Int.self, forKey: .simplifiedPointCount),
            simplificationToleranceMeters: try container.decode(Double.self, forKey: .simplificationToleranceMeters),
            encodedPolyline: try container.decode(String.self, forKey: .encodedPolyline),
            bounds: try container.decodeIfPresent(GeoBounds.self, forKey: .bounds))
    }

    /// Encodes the summary's `route` object: `{"simplifiedPointCount":…,"simplificationToleranceMeters":…,
    /// "encodedPolyline":"…","bounds":{…} or null}`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(simplifiedPointCount, forKey: .simplifiedPointCount)
        try container.encodeNumberOrNull(simplificationToleranceMeters, forKey: .simplificationToleranceMeters)
        try container.encode(encodedPolyline, forKey: .encodedPolyline)
        try container.encodeOrNull(bounds, forKey: .bounds)
    }
}
