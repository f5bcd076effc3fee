import Testing
@testable import Geodesy

/// PROJ is opened at run time (``PROJLibrary``): here it is the system's, and nothing failed.
@Suite struct PROJLibraryTests {
    @Test func theSystemsPROJOpensAndAnswers() throws {
        try PROJLibrary.check()
        #expect(PROJLibrary.failure == nil)
        // A figure through it (geod's worked example, JFK to SIN: 15 347 512.941 m), then still no failure used.
        let meters = Ellipsoid.wgs84.distanceMeters(latitude1: 40.64, longitude1: -73.78, latitude2: 1.36, longitude2: 103.99)
        #expect(abs(meters - 15_347_512.941) < 0.001)
        #expect(PROJLibrary.failureAfterUse == nil)
    }

    @Test func startingToLoadAgainChangesNothing() throws {
        PROJLibrary.startLoading()
        PROJLibrary.startLoading()
        try PROJLibrary.check()
        _ = try LocalProjection(center: GeoCoordinate(latitude: 46.5, longitude: 7.5))
        #expect(PROJLibrary.failureAfterUse == nil)
    }
}
