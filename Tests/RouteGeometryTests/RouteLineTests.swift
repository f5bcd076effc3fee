import Foundation
import Geodesy
@testable import RouteGeometry
import TestSupport
import Testing

@Test func geosErrorHandlerCapturesMessages() throws {
    let context = try GEOSContext()
    do {
        _ = try context.geometry(fromWKT: "LINESTRING (0 0, 1")
        Issue.record("malformed WKT was accepted")
    } catch {
        guard case .geos(let operation, let messages) = error else { Issue.record("wrong error \(error)"); return }
        #expect(operation == "GEOSWKTReader_read_r")
        #expect(messages.count == 1)
        #expect(error.description.contains("ParseException") || !messages[0].isEmpty)
    }
    #expect(context.errors.count == 1)
    // The same context still works after an error.
    let line = try context.geometry(fromWKT: "LINESTRING (0 0, 3 4)")
    let coordinates = try context.lineCoordinates(of: line.pointer)
    #expect(coordinates.count == 1 && coordinates[0].x == [0, 3] && coordinates[0].y == [0, 4])
    #expect(context.errors.count == 1)
}

@Test func boundsOfAKnownSet() throws {
    let route = try RouteLine(segments: [[GeoCoordinate(latitude: 47.1, longitude: 8.2), GeoCoordinate(latitude: 47.3, longitude: 8.1)],
                                         [GeoCoordinate(latitude: 46.9, longitude: 8.6)]])
    #expect(route.bounds == GeoBounds(minLatitude: 46.9, minLongitude: 8.1, maxLatitude: 47.3, maxLongitude: 8.6))
    let center = try #require(route.projectionCenter)
    #expect(abs(center.latitude - 47.1) < 1e-12 && abs(center.longitude - 8.35) < 1e-12)
    #expect(try RouteLine(segments: []).bounds == nil)
    #expect(try RouteLine(segments: [[], []]).bounds == nil)
    #expect(try RouteLine(segments: [[], []]).simplified().segments == [[], []])
    #expect(try RouteLine(segments: []).projectedLengthMeters() == 0)
    let parallel = try RouteLine(latitudes: [[47.1, 47.3], [46.9]], longitudes: [[8.2, 8.1], [8.6]])
    #expect(parallel.bounds == route.bounds)
}

@Test func invalidInputIsReportedWithItsPlace() {
    #expect(throws: RouteGeometryError.invalidCoordinate(segment: 1, index: 0, latitude: 91, longitude: 0)) {
        try RouteLine(segments: [[GeoCoordinate(latitude: 0, longitude: 0)], [GeoCoordinate(latitude: 91, longitude: 0)]])
    }
    #expect(throws: RouteGeometryError.mismatchedCounts(segment: 0, latitudes: 2, longitudes: 1)) {
        try RouteLine(latitudes: [[1, 2]], longitudes: [[1]])
    }
    #expect(throws: RouteGeometryError.invalidDistance(-1)) {
        try RouteLine(segments: [[GeoCoordinate(latitude: 0, longitude: 0), GeoCoordinate(latitude: 0, longitude: 1)]]).simplified(toleranceMeters: -1)
    }
}

@Test func simplifyingTheSampleRunNeverLengthensKeepsEndpointsAndStaysWithinTolerance() throws {
    let segments = try trackSegments("run-garmin-connect-hr-cadence.gpx")
    let route = try RouteLine(segments: segments)
    let projection = try LocalProjection(center: try #require(route.projectionCenter))
    for tolerance in [0.0, 1, 5, 20, 100] {
        let simplified = try route.simplified(toleranceMeters: tolerance)
        #expect(simplified.segments.count == segments.count)
        for (original, result) in zip(segments, simplified.segments) where original.count >= 2 {
            #expect(result.first == original.first && result.last == original.last)
            #expect(geodesicLengthMeters(result) <= geodesicLengthMeters(original) * (1 + 1e-12))
            // Every removed vertex lies within the tolerance of the simplified line (planar frame).
            let line = result.map { projection.project($0) }
            for p in original.map({ projection.project($0) }) {
                let nearest = zip(line, line.dropFirst()).map { planarDistance(p, $0, $1) }.min() ?? 0
                #expect(nearest <= tolerance + 1e-6)
            }
        }
        if tolerance == 5 { #expect(simplified.pointCount < simplified.originalPointCount / 2) }
    }
    #expect(try route.simplified().toleranceMeters == RouteLine.defaultSimplificationToleranceMeters)
}

@Test func projectedLengthAgreesWithTheGeodesicLength() throws {
    let segments = try trackSegments("run-garmin-connect-hr-cadence.gpx")
    let geodesic = segments.reduce(0) { $0 + geodesicLengthMeters($1) }
    let planar = try RouteLine(segments: segments).projectedLengthMeters()
    #expect(planar.isApproximatelyEqual(to: geodesic, relativeTolerance: 1e-5))
}

@Test func collinearPointsReduceToTwo() throws {
    // Points along a meridian and along an oblique geodesic through the centre.
    let meridian = (0...100).map { GeoCoordinate(latitude: 45 + Double($0) * 1e-4, longitude: 7) }
    #expect(try RouteLine(segments: [meridian]).simplified(toleranceMeters: 0.01).segments == [[meridian.first!, meridian.last!]])
    let start = GeoCoordinate(latitude: -33.9, longitude: 151.2)
    let oblique = (0...100).map { Ellipsoid.wgs84.direct(from: start, azimuthDegrees: 57, distanceMeters: Double($0) * 20).coordinate }
    #expect(try RouteLine(segments: [oblique]).simplified(toleranceMeters: 0.5).segments[0].count == 2)
}

@Test func toleranceZeroKeepsEveryNonDuplicatePoint() throws {
    var rng = SplitMix64(seed: 5)
    var points: [GeoCoordinate] = []
    for _ in 0..<300 {
        let p = GeoCoordinate(latitude: 60 + .random(in: 0...0.05, using: &rng), longitude: 10 + .random(in: 0...0.05, using: &rng))
        points.append(p)
        if Int.random(in: 0..<5, using: &rng) == 0 { points.append(p) }  // a consecutive duplicate
    }
    var unique: [GeoCoordinate] = []
    for p in points where unique.last != p { unique.append(p) }
    #expect(unique.count < points.count)
    let simplified = try RouteLine(segments: [points]).simplified(toleranceMeters: 0)
    #expect(simplified.segments[0] == unique)
}

@Test func zigZagWithinToleranceCollapses() throws {
    let start = GeoCoordinate(latitude: 51.5, longitude: -0.12)
    var zigZag: [GeoCoordinate] = []
    for i in 0...200 {
        let along = Ellipsoid.wgs84.direct(from: start, azimuthDegrees: 90, distanceMeters: Double(i) * 10).coordinate
        zigZag.append(Ellipsoid.wgs84.direct(from: along, azimuthDegrees: 0, distanceMeters: i.isMultiple(of: 2) ? 1.5 : -1.5).coordinate)
    }
    let simplified = try RouteLine(segments: [zigZag]).simplified(toleranceMeters: 5)
    #expect(simplified.segments[0].count == 2)
    let kept = try RouteLine(segments: [zigZag]).simplified(toleranceMeters: 1)
    #expect(kept.segments[0].count == zigZag.count)
}

@Test func singlePointSegmentsAreKeptButFormNoLine() throws {
    let a = GeoCoordinate(latitude: 1, longitude: 1)
    let line = [GeoCoordinate(latitude: 1.001, longitude: 1), GeoCoordinate(latitude: 1.002, longitude: 1.001), GeoCoordinate(latitude: 1.003, longitude: 1)]
    let route = try RouteLine(segments: [[a], line])
    let simplified = try route.simplified(toleranceMeters: 1)
    #expect(simplified.segments[0] == [a])
    #expect(simplified.segments[1] == line)
    #expect(try RouteLine(segments: [[a]]).projectedLengthMeters() == 0)
}

@Test func privacyZoneRemovesEverythingWithinTheRadius() throws {
    let center = GeoCoordinate(latitude: 0, longitude: 0)
    let line = (0...200).map { GeoCoordinate(latitude: 0.0001, longitude: -0.01 + Double($0) * 1e-4) }
    let route = try RouteLine(segments: [line, [GeoCoordinate(latitude: 0, longitude: 0.0001)]])
    let pieces = try route.removingZone(around: center, radiusMeters: 200)
    #expect(pieces.count == 2)
    for piece in pieces {
        for p in piece { #expect(Ellipsoid.wgs84.distanceMeters(from: p, to: center) >= 200 - 1e-6) }
    }
    let remaining = pieces.reduce(0) { $0 + geodesicLengthMeters($1) }
    // The chord through the zone is 2 × sqrt(200² − 11.06²) ≈ 399.4 m (the line passes 11.06 m north of
    // the centre); the polygon circumscribes the circle, so up to 0.2 % more is removed.
    let expectedRemoved = 2 * (200.0 * 200 - 11.06 * 11.06).squareRoot()
    #expect(abs((geodesicLengthMeters(line) - remaining) - expectedRemoved) < 2)
    // Direction of travel is kept: the western piece starts at the route's start.
    let west = try #require(pieces.first { $0.first!.longitude < 0 })
    #expect(abs(west.first!.longitude - line.first!.longitude) < 1e-12)
    // A zone away from the route leaves it whole.
    let far = try route.removingZone(around: GeoCoordinate(latitude: 1, longitude: 1), radiusMeters: 500)
    #expect(far.count == 2)
    #expect(try route.removingZone(around: center, radiusMeters: 0).count == 2)
    // A segment of one repeated point is a point, not a degenerate line.
    let stationary = try RouteLine(segments: [[GeoCoordinate(latitude: 0, longitude: 0.01), GeoCoordinate(latitude: 0, longitude: 0.01)]])
    #expect(try stationary.removingZone(around: center, radiusMeters: 100) == [[GeoCoordinate(latitude: 0, longitude: 0.01)]])
    #expect(try stationary.removingZone(around: center, radiusMeters: 5000).isEmpty)
    #expect(try stationary.simplified().segments == [[GeoCoordinate(latitude: 0, longitude: 0.01)]])
}

@Test func operationsRunConcurrently() async throws {
    let route = try RouteLine(segments: try trackSegments("run-garmin-connect-hr-cadence.gpx"))
    let counts = try await withThrowingTaskGroup(of: Int.self) { group in
        for _ in 0..<8 { group.addTask { try route.simplified().pointCount } }
        var counts: [Int] = []
        for try await c in group { counts.append(c) }
        return counts
    }
    #expect(Set(counts).count == 1)
}

/// Any valid route can be simplified (issue 13): one spanning 175° of longitude (no single transverse
/// Mercator frame holds it), one crossing the antimeridian, one circling a pole. Every vertex stays within
/// the tolerance of the result, measured in an azimuthal equidistant frame centred on the vertex.
@Test(arguments: ["wide", "antimeridian", "pole"])
func everyValidRouteSimplifiesWithinItsTolerance(_ kind: String) throws {
    var points: [GeoCoordinate] = []
    switch kind {
    case "wide":
        // A great-circle-ish flight along the equator, a fix every 0.05° (5.6 km) from -87.5° to 87.5°.
        points = (0...3500).map { GeoCoordinate(latitude: 2 * sin(Double($0) / 300), longitude: -87.5 + Double($0) * 0.05) }
    case "antimeridian":
        points = (0...2000).map { GeoCoordinate(latitude: 10 + 0.001 * sin(Double($0) / 50), longitude: ((179 + Double($0) * 0.001 + 180).truncatingRemainder(dividingBy: 360)) - 180) }
    default:
        points = (0...2000).map { GeoCoordinate(latitude: 89.999, longitude: (Double($0) * 0.7).truncatingRemainder(dividingBy: 360) - 180) }
    }
    let route = try RouteLine(segments: [points])
    let tolerance = kind == "wide" ? 2_000.0 : 5.0
    let simplified = try route.simplified(toleranceMeters: tolerance).segments[0]
    #expect(simplified.first == points.first && simplified.last == points.last)
    #expect(simplified.count < points.count)
    #expect(try route.projectedLengthMeters() > 0)
    var worst = 0.0
    for point in points {
        let frame = try LocalProjection(center: point)
        let projected = simplified.map { frame.project($0) }
        let nearest = zip(projected, projected.dropFirst()).map { a, b -> Double in
            let bx = b.x - a.x, by = b.y - a.y
            let lengthSquared = bx * bx + by * by
            let t = lengthSquared == 0 ? 0 : max(0, min(1, (-a.x * bx - a.y * by) / lengthSquared))
            return hypot(a.x + t * bx, a.y + t * by)
        }.min() ?? 0
        worst = max(worst, nearest)
    }
    // The frames of the simplification and of the check differ by their scale errors (up to 1e-3 relative
    // across a 5 000 km window, well within 2 % of the tolerance for the wide route).
    #expect(worst <= tolerance * 1.02, "a vertex lies \(worst) m from the simplified line")
}
