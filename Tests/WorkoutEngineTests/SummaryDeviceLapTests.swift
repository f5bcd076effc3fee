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
                      "large-garmin-fr910xt-run-20k-records.fit", "ride-wahoo-elemnt-bolt-hr.fit",
                      "run-garmin-footpod-compressed-speed-distance.fit", "ride-garmin-edge500-late-gps-4laps.fit",
                      "run-garmin-summary-first-12laps.fit", "ride-garmin-mtb-slow-climbs-summary-first.fit"])
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
                let agrees = switch (value, reference) {
                case (nil, nil): true
                case let (value?, reference?): abs(value - reference) < 1e-9
                default: false
                }
                #expect(agrees, "lap \(lap.number) \(key): \(String(describing: value)) against fitdecode's \(String(describing: reference))")
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
    /// A TCX document of `laps`, each `(StartTime, TotalTimeSeconds, DistanceMeters, trackpoint offsets in
    /// seconds)`, the trackpoints 1 m apart northwards per second from 2020-01-01T00:00:00Z.
    static func tcx(_ laps: [(start: Int, seconds: Int, meters: Int, points: [Int])]) -> [UInt8] {
        let t0 = 1_577_836_800.0
        func time(_ offset: Int) -> String { ISO8601Text.string(secondsSince1970: t0 + Double(offset)) ?? "" }
        let body = laps.map { lap in
            let points = lap.points.map { offset in
                "<Trackpoint><Time>\(time(offset))</Time><Position><LatitudeDegrees>\(47 + Double(offset) / 111_000)</LatitudeDegrees>"
                    + "<LongitudeDegrees>8</LongitudeDegrees></Position></Trackpoint>"
            }.joined()
            let track = lap.points.isEmpty ? "" : "<Track>\(points)</Track>"
            return "<Lap StartTime=\"\(time(lap.start))\"><TotalTimeSeconds>\(lap.seconds)</TotalTimeSeconds>"
                + "<DistanceMeters>\(lap.meters)</DistanceMeters><TriggerMethod>Manual</TriggerMethod>\(track)</Lap>"
        }.joined()
        let document = """
            <?xml version="1.0" encoding="UTF-8"?>
            <TrainingCenterDatabase xmlns="http://www.garmin.com/xmlschemas/TrainingCenterDatabase/v2">
            <Activities><Activity Sport="Running">\(body)</Activity></Activities></TrainingCenterDatabase>
            """
        return Array(document.utf8)
    }

    /// A first lap with no trackpoint comes before anything in the file has a time: it ends no lap and is
    /// not counted, so the file's three laps cannot be told apart from the engine's, and none is paired.
    /// The last lap's last trackpoint is out of order (450 s after 600 s), so its lap ends there and the
    /// rest is one more engine lap: three engine laps for three lap events, which before were paired each
    /// with the file's lap before its own.
    @Test func aLapThatEndsNoLapLeavesEveryLapUnpaired() throws {
        let bytes = Self.tcx([(start: -300, seconds: 300, meters: 900, points: []),
                              (start: 0, seconds: 300, meters: 300, points: Array(stride(from: 0, through: 300, by: 10))),
                              (start: 310, seconds: 290, meters: 290, points: Array(stride(from: 310, through: 600, by: 10)) + [450])])
        let summary = try WorkoutSummary(trackBytes: bytes, name: "laps.tcx")
        #expect(summary.metrics.lapCount == 2)
        #expect(summary.analysis.laps.count == 3)
        #expect(summary.analysis.laps.allSatisfy { $0.device == nil })
    }

    /// The same laps, all with trackpoints: each engine lap carries the file's lap of its number.
    @Test func lapsInOrderArePairedInOrder() throws {
        let bytes = Self.tcx([(start: 0, seconds: 300, meters: 300, points: Array(stride(from: 0, through: 300, by: 10))),
                              (start: 310, seconds: 290, meters: 290, points: Array(stride(from: 310, through: 600, by: 10)))])
        let laps = try WorkoutSummary(trackBytes: bytes, name: "laps.tcx").analysis.laps
        #expect(laps.map { $0.device?.distanceMeters } == [300, 290])
    }

    /// Laps whose ends are out of time order (the second lap's trackpoints lie before the first's) cannot be
    /// matched by their order: none is paired.
    @Test func lapsOutOfTimeOrderAreNotPaired() throws {
        let bytes = Self.tcx([(start: 310, seconds: 290, meters: 290, points: Array(stride(from: 310, through: 600, by: 10))),
                              (start: 0, seconds: 300, meters: 300, points: Array(stride(from: 0, through: 300, by: 10)))])
        let summary = try WorkoutSummary(trackBytes: bytes, name: "laps.tcx")
        #expect(summary.analysis.laps.allSatisfy { $0.device == nil })
    }
}
