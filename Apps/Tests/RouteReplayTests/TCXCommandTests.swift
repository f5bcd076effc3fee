import Foundation
import Testing
import TestSupport

/// Every command on TCX input (issue 15): summary (with the device object and the file's laps), replay
/// and export, by extension, by content and by `--input-format`.
struct TCXCommandTests {
    static let bundled = [
        "run-garmin-fr410-hr-3laps.tcx", "ride-garmin-edge500-hr.tcx", "other-garmin-vivoactive-xcski-2laps.tcx",
    ]

    /// The lap count and sport Python's xml.etree reads from the file (`scripts/tcx-reference.py`).
    static func reference(_ name: String) throws -> (laps: Int, sport: String, creator: String) {
        let url = TestPaths.repositoryRoot.appendingPathComponent("Tests/TrackFormatsTests/References/tcx-reference.json")
        let all = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
        let file = try #require(all[name] as? [String: Any])
        return (try #require((file["laps"] as? [Any])?.count), try #require(file["sport"] as? String),
                try #require(file["creator"] as? String))
    }

    @Test(arguments: bundled)
    func summaryHasTheDeviceObjectAndTheFilesLaps(name: String) throws {
        let reference = try Self.reference(name)
        let summary = try CLI.summary(TestPaths.sampleTrack(name).path)
        #expect(summary["lapCount"] as? Int == reference.laps)
        let device = try #require(summary["device"] as? [String: Any])
        #expect(device["sport"] as? String == reference.sport)
        #expect(device["product"] as? String == reference.creator)
        #expect(device["distanceMeters"] is Double)
        #expect(device["ascentMeters"] is NSNull)
        #expect(summary["activity"] as? String == (reference.sport == "Biking" ? "cycling" : "running"))
    }

    @Test func theSameBytesAreTCXByContentAndByOption() throws {
        let source = TestPaths.sampleTrack("run-garmin-fr410-hr-3laps.tcx")
        let expected = try CLI.run(["summary", source.path]).standardOutput
        let data = try Data(contentsOf: source)
        let misnamed = try CLI.temporaryFile("run.gpx", data)
        #expect(try CLI.run(["summary", misnamed]).standardOutput == expected)
        let text = String(decoding: data, as: UTF8.self)
        let piped = try CLI.run(["summary", "-"], input: text)
        #expect(piped.status == 0)
        #expect(piped.standardOutput == expected)
        let forced = try CLI.run(["summary", "-", "--input-format", "tcx"], input: text)
        #expect(forced.standardOutput == expected)
    }

    @Test func textSummaryShowsTheDeviceFiguresBesideTheEngines() throws {
        let result = try CLI.run(["summary", TestPaths.sampleTrack("run-garmin-fr410-hr-3laps.tcx").path, "--format", "text"])
        #expect(result.status == 0)
        // The laps' distances: 1609.34399414 + 1609.34399414 + 1470.5546875 m.
        #expect(result.standardOutput.contains("[device: 4.69 km]"))
        // The laps' times: 608.47 + 714.8 + 669.51 = 1992.78 s.
        #expect(result.standardOutput.contains("[device: timer 0:33:12"))
        #expect(result.standardOutput.contains("Laps:            3"))
        #expect(result.standardOutput.contains("Device:          Forerunner 410 Software Version 2.20 (sport Running)"))
    }

    /// A replay shows one lap event per lap of the file, and ends with the summary and its device object.
    @Test func replayShowsTheLaps() throws {
        let result = try CLI.run(["replay", TestPaths.sampleTrack("other-garmin-vivoactive-xcski-2laps.tcx").path,
                                  "--as-fast-as-possible", "--fps", "1"])
        #expect(result.status == 0, "\(result.standardError)")
        let lines = result.standardOutput.split(separator: "\n")
        #expect(lines.filter { $0.contains(#""type":"event","event":"lap""#) }.count == 2)
        let last = try #require(lines.last)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(last.utf8)) as? [String: Any])
        let summary = try #require(object["summary"] as? [String: Any])
        #expect(summary["lapCount"] as? Int == 2)
        #expect((summary["device"] as? [String: Any])?["product"] as? String == "vívoactive HR")
    }

    /// Exports of a TCX: a GPX with the file's one segment (its three laps' Tracks go on with each other) and
    /// the heart rate, GeoJSON and CSV.
    @Test func exportsOfATCX() throws {
        let path = TestPaths.sampleTrack("run-garmin-fr410-hr-3laps.tcx").path
        let gpx = try CLI.run(["export", path, "--to", "gpx"])
        #expect(gpx.status == 0, "\(gpx.standardError)")
        #expect(gpx.standardOutput.components(separatedBy: "<trkseg>").count - 1 == 1)
        #expect(gpx.standardOutput.contains("<gpxtpx:hr>"))
        let geojson = try CLI.run(["export", path, "--to", "geojson"])
        #expect(geojson.status == 0)
        let collection = try #require(try JSONSerialization.jsonObject(with: Data(geojson.standardOutput.utf8)) as? [String: Any])
        // One feature per segment.
        #expect((collection["features"] as? [Any])?.count == 1)
        let csv = try CLI.run(["export", path, "--to", "csv"])
        #expect(csv.status == 0)
        #expect(csv.standardOutput.split(whereSeparator: \.isNewline).count > 300)
    }

    /// A malformed TCX exits 65 naming the file, line and column.
    @Test func malformedTCXIsExit65WithAPosition() throws {
        let path = try CLI.temporaryFile("bad.tcx", """
            <?xml version="1.0"?>
            <TrainingCenterDatabase xmlns="http://www.garmin.com/xmlschemas/TrainingCenterDatabase/v2"><Activities>
            <Activity Sport="Running"><Lap><Track><Trackpoint><Time>2024-05-01T07:00:00Z</Time>
            <Position><LatitudeDegrees>abc</LatitudeDegrees><LongitudeDegrees>8</LongitudeDegrees></Position>
            </Trackpoint></Track></Lap></Activity></Activities></TrainingCenterDatabase>
            """)
        let result = try CLI.run(["summary", path])
        #expect(result.status == 65)
        #expect(result.standardError == "route-replay: error: \(path):4:27: LatitudeDegrees: \"abc\" is not a number\n")
    }
}
