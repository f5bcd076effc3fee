import Foundation
import Geodesy
import RouteGeometry
import Testing

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

@Test func nothingDrawableGivesANullGeometry() throws {
    let text = GeoJSON.lineFeature(segments: [[GeoCoordinate(latitude: 1, longitude: 1), GeoCoordinate(latitude: .nan, longitude: 1)]])
    let object = try parse(text)
    #expect(object["geometry"] is NSNull)
    #expect((object["properties"] as? [String: Any])?.isEmpty == true)
}
