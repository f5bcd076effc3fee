import CGEOS
import Foundation
public import Geodesy

/// A route as geometry: one or more segments of coordinates (GPX `<trkseg>`s, or the pieces between
/// pauses), projected once to a local metric frame for GEOS operations.
///
/// Named `RouteLine` rather than `RouteGeometry` so the type never shadows its module's name.
///
/// The frame is a ``Geodesy/LocalProjection`` (transverse Mercator on WGS84, a quarter of the
/// azimuthal equidistant's cost per point) centred on the centre of the route's bounds, nearly isometric
/// over a workout's extent (scale error about x²/(2R²): 1·10⁻⁶ at 10 km, 3·10⁻⁵ at 50 km east or west
/// of the centre). Lengths measured here are planar and meant as a sanity figure: the geodesic
/// distance of a workout comes from ``Geodesy/Ellipsoid``.
///
/// A segment of one point is kept (it counts for ``bounds``) but cannot form a line; empty segments
/// are kept as empty. The value is `Sendable`: it stores plain coordinates, and every operation
/// creates its own GEOS context and PROJ transformation, so nothing is shared between threads.
public struct RouteLine: Sendable, Hashable {
    /// The segments as given.
    public let segments: [[GeoCoordinate]]
    /// The bounding box of all points (plain minimum and maximum of the values; a route crossing the
    /// antimeridian gets a box spanning the long way round). `nil` for a route without points.
    public let bounds: GeoBounds?
    /// The centre of the local metric frame; `nil` for a route without points.
    public let projectionCenter: GeoCoordinate?
    /// Projected coordinates per segment, metres east and north of ``projectionCenter``.
    internal let projectedX: [[Double]]
    internal let projectedY: [[Double]]

    /// The default tolerance of ``simplified(toleranceMeters:)``: 5 m.
    ///
    /// Consumer GPS reports a 68 % horizontal accuracy of about 3–5 m in open sky, so vertices closer
    /// than this to the simplified line are within the noise; 5 m is also about 2 px at web-map zoom
    /// 16, so the simplified line draws the same at street scale.
    public static let defaultSimplificationToleranceMeters = 5.0

    /// Points per Douglas–Peucker call (see ``simplified(toleranceMeters:)``).
    static let simplificationWindow = 4096

    /// Creates a route from segments of coordinates and projects it (`proj_trans_generic`, one call
    /// per segment).
    /// - Throws: ``RouteGeometryError/invalidCoordinate(segment:index:latitude:longitude:)`` for a
    ///   non-finite point or a latitude outside -90...90 (longitudes are taken as given, any finite
    ///   value); ``RouteGeometryError/projection(_:)`` when PROJ fails.
    /// - Complexity: O(n), about 1 µs per point.
    public init(segments: [[GeoCoordinate]]) throws(RouteGeometryError) {
        try self.init(latitudes: segments.map { $0.map(\.latitude) }, longitudes: segments.map { $0.map(\.longitude) }, segments: segments)
    }

    /// Creates a route from parallel latitude and longitude arrays, one pair per segment.
    /// - Throws: ``RouteGeometryError/mismatchedCounts(segment:latitudes:longitudes:)`` and what
    ///   ``init(segments:)`` throws.
    /// - Complexity: O(n), about 1 µs per point.
    public init(latitudes: [[Double]], longitudes: [[Double]]) throws(RouteGeometryError) {
        guard latitudes.count == longitudes.count else {
            throw .mismatchedCounts(segment: Swift.min(latitudes.count, longitudes.count), latitudes: latitudes.count, longitudes: longitudes.count)
        }
        var segments: [[GeoCoordinate]] = []
        segments.reserveCapacity(latitudes.count)
        for (s, (lats, lons)) in zip(latitudes, longitudes).enumerated() {
            guard lats.count == lons.count else { throw .mismatchedCounts(segment: s, latitudes: lats.count, longitudes: lons.count) }
            segments.append(zip(lats, lons).map { GeoCoordinate(latitude: $0, longitude: $1) })
        }
        try self.init(latitudes: latitudes, longitudes: longitudes, segments: segments)
    }

    private init(latitudes: [[Double]], longitudes: [[Double]], segments: [[GeoCoordinate]]) throws(RouteGeometryError) {
        var minLat = Double.infinity, minLon = Double.infinity, maxLat = -Double.infinity, maxLon = -Double.infinity
        for (s, segment) in segments.enumerated() {
            for (i, c) in segment.enumerated() {
                guard c.latitude.isFinite, c.longitude.isFinite, abs(c.latitude) <= 90 else {
                    throw .invalidCoordinate(segment: s, index: i, latitude: c.latitude, longitude: c.longitude)
                }
                minLat = Swift.min(minLat, c.latitude); maxLat = Swift.max(maxLat, c.latitude)
                minLon = Swift.min(minLon, c.longitude); maxLon = Swift.max(maxLon, c.longitude)
            }
        }
        self.segments = segments
        guard minLat.isFinite,
              let center = LocalProjection.boundsCenter(latitudes: latitudes.flatMap { $0 }, longitudes: longitudes.flatMap { $0 }) else {
            bounds = nil
            projectionCenter = nil
            projectedX = segments.map { _ in [] }
            projectedY = segments.map { _ in [] }
            return
        }
        bounds = GeoBounds(minLatitude: minLat, minLongitude: minLon, maxLatitude: maxLat, maxLongitude: maxLon)
        let projection: LocalProjection
        // Transverse Mercator: a quarter of aeqd's cost per point, and as good a frame for simplification.
        do { projection = try LocalProjection(center: center, method: .transverseMercator) } catch { throw .projection(error) }
        projectionCenter = projection.center
        var xs: [[Double]] = [], ys: [[Double]] = []
        for (lats, lons) in zip(latitudes, longitudes) {
            let (x, y) = projection.project(latitudes: lats, longitudes: lons)
            if let bad = x.indices.first(where: { !x[$0].isFinite || !y[$0].isFinite }) {
                throw .projection(.invalidCoordinate(latitude: lats[bad], longitude: lons[bad]))
            }
            xs.append(x)
            ys.append(y)
        }
        projectedX = xs
        projectedY = ys
    }

    /// The number of points over all segments.
    public var pointCount: Int { segments.reduce(0) { $0 + $1.count } }

    /// Indices of the segments that can form a line (two points or more).
    private var lineSegmentIndices: [Int] { segments.indices.filter { segments[$0].count >= 2 } }

    /// Builds the GEOS geometry of the line segments: a LineString for one, a MultiLineString for
    /// several; `nil` when no segment has two points.
    private func makeGeometry(in context: GEOSContext) throws(RouteGeometryError) -> GEOSGeometryHandle? {
        try makeGeometry(in: context, lines: lineSegmentIndices.map { (projectedX[$0], projectedY[$0]) })
    }

    private func makeGeometry(in context: GEOSContext, lines coordinates: [(x: [Double], y: [Double])]) throws(RouteGeometryError) -> GEOSGeometryHandle? {
        var lines: [GEOSGeometryHandle] = []
        for line in coordinates {
            lines.append(try context.lineString(x: line.x, y: line.y))
        }
        guard !lines.isEmpty else { return nil }
        return try context.multiLineString(lines)
    }

    /// The projected coordinates of segment `s` without consecutive repeated points.
    private func deduplicated(_ s: Int) -> (x: [Double], y: [Double]) {
        let xs = projectedX[s], ys = projectedY[s]
        var x: [Double] = [], y: [Double] = []
        x.reserveCapacity(xs.count)
        y.reserveCapacity(ys.count)
        for i in xs.indices where i == 0 || xs[i] != xs[i - 1] || ys[i] != ys[i - 1] {
            x.append(xs[i])
            y.append(ys[i])
        }
        return (x, y)
    }

    private func makeProjection() throws(RouteGeometryError) -> LocalProjection? {
        guard let projectionCenter else { return nil }
        do { return try LocalProjection(center: projectionCenter, method: .transverseMercator) } catch { throw .projection(error) }
    }

    // MARK: Operations

    /// The planar length in metres of all line segments in the local frame (`GEOSLength_r`).
    ///
    /// A sanity figure only (it differs from the geodesic length by the frame's scale error, below
    /// 3·10⁻⁵ within 50 km of the centre); use ``Geodesy/Ellipsoid`` for a workout's distance.
    /// - Complexity: O(n), plus creating one GEOS context and n coordinate copies.
    public func projectedLengthMeters() throws(RouteGeometryError) -> Double {
        let context = try GEOSContext()
        guard let geometry = try makeGeometry(in: context) else { return 0 }
        var length = 0.0
        guard GEOSLength_r(context.handle, geometry.pointer, &length) != 0 else { throw context.failure("GEOSLength_r") }
        return length
    }

    /// The route with vertices removed wherever they lie within `toleranceMeters` of the simplified
    /// line: Douglas–Peucker (`GEOSSimplify_r`) in the local metric frame, per segment.
    ///
    /// Why plain Douglas–Peucker rather than GEOS's topology-preserving simplifier: both keep each
    /// segment's first and last points and pick vertices the same way, but the topology-preserving one
    /// checks every candidate against a spatial index of the whole route, which grows superlinearly on
    /// lapped routes (a 1-million-point run lapping a 4 km loop took 90 s and 250 MiB in GEOS, against
    /// about 0.3 s and its coordinate copy for Douglas–Peucker). At a 5 m tolerance the self-crossings
    /// Douglas–Peucker may introduce are invisible on a map, and no metric is computed from the
    /// simplified line.
    ///
    /// The kept vertices are original vertices, so they are returned as the original coordinates
    /// (bit for bit), not through an inverse projection. Segments of 0 or 1 point are returned as
    /// given; consecutive repeated points are always removed (a segment of one repeated point becomes
    /// that point). With a tolerance of 0 only vertices lying exactly on the line between the kept
    /// neighbours can be removed. Simplifying never makes a segment longer.
    /// - Throws: ``RouteGeometryError/invalidDistance(_:)`` for a negative or non-finite tolerance,
    ///   ``RouteGeometryError/geos(operation:messages:)`` when GEOS fails.
    /// - Complexity: O(n log n) expected (O(n²) worst case) in GEOS, plus one GEOS context.
    public func simplified(toleranceMeters: Double = RouteLine.defaultSimplificationToleranceMeters) throws(RouteGeometryError) -> SimplifiedRoute {
        guard toleranceMeters.isFinite, toleranceMeters >= 0 else { throw .invalidDistance(toleranceMeters) }
        let context = try GEOSContext()
        var result = segments
        // Consecutive repeated points are dropped first (GEOS's simplifier keeps them at tolerance 0).
        var lineIndices: [Int] = [], lineCoordinates: [(x: [Double], y: [Double])] = []
        for s in lineSegmentIndices {
            let line = deduplicated(s)
            if line.x.count >= 2 {
                lineIndices.append(s)
                lineCoordinates.append(line)
            } else {
                result[s] = [segments[s][0]]
            }
        }
        // Windows of at most `simplificationWindow` points, sharing their end points: GEOS holds one
        // window at a time and Douglas–Peucker's cost stays O(n log w) on any route (its worst case is
        // quadratic in the points of one call). A window boundary keeps one vertex more than a single
        // pass would; the result is still within the tolerance everywhere.
        for (s, coordinates) in zip(lineIndices, lineCoordinates) {
            var keptX: [Double] = [], keptY: [Double] = []
            var start = 0
            let count = coordinates.x.count
            while start < count - 1 {
                let end = Swift.min(start + Self.simplificationWindow - 1, count - 1)
                let window = (x: Array(coordinates.x[start...end]), y: Array(coordinates.y[start...end]))
                guard let geometry = try makeGeometry(in: context, lines: [window]) else { break }
                let simplified = try context.own(GEOSSimplify_r(context.handle, geometry.pointer, toleranceMeters),
                                                 operation: "GEOSSimplify_r")
                let lines = try context.lineCoordinates(of: simplified.pointer)
                guard lines.count == 1, let line = lines.first, !line.x.isEmpty else {
                    throw .geos(operation: "GEOSSimplify_r", messages: ["expected 1 line, got \(lines.count)"] + context.errors)
                }
                // Every window after the first repeats the previous window's last point.
                let skip = keptX.isEmpty ? 0 : 1
                keptX.append(contentsOf: line.x.dropFirst(skip))
                keptY.append(contentsOf: line.y.dropFirst(skip))
                start = end
            }
            result[s] = try originalVertices(segment: s, x: keptX, y: keptY)
        }
        return SimplifiedRoute(segments: result, toleranceMeters: toleranceMeters, originalPointCount: pointCount)
    }

    /// Maps simplified planar vertices back to the original coordinates of segment `s`: the vertices
    /// are a subsequence of the originals, matched exactly in order. A vertex that matches none
    /// (never expected) is unprojected instead.
    private func originalVertices(segment s: Int, x: [Double], y: [Double]) throws(RouteGeometryError) -> [GeoCoordinate] {
        let originalX = projectedX[s], originalY = projectedY[s], original = segments[s]
        var out: [GeoCoordinate] = []
        out.reserveCapacity(x.count)
        var j = 0
        for (px, py) in zip(x, y) {
            var k = j
            while k < originalX.count, !(originalX[k] == px && originalY[k] == py) { k += 1 }
            if k < originalX.count {
                out.append(original[k])
                j = k + 1
            } else if let projection = try makeProjection() {
                // Created only in this never-expected case: a PROJ transformation costs milliseconds.
                out.append(projection.unproject(x: px, y: py))
            }
        }
        return out
    }

    /// The route with every part within `radiusMeters` of `center` removed: a privacy zone around a
    /// home or a workplace (`GEOSBuffer_r` of the centre, then `GEOSDifference_r`).
    ///
    /// The circle is approximated by a polygon of `4 × quadrantSegments` sides *circumscribing* the
    /// circle (its radius is enlarged by 1/cos(π / (4 × quadrantSegments))), so every point within
    /// `radiusMeters` is removed, and at most 0.2 % more with the default 16. The distances are
    /// measured in the local frame, exact for the centre of the route and within 10⁻⁵ relative for a
    /// zone up to 50 km from it.
    ///
    /// Returns the remaining lines as coordinate lists (new end points where the route enters or
    /// leaves the zone are unprojected; other vertices come back within 10⁻¹² degrees). Pieces come
    /// in GEOS's output order, which keeps the direction of travel within a piece. Consecutive
    /// repeated points are dropped; a segment of one (repeated) point is kept as that point when its
    /// geodesic distance to `center` exceeds the radius.
    /// - Throws: ``RouteGeometryError/invalidDistance(_:)``,
    ///   ``RouteGeometryError/invalidCoordinate(segment:index:latitude:longitude:)`` (segment -1) for
    ///   an invalid centre, ``RouteGeometryError/geos(operation:messages:)``.
    /// - Complexity: O(n log n) in GEOS's overlay, plus one GEOS context and one PROJ transformation.
    public func removingZone(around center: GeoCoordinate, radiusMeters: Double, quadrantSegments: Int = 16) throws(RouteGeometryError) -> [[GeoCoordinate]] {
        guard radiusMeters.isFinite, radiusMeters >= 0 else { throw .invalidDistance(radiusMeters) }
        guard center.latitude.isFinite, center.longitude.isFinite, abs(center.latitude) <= 90 else {
            throw .invalidCoordinate(segment: -1, index: 0, latitude: center.latitude, longitude: center.longitude)
        }
        var result: [[GeoCoordinate]] = []
        var lines: [(x: [Double], y: [Double])] = []
        for s in segments.indices where !segments[s].isEmpty {
            let line = deduplicated(s)
            if line.x.count >= 2 {
                lines.append(line)
            } else if Ellipsoid.wgs84.distanceMeters(from: segments[s][0], to: center) > radiusMeters {
                result.append([segments[s][0]])
            }
        }
        let context = try GEOSContext()
        guard let geometry = try makeGeometry(in: context, lines: lines), let projection = try makeProjection() else { return result }
        let c = projection.project(center)
        guard c.x.isFinite, c.y.isFinite else { throw .projection(.invalidCoordinate(latitude: center.latitude, longitude: center.longitude)) }
        let quadrants = Swift.max(1, Swift.min(quadrantSegments, 1024))
        let bufferRadius = radiusMeters / cos(Double.pi / Double(4 * quadrants))
        let point = try context.own(GEOSGeom_createPointFromXY_r(context.handle, c.x, c.y), operation: "GEOSGeom_createPointFromXY_r")
        let zone = try context.own(GEOSBuffer_r(context.handle, point.pointer, bufferRadius, Int32(quadrants)), operation: "GEOSBuffer_r")
        let remaining = try context.own(GEOSDifference_r(context.handle, geometry.pointer, zone.pointer), operation: "GEOSDifference_r")
        for line in try context.lineCoordinates(of: remaining.pointer) {
            let back = projection.unproject(x: line.x, y: line.y)
            result.append(zip(back.latitudes, back.longitudes).map { GeoCoordinate(latitude: $0, longitude: $1) })
        }
        return result
    }
}
