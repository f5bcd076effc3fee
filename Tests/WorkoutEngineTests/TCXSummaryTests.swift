import Foundation
import Testing
import TestSupport
import WorkoutEngine

/// TCX through the whole engine: the summary's laps are the file's laps, the activity follows the
/// file's sport, and the device's own figures ride along in the summary (JSON and text).
struct TCXSummaryTests {
    static let files: [(name: String, url: URL?)] = [
        ("run-garmin-fr410-hr-3laps.tcx", TestPaths.sampleTrack("run-garmin-fr410-hr-3laps.tcx")),
        ("ride-garmin-edge500-hr.tcx", TestPaths.sampleTrack("ride-garmin-edge500-hr.tcx")),
        ("other-garmin-vivoactive-xcski-2laps.tcx", TestPaths.sampleTrack("other-garmin-vivoactive-xcski-2laps.tcx")),
        ("ride-garmin-edge305-hr.tcx", TestPaths.sharedTrack("ride-garmin-edge305-hr.tcx")),
        ("run-polar-v800-hr-cad-leading-whitespace.tcx", TestPaths.sharedTrack("run-polar-v800-hr-cad-leading-whitespace.tcx")),
    ]

    /// The reference figures from Python's xml.etree (`scripts/tcx-reference.py`).
    static func reference(_ name: String) throws -> [String: Any] {
        let url = TestPaths.repositoryRoot.appendingPathComponent("Tests/TrackFormatsTests/References/tcx-reference.json")
        let all = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
        return try #require(all[name] as? [String: Any])
    }

    @Test(arguments: files.map(\.name))
    func lapsActivityAndDeviceFigures(name: String) throws {
        guard let url = Self.files.first(where: { $0.name == name })?.url else {
            print("skipped: ../shared/tracks/\(name) is not present")
            return
        }
        let reference = try Self.reference(name)
        let laps = try #require(reference["laps"] as? [[String: Any]])
        let summary = try WorkoutSummary(contentsOfTrack: url.path)
        #expect(summary.metrics.lapCount == laps.count)
        let sport = try #require(reference["sport"] as? String)
        // Running → running, Biking → cycling, Other → the default activity (running).
        let expected: ActivityType = ["Running": .running, "Biking": .cycling][sport] ?? .running
        #expect(summary.metrics.activity == expected)

        let device = try #require(summary.device)
        #expect(device.sport == sport)
        #expect(device.product == reference["creator"] as? String)
        let distance = laps.compactMap { $0["distanceMeters"] as? Double }.reduce(0, +)
        #expect(try #require(device.distanceMeters).isApproximatelyEqual(to: distance, relativeTolerance: 1e-12))

        // The JSON carries the device object with every key, null where the file says nothing.
        let json = try #require(try JSONSerialization.jsonObject(with: Data(summary.jsonText().utf8)) as? [String: Any])
        #expect(json["lapCount"] as? Int == laps.count)
        let object = try #require(json["device"] as? [String: Any])
        #expect(Set(object.keys) == ["manufacturer", "product", "sport", "distanceMeters", "timerSeconds", "elapsedSeconds",
                                     "ascentMeters", "descentMeters", "kilocalories", "averageHeartRate", "maximumHeartRate"])
        #expect(object["ascentMeters"] is NSNull)
        #expect(object["manufacturer"] is NSNull)
        #expect(object["sport"] as? String == sport)
        let timer = laps.compactMap { $0["totalTimeSeconds"] as? Double }.reduce(0, +)
        #expect(try #require(object["timerSeconds"] as? Double).isApproximatelyEqual(to: timer, relativeTolerance: 1e-12))

        // The text summary puts the device's distance beside the engine's.
        let distanceLine = try #require(summary.text().split(separator: "\n").first { $0.hasPrefix("Distance:") })
        #expect(distanceLine.contains("[device: \(DisplayFormatting.fixed(distance / 1000, digits: 2)) km]"))
    }

    /// Formats that state nothing about the device give `"device": null`, and no device figures in text.
    @Test func gpxHasNoDeviceObject() throws {
        let summary = try WorkoutSummary(contentsOfTrack: TestPaths.sampleTrack("run-garmin-connect-hr-cadence.gpx").path)
        #expect(summary.device == nil)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(summary.jsonText().utf8)) as? [String: Any])
        #expect(json["device"] is NSNull)
        #expect(!summary.text().contains("device"))
    }
}
