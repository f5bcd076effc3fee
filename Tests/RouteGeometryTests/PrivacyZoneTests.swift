import Foundation
import Geodesy
import RouteGeometry
import Testing
import TestSupport

/// `RouteLine.runsOutside(_:)`: points are left out by their geodesic distance to each zone's centre,
/// which PROJ's `geod` (an independent program) gives here.
@Test func runsOutsideLeaveOutExactlyThePointsWithinAZone() throws {
    let center = GeoCoordinate(latitude: 47.37, longitude: 8.54)
    // A route leaving the centre due east, a point every 20 m from 0 to 2000 m (geod's direct problem),
    // then coming back to it due north.
    let out = try GeodReference.directPoints(latitude: center.latitude, longitude: center.longitude, azimuthDegrees: 90,
                                             distancesMeters: stride(from: 0.0, through: 2000, by: 20).map { $0 })
    let back = try GeodReference.directPoints(latitude: center.latitude, longitude: center.longitude, azimuthDegrees: 0,
                                              distancesMeters: stride(from: 2000.0, through: 0, by: -20).map { $0 })
    let points = (out + back).map { GeoCoordinate(latitude: $0.latitude, longitude: $0.longitude) }
    let route = try RouteLine(segments: [points])
    let zone = PrivacyZone(center: center, radiusMeters: 510)
    let runs = try route.runsOutside([zone])
    // From the first exit (the point 520 m out) to the last entry (520 m before the end, on the way back).
    // The line from 2000 m east to 2000 m north passes 1414 m from the centre: one run.
    #expect(runs == [[26..<(101 + 75)]])
    let kept = runs[0].flatMap { Array(points[$0]) }
    var latitudes: [Double] = [], longitudes: [Double] = []
    for point in kept { latitudes += [center.latitude, point.latitude]; longitudes += [center.longitude, point.longitude] }
    let distances = try GeodReference.inverseDistancesMeters(latitudes: latitudes, longitudes: longitudes)
    #expect(stride(from: 0, to: distances.count, by: 2).allSatisfy { distances[$0] > 510 })
    #expect(zone.contains(points[25]))
    #expect(!zone.contains(points[26]))
    // No zone: the route as it is; a zone far away: the same.
    #expect(try route.runsOutside([]) == [[0..<points.count]])
    #expect(try route.runsOutside([PrivacyZone(center: GeoCoordinate(latitude: -33, longitude: 151), radiusMeters: 500)]) == [[0..<points.count]])
}

@Test func aLineAcrossAZoneIsCutEvenWhenNoPointIsInside() throws {
    let center = GeoCoordinate(latitude: 0, longitude: 0)
    // Two fixes 600 m west and east of the centre: no point within 200 m, but the line between them passes
    // through the zone, so they are two pieces.
    let west = try #require(try GeodReference.directPoints(latitude: 0, longitude: 0, azimuthDegrees: 270, distancesMeters: [600]).first)
    let east = try #require(try GeodReference.directPoints(latitude: 0, longitude: 0, azimuthDegrees: 90, distancesMeters: [600]).first)
    let route = try RouteLine(segments: [[GeoCoordinate(latitude: west.latitude, longitude: west.longitude),
                                          GeoCoordinate(latitude: east.latitude, longitude: east.longitude)]])
    #expect(try route.runsOutside([PrivacyZone(center: center, radiusMeters: 200)]) == [[0..<1, 1..<2]])
    // Segments are kept apart; an invalid zone is an error.
    #expect(throws: RouteGeometryError.self) { try route.runsOutside([PrivacyZone(center: center, radiusMeters: -1)]) }
    #expect(throws: RouteGeometryError.self) { try route.runsOutside([PrivacyZone(center: GeoCoordinate(latitude: 91, longitude: 0), radiusMeters: 1)]) }
}

@Test func enlargingAZoneNeverShrinksIt() {
    let zone = PrivacyZone(center: GeoCoordinate(latitude: 1, longitude: 2), radiusMeters: 300)
    #expect(zone.enlarged(byFraction: 0.25).radiusMeters == 375)
    #expect(zone.enlarged(byFraction: -3).radiusMeters == 300)
    #expect(zone.enlarged(byFraction: 7).radiusMeters == 600)
    #expect(zone.enlarged(byFraction: .nan).radiusMeters == 300)
}
