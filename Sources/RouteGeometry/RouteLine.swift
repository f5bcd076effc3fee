import CGEOS
import Foundation
public import Geodesy

/// A route as geometry: one or more segments of coordinates (GPX `<trkseg>`s, or the pieces between
/// pauses), projected to local metric frames for GEOS operations.
///
/// Named `RouteLine` rather than `RouteGeometry` so the type never shadows its module's name.
///
/// The frames are ``/Geodesy/LocalProjection``s (transverse Mercator on WGS84, a quarter of the
/// azimuthal equidistant's cost per point; PROJ's approximate series for the pieces of at most 100 km
/// that simplification and length use), each centred on the piece of route it serves: a window of at
/// most `simplificationWindow` points for simplification and length, the zone's centre for a privacy
/// zone. Over a workout's extent a frame is nearly isometric (scale error about x²/(2R²): 1·10⁻⁶ at
/// 10 km, 3·10⁻⁵ at 50 km east or west of the centre), and because no frame serves more than its window,
/// any valid route can be handled: one crossing the antimeridian, spanning half the globe, or circling a
/// pole (a window too wide for one frame is halved until it fits). Lengths measured here are planar and
/// meant as a sanity figure: the geodesic distance of a workout comes from ``/Geodesy/Ellipsoid``.
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
    /// The centre of the route's bounds (the centre of the frame of a route that fits one window); `nil`
    /// for a route without points.
    public let projectionCenter: GeoCoordinate?

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
        guard minLat.isFinite else {
            bounds = nil
            projectionCenter = nil
            return
        }
        bounds = GeoBounds(minLatitude: minLat, minLongitude: minLon, maxLatitude: maxLat, maxLongitude: maxLon)
        projectionCenter = LocalProjection.boundsCenter(latitudes: latitudes.flatMap { $0 }, longitudes: longitudes.flatMap { $0 })
    }

    /// The number of points over all segments.
    public var pointCount: Int { segments.reduce(0) { $0 + $1.count } }

    /// Builds the GEOS geometry of lines given in a metric frame: a MultiLineString (of one line or
    /// more); `nil` for no line.
    private func makeGeometry(in context: GEOSContext, lines coordinates: [(x: [Double], y: [Double])]) throws(RouteGeometryError) -> GEOSGeometryHandle? {
        var lines: [GEOSGeometryHandle] = []
        for line in coordinates {
            lines.append(try context.lineString(x: line.x, y: line.y))
        }
        guard !lines.isEmpty else { return nil }
        return try context.multiLineString(lines)
    }

    /// Segment `s` without consecutive repeated points.
    private func deduplicated(_ s: Int) -> [GeoCoordinate] {
        let points = segments[s]
        var out: [GeoCoordinate] = []
        out.reserveCapacity(points.count)
        for point in points where out.last != point { out.append(point) }
        return out
    }

    /// A piece of route in a transverse Mercator frame centred on the piece's own bounds.
    private struct ProjectedPiece {
        var points: ArraySlice<GeoCoordinate>
        var x: [Double]
        var y: [Double]
    }

    /// `points` projected in frames of their own: the whole in one frame when it fits, else halved until
    /// each half fits (a piece of two points always does, unless they are antipodal). A frame fits when
    /// every point projects to finite metres within 100 km of its centre: there PROJ's approximate
    /// transverse Mercator is the exact one to within micrometres and twice as fast (the projection was
    /// a tenth of a summary's time with the exact one), and a window of 4 096 fixes at a rider's pace
    /// spans less; a sparse route (a planned one, a flight) is cut into more pieces, each keeping one
    /// vertex more.
    private static func projectInPieces(_ points: ArraySlice<GeoCoordinate>) throws(RouteGeometryError) -> [ProjectedPiece] {
        let latitudes = points.map(\.latitude), longitudes = points.map(\.longitude)
        guard let center = LocalProjection.boundsCenter(latitudes: latitudes, longitudes: longitudes) else {
            return []
        }
        let projection: LocalProjection
        do { projection = try LocalProjection(center: center, method: .approximateTransverseMercator) } catch { throw .projection(error) }
        let (x, y) = projection.project(latitudes: latitudes, longitudes: longitudes)
        let limit = 100_000.0
        let fits = zip(x, y).allSatisfy { $0.isFinite && $1.isFinite && abs($0) < limit && abs($1) < limit }
        if fits || points.count <= 2 {
            guard fits else {
                // Two points no frame holds (nearly antipodal): kept as they are.
                return [ProjectedPiece(points: points, x: [], y: [])]
            }
            return [ProjectedPiece(points: points, x: x, y: y)]
        }
        // Halves sharing their middle point, so the pieces join.
        let middle = points.startIndex + points.count / 2
        return try projectInPieces(points[...middle]) + projectInPieces(points[middle...])
    }

    // MARK: Operations

    /// The planar length in metres of all line segments, each window in its local frame (`GEOSLength_r`).
    ///
    /// A sanity figure only (it differs from the geodesic length by the frames' scale error, below
    /// 3·10⁻⁵ within 50 km of a frame's centre); use ``/Geodesy/Ellipsoid`` for a workout's distance.
    /// - Complexity: O(n), plus creating one GEOS context and a PROJ transformation per window.
    public func projectedLengthMeters() throws(RouteGeometryError) -> Double {
        let context = try GEOSContext()
        var total = 0.0
        for s in segments.indices {
            let points = deduplicated(s)
            guard points.count >= 2 else { continue }
            var start = 0
            while start < points.count - 1 {
                let end = Swift.min(start + Self.simplificationWindow - 1, points.count - 1)
                for piece in try Self.projectInPieces(points[start...end]) where piece.x.count >= 2 {
                    guard let geometry = try makeGeometry(in: context, lines: [(piece.x, piece.y)]) else { continue }
                    var length = 0.0
                    guard lazy_GEOSLength_r(context.handle, geometry.pointer, &length) != 0 else { throw context.failure("GEOSLength_r") }
                    total += length
                }
                start = end
            }
        }
        return total
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
        for s in segments.indices where segments[s].count >= 2 {
            // Consecutive repeated points are dropped first (GEOS's simplifier keeps them at tolerance 0).
            let points = deduplicated(s)
            guard points.count >= 2 else {
                result[s] = [segments[s][0]]
                continue
            }
            // Windows of at most `simplificationWindow` points, sharing their end points, each in its own
            // frame: GEOS holds one window at a time, Douglas–Peucker's cost stays O(n log w) on any route
            // (its worst case is quadratic in the points of one call), and a frame never serves more than
            // a window. A window boundary keeps one vertex more than a single pass would; the result is
            // still within the tolerance everywhere.
            var kept: [GeoCoordinate] = []
            var start = 0
            while start < points.count - 1 {
                let end = Swift.min(start + Self.simplificationWindow - 1, points.count - 1)
                for piece in try Self.projectInPieces(points[start...end]) {
                    let vertices = try simplify(piece, toleranceMeters: toleranceMeters, in: context)
                    // Every piece after the first repeats the previous piece's last point.
                    kept.append(contentsOf: vertices.dropFirst(kept.isEmpty ? 0 : 1))
                }
                start = end
            }
            result[s] = kept
        }
        return SimplifiedRoute(segments: result, toleranceMeters: toleranceMeters, originalPointCount: pointCount)
    }

    /// Douglas–Peucker (`GEOSSimplify_r`) of one projected piece; the kept vertices are original vertices,
    /// returned as the original coordinates (bit for bit).
    private func simplify(_ piece: ProjectedPiece, toleranceMeters: Double, in context: GEOSContext) throws(RouteGeometryError) -> [GeoCoordinate] {
        guard piece.x.count >= 2, let geometry = try makeGeometry(in: context, lines: [(piece.x, piece.y)]) else {
            return Array(piece.points)
        }
        let simplified = try context.own(lazy_GEOSSimplify_r(context.handle, geometry.pointer, toleranceMeters), operation: "GEOSSimplify_r")
        let lines = try context.lineCoordinates(of: simplified.pointer)
        guard lines.count == 1, let line = lines.first, !line.x.isEmpty else {
            throw .geos(operation: "GEOSSimplify_r", messages: ["expected 1 line, got \(lines.count)"] + context.errors)
        }
        // The vertices are a subsequence of the piece's, matched exactly in order.
        var out: [GeoCoordinate] = []
        out.reserveCapacity(line.x.count)
        var j = 0
        let original = Array(piece.points)
        for (px, py) in zip(line.x, line.y) {
            var k = j
            while k < piece.x.count, !(piece.x[k] == px && piece.y[k] == py) { k += 1 }
            guard k < piece.x.count else { continue }
            out.append(original[k])
            j = k + 1
        }
        return out
    }

    /// The route with every part within `radiusMeters` of `center` removed: a privacy zone around a
    /// home or a workplace (`GEOSBuffer_r` of the centre, then `GEOSDifference_r`).
    ///
    /// The circle is approximated by a polygon of `4 × quadrantSegments` sides *circumscribing* the
    /// circle (its radius is enlarged by 1/cos(π / (4 × quadrantSegments))), so every point within
    /// `radiusMeters` is removed, and at most 0.2 % more with the default 16. The distances are
    /// measured in a transverse Mercator frame centred on the zone, exact at its centre and within 10⁻⁶
    /// relative for a zone of 10 km; points the frame cannot hold (over 3 000 km away) are kept as they are.
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
        let projection: LocalProjection
        do { projection = try LocalProjection(center: center, method: .transverseMercator) } catch { throw .projection(error) }
        // The frame is the zone's own. Points it cannot hold (more than 3 000 km away, or past a quarter of
        // the globe) are far outside any zone: the line is cut there and they are kept as they are.
        var lines: [(x: [Double], y: [Double])] = []
        let limit = 3_000_000.0
        for s in segments.indices where !segments[s].isEmpty {
            let points = deduplicated(s)
            if points.count < 2 {
                if Ellipsoid.wgs84.distanceMeters(from: points[0], to: center) > radiusMeters { result.append(points) }
                continue
            }
            let (x, y) = projection.project(latitudes: points.map(\.latitude), longitudes: points.map(\.longitude))
            var runX: [Double] = [], runY: [Double] = []
            var runStart = 0
            func closeRun() {
                if runX.count >= 2 {
                    lines.append((runX, runY))
                } else if runX.count == 1, Ellipsoid.wgs84.distanceMeters(from: points[runStart], to: center) > radiusMeters {
                    result.append([points[runStart]])
                }
                runX = []
                runY = []
            }
            for i in points.indices {
                if x[i].isFinite, y[i].isFinite, abs(x[i]) < limit, abs(y[i]) < limit {
                    if runX.isEmpty { runStart = i }
                    runX.append(x[i])
                    runY.append(y[i])
                } else {
                    closeRun()
                    result.append([points[i]])
                }
            }
            closeRun()
        }
        let context = try GEOSContext()
        guard let geometry = try makeGeometry(in: context, lines: lines) else { return result }
        let quadrants = Swift.max(1, Swift.min(quadrantSegments, 1024))
        let bufferRadius = radiusMeters / cos(Double.pi / Double(4 * quadrants))
        let point = try context.own(lazy_GEOSGeom_createPointFromXY_r(context.handle, 0, 0), operation: "GEOSGeom_createPointFromXY_r")
        let zone = try context.own(lazy_GEOSBuffer_r(context.handle, point.pointer, bufferRadius, Int32(quadrants)), operation: "GEOSBuffer_r")
        let remaining = try context.own(lazy_GEOSDifference_r(context.handle, geometry.pointer, zone.pointer), operation: "GEOSDifference_r")
        for line in try context.lineCoordinates(of: remaining.pointer) {
            let back = projection.unproject(x: line.x, y: line.y)
            var piece: [GeoCoordinate] = []
            for (latitude, longitude) in zip(back.latitudes, back.longitudes) {
                let coordinate = GeoCoordinate(latitude: latitude, longitude: longitude)
                if piece.last != coordinate { piece.append(coordinate) }
            }
            result.append(piece)
        }
                return result
    }
}
