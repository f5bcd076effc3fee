import Foundation
import Testing
import TestSupport
import WorkoutEngine

/// A summary's laps carry the file's own laps beside the engine's figures (`Lap.device`, the lap's `device`
/// object in the summary JSON, `[device: …]` in the text). References: fitdecode's reading of each FIT lap
/// (`Tests/Reference/fit-reference.json`) and the TCX files' `Lap` elements read here with a regular
/// expression, never the engine's reader.
struct SummaryDeviceLapTests {
    /// fitdecode's laps of `file`: each lap's totals as the file states them.
    static func fitdecodeLaps(_ file: String) throws -> [[String: Any]] {
        let url = TestPaths.repositoryRoot.appendingPathComponent("Tests/Reference/fit-reference.json")
        let object = try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: [String: Any]]
        return try #require(object?[file]?["laps"] as? [[String: Any]])
    }

    static func number(_ value: Any?) -> Double? { (value as? NSNumber)?.doubleValue }

    /// Every FIT file with laps: each of the engine's laps carries the file's lap of the same number, with
    /// the totals fitdecode reads for it; a lap of the engine after the file's last has none.
    @Test(arguments: ["ride-garmin-edge530-hr-cad-power.fit", "run-garmin-fr920xt-hr-cad-laps-devfields.fit",
                      "run-polar-marathon-nogps-44laps.fit", "run-polar-treadmill-12km.fit",
                      "large-garmin-fr910xt-run-20k-records.fit", "ride-wahoo-elemnt-bolt-hr.fit"])
    func fitLapsCarryTheFilesOwnTotals(file: String) throws {
        guard let path = FITEngineTests.path(file) else {
            print("skipped: \(file) is neither in SampleTracks nor in ../shared/tracks")
            return
        }
        let expected = try Self.fitdecodeLaps(file)
        let laps = try WorkoutSummary(contentsOfTrack: path).analysis.laps
        #expect(laps.count == expected.count || laps.count == expected.count + 1, "\(laps.count) laps for \(expected.count) in the file")
        for (lap, totals) in zip(laps, expected) {
            let device = try #require(lap.device, "lap \(lap.number) has no device lap")
            let pairs: KeyValuePairs<String, Double?> = [
                "distanceMeters": device.distanceMeters, "timerSeconds": device.timerSeconds, "elapsedSeconds": device.elapsedSeconds,
                "ascentMeters": device.ascentMeters, "descentMeters": device.descentMeters, "kilocalories": device.kilocalories,
                "averageHeartRate": device.averageHeartRate, "maximumHeartRate": device.maximumHeartRate,
            ]
            for (key, value) in pairs {
                let reference = Self.number(totals[key])
                #expect(value == reference || (value != nil && reference != nil && abs(value! - reference!) < 1e-9),
                        "lap \(lap.number) \(key): \(String(describing: value)) against fitdecode's \(String(describing: reference))")
            }
        }
        for lap in laps.dropFirst(expected.count) { #expect(lap.device == nil, "lap \(lap.number) is after the file's last") }
    }

    /// The TCX files: each lap carries the `Lap`'s `DistanceMeters` and `TotalTimeSeconds` as the file states
    /// them (read with ``AnalysisDeviceLapTests/deviceLaps(_:)``).
    @Test(arguments: ["run-garmin-fr410-hr-3laps.tcx", "ride-garmin-edge500-hr.tcx", "other-garmin-vivoactive-xcski-2laps.tcx"])
    func tcxLapsCarryTheFilesOwnTotals(file: String) throws {
        let expected = try AnalysisDeviceLapTests.deviceLaps(file)
        let laps = try WorkoutSummary(contentsOfTrack: TestPaths.sampleTrack(file).path).analysis.laps
        try #require(laps.count == expected.count)
        for (lap, stated) in zip(laps, expected) {
            #expect(lap.device?.distanceMeters == stated.meters, "lap \(lap.number)")
            #expect(lap.device?.timerSeconds == stated.seconds, "lap \(lap.number)")
        }
    }

    /// The JSON writes each lap's `device` object, every key present; the text shows the device's distance
    /// and timer time beside the engine's lap. The Forerunner 920XT's first lap: 1,609.35 m in 625.54 s
    /// (fitdecode), 10:25 as the text rounds it.
    @Test func jsonAndTextShowTheDevicesLap() throws {
        let summary = try WorkoutSummary(contentsOfTrack: TestPaths.sampleTrack("run-garmin-fr920xt-hr-cad-laps-devfields.fit").path)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(summary.jsonText().utf8)) as? [String: Any])
        let laps = try #require(object["laps"] as? [[String: Any]])
        let device = try #require(laps.first?["device"] as? [String: Any])
        #expect(Set(device.keys) == ["startDate", "endDate", "trigger", "distanceMeters", "timerSeconds", "elapsedSeconds", "ascentMeters",
                                     "descentMeters", "kilocalories", "averageHeartRate", "maximumHeartRate"])
        #expect(Self.number(device["distanceMeters"]) == 1609.35)
        #expect(Self.number(device["timerSeconds"]) == 625.54)
        let lapLine = try #require(summary.analysis.textLines(units: .metric).first { $0.hasPrefix("  1  ") })
        #expect(lapLine.hasSuffix("[device: 1.61 km, 10:25]"), "\(lapLine)")
    }

    /// Laps the input marks itself (NDJSON `lap` events) have no device lap: `"device":null`.
    @Test func lapsWithoutAFileLapHaveNone() throws {
        let text = """
            {"type":"location","time":1700000000,"latitude":47,"longitude":8}
            {"type":"location","time":1700000100,"latitude":47.0036,"longitude":8}
            {"type":"event","time":1700000100,"event":"lap"}
            {"type":"location","time":1700000200,"latitude":47.0072,"longitude":8}
            """
        let summary = try WorkoutSummary(trackBytes: Array(text.utf8), name: "laps.ndjson")
        try #require(summary.analysis.laps.count == 2)
        #expect(summary.analysis.laps.allSatisfy { $0.device == nil })
        let object = try #require(try JSONSerialization.jsonObject(with: Data(summary.jsonText().utf8)) as? [String: Any])
        let laps = try #require(object["laps"] as? [[String: Any]])
        #expect(laps.allSatisfy { $0["device"] is NSNull })
    }
}
