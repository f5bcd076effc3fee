import Foundation
import Geodesy
@testable import RouteGeometry
import Testing
import TestSupport

private func parse(_ text: String) throws -> [String: Any] {
    try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
}

@Test func lineStringFeatureHasLongitudeFirst() throws {
    let segment = [GeoCoordinate(latitude: 37.2417381, longitude: -121.9723242), GeoCoordinate(latitude: 37.2417127, longitude: -121.9723278)]
    let text = GeoJSON.lineFeature(segments: [segment], altitudes: [[104, nil]], properties: ["name": "casual \"stroll\"\n\u{01}", "points": 2, "ok": true, "none": nil])
    let object = try parse(text)
    #expect(object["type"] as? String == "Feature")
    let geometry = try #require(object["geometry"] as? [String: Any])
    #expect(geometry["type"] as? String == "LineString")
    let coordinates = try #require(geometry["coordinates"] as? [[Double]])
    #expect(coordinates == [[-121.9723242, 37.2417381, 104], [-121.9723278, 37.2417127]])
    let properties = try #require(object["properties"] as? [String: Any])
    #expect(properties["name"] as? String == "casual \"stroll\"\n\u{01}")
    #expect(properties["points"] as? Int == 2)
    #expect(properties["ok"] as? Bool == true)
    #expect(properties["none"] is NSNull)
}

@Test func severalSegmentsMakeAMultiLineString() throws {
    let a = [GeoCoordinate(latitude: 1e-9, longitude: -0.00000001), GeoCoordinate(latitude: 2, longitude: 3)]
    let b = [GeoCoordinate(latitude: 4, longitude: 5), GeoCoordinate(latitude: 6, longitude: 179.123456789)]
    let text = GeoJSON.lineFeature(segments: [a, [GeoCoordinate(latitude: 9, longitude: 9)], b])
    let geometry = try #require(try parse(text)["geometry"] as? [String: Any])
    #expect(geometry["type"] as? String == "MultiLineString")
    let lines = try #require(geometry["coordinates"] as? [[[Double]]])
    #expect(lines == [[[0, 0], [3, 2]], [[5, 4], [179.1234568, 6]]])
    #expect(!text.contains("e-") && !text.contains("e+"))  // fixed notation, no exponent
}

/// A segment of one position is no line (RFC 7946 §3.1.4); when no segment has a line, the positions are
/// the geometry, so a route of single fixes keeps them.
@Test func lonePositionsWithoutALineAreAPointOrAMultiPoint() throws {
    let one = GeoJSON.lineFeature(segments: [[GeoCoordinate(latitude: 47.5, longitude: 8.25)]], altitudes: [[412.5]])
    let point = try #require(try parse(one)["geometry"] as? [String: Any])
    #expect(point["type"] as? String == "Point")
    #expect(point["coordinates"] as? [Double] == [8.25, 47.5, 412.5])
    let two = GeoJSON.lineFeature(segments: [[GeoCoordinate(latitude: 1, longitude: 2)], [], [GeoCoordinate(latitude: 3, longitude: 4)]])
    let points = try #require(try parse(two)["geometry"] as? [String: Any])
    #expect(points["type"] as? String == "MultiPoint")
    #expect(points["coordinates"] as? [[Double]] == [[2, 1], [4, 3]])
}

@Test func nothingDrawableGivesANullGeometry() throws {
    let text = GeoJSON.lineFeature(segments: [[GeoCoordinate(latitude: .nan, longitude: 1), GeoCoordinate(latitude: 1, longitude: .infinity)], []])
    let object = try parse(text)
    #expect(object["geometry"] is NSNull)
    #expect((object["properties"] as? [String: Any])?.isEmpty == true)
}

/// `GeoJSON.fixed` against C's `printf("%.*f")` (through Foundation's `String(format:)`), which rounds the
/// exact binary expansion half to even: coordinates, altitudes, ties and every magnitude.
struct GeoJSONFixedNotationTests {
    static func reference(_ value: Double, _ decimals: Int) -> String {
        var text = String(format: "%.\(decimals)f", value)
        if text.contains(".") {
            while text.hasSuffix("0") { text.removeLast() }
            if text.hasSuffix(".") { text.removeLast() }
        }
        return text == "-0" ? "0" : text
    }

    @Test func matchesPrintfOnCoordinatesAltitudesAndTies() {
        var rng = SplitMix64(seed: 5)
        var values: [Double] = [0.125, 1.005, 1.015, 2.5, -2.5, 0.5, 1.5, 9.9999999, 99.999999995, -0.0000000001, 0.00000005,
                                0.000000051, 1e-20, 1e21, 123456789.987654321, -179.99999999, 159.79999999999995, .leastNonzeroMagnitude]
        for _ in 0..<20_000 {
            values.append(Double.random(in: -180...180, using: &rng))
            values.append((Double.random(in: -500...9000, using: &rng) * 100).rounded() / 100 + [0, 0.005, -0.005][Int(rng.next() % 3)])
            values.append(Double(Int64.random(in: -1_800_000_000...1_800_000_000, using: &rng)) / 1e7)
            let bits = Double(bitPattern: rng.next())
            if bits.isFinite, abs(bits) < 1e30 { values.append(bits) }
        }
        var mismatches: [String] = []
        for value in values {
            for decimals in [0, 2, 7, 12] {
                let ours = GeoJSON.fixed(value, decimals: decimals), printf = Self.reference(value, decimals)
                if ours != printf, mismatches.count < 10 { mismatches.append("\(value) at \(decimals): \(ours) vs \(printf)") }
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches)")
    }
}
