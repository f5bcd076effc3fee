import Foundation
import Testing
import TestSupport

/// Dates at the edges of what ISO 8601 with four-digit years can write (issue 13, item 13): year 1 and year
/// 9999 come out in full in every output, and a time outside them is refused on input, never written as "".
struct DateOutputTests {
    static func track(_ times: [String]) -> String {
        let points = times.enumerated().map { index, time in
            "<trkpt lat=\"\(47.37 + Double(index) * 0.0003)\" lon=\"8.54\"><time>\(time)</time></trkpt>"
        }
        return """
            <?xml version="1.0" encoding="UTF-8"?>
            <gpx version="1.1" creator="test" xmlns="http://www.topografix.com/GPX/1/1"><trk><trkseg>
            \(points.joined(separator: "\n"))
            </trkseg></trk></gpx>

            """
    }

    @Test(arguments: [
        ("0001-01-01T00:00:", "0001-01-01T00:00:00Z", "0001-01-01T00:00:20Z"),
        ("9999-12-31T23:59:", "9999-12-31T23:59:00Z", "9999-12-31T23:59:20Z"),
    ])
    func edgeYearsAreWrittenInFullEverywhere(prefix: String, start: String, end: String) throws {
        let path = try CLI.temporaryFile("edge.gpx", Self.track((0..<5).map { prefix + String(format: "%02dZ", $0 * 5) }))
        let summary = try CLI.summary(path)
        #expect(summary["startDate"] as? String == start)
        #expect(summary["endDate"] as? String == end)
        let milliseconds = start.dropLast() + ".000Z"
        for (format, expected) in [("gpx", "<time>\(milliseconds)</time>"), ("csv", "\n\(milliseconds),"), ("geojson", "\"startTime\":\"\(milliseconds)\"")] {
            let result = try CLI.run(["export", path, "--to", format])
            #expect(result.status == 0, "\(format): \(result.standardError)")
            #expect(result.standardOutput.contains(expected), "\(format): \(result.standardOutput.prefix(600))")
            #expect(!result.standardOutput.contains("\"\""), "\(format) wrote an empty string")
        }
    }

    @Test(arguments: [
        ("epoch.ndjson", #"{"type":"location","time":1e18,"latitude":47.1,"longitude":8.5}"# + "\n", ":1:27: record 1: field \"time\": 1e+18 is outside the years 0001 to 9999"),
        ("zero.gpx", track(["0000-12-31T23:59:59Z"]), ":3:36: time: \"0000-12-31T23:59:59Z\" is outside the years 0001 to 9999"),
    ])
    func timesOutsideTheWritableYearsAreRefusedOnInput(name: String, text: String, message: String) throws {
        let path = try CLI.temporaryFile(name, text)
        for arguments in [["summary", path], ["replay", path, "--as-fast-as-possible"], ["export", path, "--to", "csv"]] {
            let result = try CLI.run(arguments)
            #expect(result.status == 65, "\(arguments): \(result.standardError)")
            #expect(result.standardError.contains(path + message), "\(arguments): \(result.standardError)")
        }
    }
}
