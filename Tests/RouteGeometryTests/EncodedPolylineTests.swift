import TestSupport
import Geodesy
import RouteGeometry
import Testing

/// Google's worked example, https://developers.google.com/maps/documentation/utilities/polylinealgorithm
/// ("Points: (38.5, -120.2), (40.7, -120.95), (43.252, -126.453) → _p~iF~ps|U_ulLnnqC_mqNvxq`@").
@Test func encodesGooglesPublishedExample() throws {
    let points = [GeoCoordinate(latitude: 38.5, longitude: -120.2), GeoCoordinate(latitude: 40.7, longitude: -120.95),
                  GeoCoordinate(latitude: 43.252, longitude: -126.453)]
    #expect(EncodedPolyline.encode(points) == "_p~iF~ps|U_ulLnnqC_mqNvxq`@")
    let decoded = try EncodedPolyline.decode("_p~iF~ps|U_ulLnnqC_mqNvxq`@")
    #expect(decoded.count == 3)
    for (a, b) in zip(decoded, points) {
        #expect(abs(a.latitude - b.latitude) < 1e-12 && abs(a.longitude - b.longitude) < 1e-12)
    }
}

/// The same page's single-value walk-through: -179.9832104 encodes as "`~oia@" (and 0 as "?").
@Test func encodesGooglesSingleValueExample() throws {
    #expect(EncodedPolyline.encode([GeoCoordinate(latitude: -179.9832104, longitude: 0)]) == "`~oia@?")
}

@Test func roundsHalfAwayFromZero() throws {
    // With precision 0, 2.5 → 3 and -2.5 → -3 (banker's rounding would give 2 and -2).
    let decoded = try EncodedPolyline.decode(EncodedPolyline.encode([GeoCoordinate(latitude: 2.5, longitude: -2.5)], precision: 0), precision: 0)
    #expect(decoded == [GeoCoordinate(latitude: 3, longitude: -3)])
}

@Test(arguments: [5, 6])
func randomRoundTrips(precision: Int) throws {
    var rng = SplitMix64(seed: UInt64(precision))
    var points: [GeoCoordinate] = []
    for _ in 0..<2000 {
        points.append(GeoCoordinate(latitude: .random(in: -90...90, using: &rng), longitude: .random(in: -180...180, using: &rng)))
    }
    let decoded = try EncodedPolyline.decode(EncodedPolyline.encode(points, precision: precision), precision: precision)
    #expect(decoded.count == points.count)
    let tolerance = precision == 5 ? 1e-5 : 1e-6
    for (a, b) in zip(decoded, points) {
        #expect(abs(a.latitude - b.latitude) <= tolerance / 2 + 1e-12)
        #expect(abs(a.longitude - b.longitude) <= tolerance / 2 + 1e-12)
    }
    // Differences of rounded values: no drift along a long line.
    #expect(abs(decoded.last!.latitude - points.last!.latitude) <= tolerance / 2 + 1e-12)
}

@Test func malformedStringsThrow() {
    #expect(throws: EncodedPolylineError.truncated(offset: 22)) { try EncodedPolyline.decode("_p~iF~ps|U_ulLnnqC_mqNvxq`") }
    #expect(throws: EncodedPolylineError.invalidCharacter(offset: 2, byte: 32)) { try EncodedPolyline.decode("_p iF") }
    #expect(throws: EncodedPolylineError.missingLongitude(pointIndex: 0)) { try EncodedPolyline.decode("_p~iF") }
    #expect(throws: EncodedPolylineError.unsupportedPrecision(12)) { try EncodedPolyline.decode("??", precision: 12) }
    #expect(throws: EncodedPolylineError.valueTooLarge(offset: 0)) { try EncodedPolyline.decode(String(repeating: "~", count: 20)) }
    #expect(throws: EncodedPolylineError.invalidCharacter(offset: 0, byte: 0xC3)) { try EncodedPolyline.decode("é") }
    #expect((try? EncodedPolyline.decode("")) == [])
}

@Test func randomBytesNeverTrap() {
    var rng = SplitMix64(seed: 99)
    for _ in 0..<5000 {
        let length = Int.random(in: 0...40, using: &rng)
        let bytes = (0..<length).map { _ in UInt8.random(in: 60...128, using: &rng) }
        _ = try? EncodedPolyline.decode(String(decoding: bytes, as: UTF8.self), precision: Int.random(in: -1...10, using: &rng))
    }
}

@Test func unrepresentableCoordinatesAreSkipped() {
    let points = [GeoCoordinate(latitude: 38.5, longitude: -120.2), GeoCoordinate(latitude: .nan, longitude: 0),
                  GeoCoordinate(latitude: 1e300, longitude: 0), GeoCoordinate(latitude: 40.7, longitude: -120.95),
                  GeoCoordinate(latitude: 43.252, longitude: -126.453)]
    #expect(EncodedPolyline.encode(points) == "_p~iF~ps|U_ulLnnqC_mqNvxq`@")
    #expect(EncodedPolyline.encode([GeoCoordinate(latitude: 1, longitude: 1)], precision: 99) == EncodedPolyline.encode([GeoCoordinate(latitude: 1, longitude: 1)], precision: 9))
}
