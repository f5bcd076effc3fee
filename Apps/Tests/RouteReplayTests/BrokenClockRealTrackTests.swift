import Foundation
import Testing
import TestSupport

/// A real recording whose clock was never set: the Alpine hike (MIT, 3540 `trkpt` in 2 segments) with every
/// time replaced by the -2³¹ s sentinel (1901-12-13T20:45:52Z), as a real device wrote it (issue 12). The
/// route, the distance and every point must survive into the summary and every export.
struct BrokenClockRealTrackTests {
    static let original = TestPaths.sampleTrack("hike-garmin-gpsmap64s-2seg-elevation.gpx")

    static func sentinelCopy() throws -> String {
        let text = try String(contentsOf: original, encoding: .utf8)
        let pattern = try NSRegularExpression(pattern: "<time>[^<]*</time>")
        let trackStart = try #require(text.range(of: "<trk>")).lowerBound
        let head = String(text[..<trackStart]), body = String(text[trackStart...])
        let replaced = pattern.stringByReplacingMatches(
            in: body, range: NSRange(body.startIndex..., in: body), withTemplate: "<time>1901-12-13T20:45:52Z</time>")
        return try CLI.temporaryFile("hike-sentinel-clock.gpx", head + replaced)
    }

    @Test func everyPointAndTheGeodesicDistanceSurvive() throws {
        let path = try Self.sentinelCopy()
        let pointCount = try GPXCoordinates.segments(of: URL(fileURLWithPath: path)).map(\.count).reduce(0, +)
        #expect(pointCount == 3540)
        // --filter none: the plain geodesic sum per file segment (PROJ's geod as the reference).
        try SummaryCommandTests.expectFilterNoneEqualsGeod(URL(fileURLWithPath: path), element: "trkpt")
        for filter in ["default", "none"] {
            let summary = try CLI.summary(path, ["--filter", filter, "--activity", "hiking"])
            #expect(summary["locationCount"] as? Int == 3540, "filter \(filter)")
            #expect(summary["startDate"] is NSNull)
            #expect(summary["elapsedSeconds"] is NSNull)
            #expect((summary["warnings"] as? [String])?.isEmpty == false)
        }
    }

    @Test func everyExportHoldsEveryPoint() throws {
        let path = try Self.sentinelCopy()
        let gpx = try CLI.run(["export", path, "--to", "gpx"])
        #expect(gpx.status == 0)
        #expect(gpx.standardOutput.components(separatedBy: "<trkpt ").count - 1 == 3540)
        #expect(!gpx.standardOutput.contains("<time>"), "untimed points carry no time")
        let csv = try CLI.run(["export", path, "--to", "csv"])
        #expect(csv.status == 0)
        #expect(csv.standardOutput.utf8.filter { $0 == UInt8(ascii: "\n") }.count == 3540 + 1, "a header and a row per point")
        let geojson = try CLI.run(["export", path, "--to", "geojson"])
        #expect(geojson.status == 0)
        let object = try JSONSerialization.jsonObject(with: Data(geojson.standardOutput.utf8)) as? [String: Any]
        let features = try #require(object?["features"] as? [[String: Any]])
        let coordinates = features.compactMap { ($0["geometry"] as? [String: Any])?["coordinates"] as? [[Double]] }
        #expect(coordinates.map(\.count).reduce(0, +) == 3540)
    }
}
