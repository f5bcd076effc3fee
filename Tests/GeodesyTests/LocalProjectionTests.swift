import Foundation
@testable import Geodesy
import TestSupport
import Testing

@Test func roundTripWithinANanodegree() throws {
    var rng = SplitMix64(seed: 3)
    for center in [GeoCoordinate(latitude: 37.24, longitude: -121.97), GeoCoordinate(latitude: -54.8, longitude: -68.3),
                   GeoCoordinate(latitude: 89.99, longitude: 10), GeoCoordinate(latitude: 0, longitude: 180)] {
        let projection = try LocalProjection(center: center)
        for _ in 0..<200 {
            let point = Ellipsoid.wgs84.direct(from: center, azimuthDegrees: .random(in: -180...180, using: &rng),
                                               distanceMeters: .random(in: 0...50_000, using: &rng)).coordinate
            let (x, y) = projection.project(point)
            let back = projection.unproject(x: x, y: y)
            #expect(abs(back.latitude - point.latitude) < 1e-9)
            var dLon = abs(back.longitude - point.longitude)
            if dLon > 180 { dLon = 360 - dLon }
            #expect(dLon * cos(point.latitude * .pi / 180) < 1e-9)
        }
    }
}

@Test func projectedDistancesMatchGeodesicsWithinATenthOfAPercent() throws {
    let center = GeoCoordinate(latitude: 47.0, longitude: 8.5)
    let projection = try LocalProjection(center: center)
    var rng = SplitMix64(seed: 11)
    for _ in 0..<500 {
        let a = Ellipsoid.wgs84.direct(from: center, azimuthDegrees: .random(in: -180...180, using: &rng),
                                       distanceMeters: .random(in: 0...10_000, using: &rng)).coordinate
        let b = Ellipsoid.wgs84.direct(from: center, azimuthDegrees: .random(in: -180...180, using: &rng),
                                       distanceMeters: .random(in: 0...10_000, using: &rng)).coordinate
        let pa = projection.project(a), pb = projection.project(b)
        let planar = hypot(pa.x - pb.x, pa.y - pb.y)
        let geodesic = Ellipsoid.wgs84.distanceMeters(from: a, to: b)
        #expect(planar.isApproximatelyEqual(to: geodesic, relativeTolerance: 1e-3, absoluteTolerance: 1e-6))
    }
}

/// Azimuthal equidistant: the distance and azimuth from the centre are the geodesic ones. The
/// reference is GeographicLib's `GeodSolve -i -p 9` (independent of PROJ), run here.
@Test func distanceAndAzimuthFromTheCentreMatchGeodSolve() throws {
    let center = GeoCoordinate(latitude: 37.2417, longitude: -121.9723)
    let points = [GeoCoordinate(latitude: 37.30, longitude: -121.90), GeoCoordinate(latitude: 37.20, longitude: -122.05),
                  GeoCoordinate(latitude: 37.2417, longitude: -121.9723)]
    let input = points.map { "\(center.latitude) \(center.longitude) \($0.latitude) \($0.longitude)\n" }.joined()
    let result = try runProcess("GeodSolve", ["-i", "-p", "9"], input: input)
    try #require(result.status == 0)
    let rows = numberRows(result.standardOutput)
    try #require(rows.count == points.count)
    let projection = try LocalProjection(center: center)
    for (point, row) in zip(points, rows) {
        let (x, y) = projection.project(point)
        #expect(hypot(x, y).isApproximatelyEqual(to: row[2], relativeTolerance: 1e-12, absoluteTolerance: 1e-8))
        if row[2] > 0 {
            #expect(abs(atan2(x, y) * 180 / .pi - row[0]) < 1e-9)
        }
    }
}

/// The same projection through PROJ's `proj` CLI (input `lon lat`, output `x y`).
@Test func projectedPointsMatchTheProjCLI() throws {
    let center = GeoCoordinate(latitude: 37.2417, longitude: -121.9723)
    let track = try trackPoints("run-garmin-connect-hr-cadence.gpx")
    let sampleIndices = Array(stride(from: 0, to: track.latitudes.count, by: 97))
    let input = sampleIndices.map { "\(track.longitudes[$0]) \(track.latitudes[$0])\n" }.joined()
    let result = try runProcess("proj", ["-f", "%.9f", "+proj=aeqd", "+lat_0=37.2417", "+lon_0=-121.9723", "+ellps=WGS84"], input: input)
    try #require(result.status == 0)
    let rows = numberRows(result.standardOutput)
    try #require(rows.count == sampleIndices.count)
    let projection = try LocalProjection(center: center)
    let batch = projection.project(latitudes: sampleIndices.map { track.latitudes[$0] }, longitudes: sampleIndices.map { track.longitudes[$0] })
    for (k, i) in sampleIndices.enumerated() {
        let single = projection.project(GeoCoordinate(latitude: track.latitudes[i], longitude: track.longitudes[i]))
        #expect(abs(single.x - rows[k][0]) < 1e-6 && abs(single.y - rows[k][1]) < 1e-6)
        #expect(batch.x[k] == single.x && batch.y[k] == single.y)
    }
    let back = projection.unproject(x: batch.x, y: batch.y)
    for (k, i) in sampleIndices.enumerated() {
        #expect(abs(back.latitudes[k] - track.latitudes[i]) < 1e-9 && abs(back.longitudes[k] - track.longitudes[i]) < 1e-9)
    }
}

@Test func fittingCentresOnTheBoundsTheShortWayRound() throws {
    let plain = try LocalProjection(fitting: [10, 12, 11], longitudes: [20, 21, 24])
    #expect(plain.center == GeoCoordinate(latitude: 11, longitude: 22))
    let across = try LocalProjection(fitting: [-17, -16], longitudes: [179.9, -179.7])
    #expect(abs(across.center.longitude - 180.1).truncatingRemainder(dividingBy: 360) < 1e-9 || abs(across.center.longitude + 179.9) < 1e-9)
    // Both points project within a few tens of kilometres of the centre.
    let p = across.project(GeoCoordinate(latitude: -17, longitude: 179.9))
    #expect(hypot(p.x, p.y) < 60_000)
    // Invalid points are ignored.
    let skipping = try LocalProjection(fitting: [.nan, 95, 1], longitudes: [0, 0, 2])
    #expect(skipping.center == GeoCoordinate(latitude: 1, longitude: 2))
}

@Test func tinyCentreValuesPrintWithExponentsAndStillParse() throws {
    let projection = try LocalProjection(center: GeoCoordinate(latitude: 1e-5, longitude: -2e-7))
    let origin = projection.project(GeoCoordinate(latitude: 1e-5, longitude: -2e-7))
    #expect(abs(origin.x) < 1e-9 && abs(origin.y) < 1e-9)
}

@Test func errorsAreTypedAndCarryPROJText() {
    #expect(throws: GeodesyError.invalidCoordinate(latitude: 91, longitude: 0)) { try LocalProjection(center: .init(latitude: 91, longitude: 0)) }
    #expect(throws: GeodesyError.emptyInput) { try LocalProjection(fitting: [], longitudes: []) }
    #expect(throws: GeodesyError.mismatchedCounts(latitudes: 1, longitudes: 0)) { try LocalProjection(fitting: [1], longitudes: []) }
    do {
        _ = try LocalProjection(center: .init(latitude: 0, longitude: 0), definition: "+proj=doesnotexist +ellps=WGS84")
        Issue.record("expected a PROJ error")
    } catch {
        guard case .proj(let code, let message, _) = error else { Issue.record("wrong error \(error)"); return }
        #expect(code != 0)
        #expect(!message.isEmpty)
        #expect(error.description.contains("PROJ error"))
    }
}

@Test func unprojectableInputDoesNotTrap() throws {
    let projection = try LocalProjection(center: .init(latitude: 45, longitude: 7))
    let bad = projection.project(GeoCoordinate(latitude: 100, longitude: 7))
    #expect(!bad.x.isFinite || !bad.y.isFinite)
    let batch = projection.project(latitudes: [45, .nan, 45.01], longitudes: [7, 7, 7])
    #expect(batch.x.count == 3)
    #expect(batch.y[0] == 0 || abs(batch.y[0]) < 1e-9)
    #expect(batch.y[2] > 1000)
}

/// A projection leaves PROJ's database closed: its definitions need nothing from `proj.db`, and opening
/// it is most of a process's PROJ start-up. Linux lists the process's open files in `/proc/self/fd`.
@Test func aProjectionOpensNoDatabase() throws {
    let projection = try LocalProjection(center: GeoCoordinate(latitude: 47.37, longitude: 8.54), method: .transverseMercator)
    let (x, y) = projection.project(GeoCoordinate(latitude: 47.38, longitude: 8.55))
    #expect(x > 0 && y > 0)
    let descriptors = try FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")
    let targets = descriptors.compactMap { try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/" + $0) }
    #expect(!targets.isEmpty)
    #expect(!targets.contains { $0.hasSuffix("proj.db") }, "open files: \(targets)")
}
