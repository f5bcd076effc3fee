import Foundation
import Testing
import TestSupport
import WorkoutEngine

/// Laps of the bundled TCX recordings against the device's own lap totals (`Lap/DistanceMeters` within
/// 2 %, `Lap/TotalTimeSeconds` within 1 s of the lap's wall time), read from the files here with a regular
/// expression, independently of the engine's reader.
struct AnalysisDeviceLapTests {
    struct DeviceLap { var seconds: Double; var meters: Double }

    static func deviceLaps(_ name: String) throws -> [DeviceLap] {
        let text = try String(contentsOf: TestPaths.sampleTrack(name), encoding: .utf8)
        let pattern = /<Lap StartTime="[^"]+">\s*<TotalTimeSeconds>([0-9.]+)<\/TotalTimeSeconds>\s*<DistanceMeters>([0-9.]+)<\/DistanceMeters>/
        return text.matches(of: pattern).compactMap { match in
            guard let seconds = Double(match.output.1), let meters = Double(match.output.2) else { return nil }
            return DeviceLap(seconds: seconds, meters: meters)
        }
    }

    static func compare(_ name: String, lap index: Int) throws -> (distanceOK: Bool, timeOK: Bool, detail: String) {
        let device = try deviceLaps(name)
        let summary = try WorkoutSummary(contentsOfTrack: TestPaths.sampleTrack(name).path)
        let laps = summary.analysis.laps
        #expect(laps.count == device.count, "\(name): \(laps.count) laps, the file has \(device.count)")
        guard index < laps.count, index < device.count else { return (false, false, "no lap \(index + 1)") }
        let lap = laps[index].figures, expected = device[index]
        let detail = "\(name) lap \(index + 1): \(lap.distanceMeters) m in \(lap.totalSeconds) s, device \(expected.meters) m in \(expected.seconds) s"
        return (abs(lap.distanceMeters - expected.meters) <= 0.02 * expected.meters, abs(lap.totalSeconds - expected.seconds) <= 1, detail)
    }

    /// The Forerunner 410's laps end at the next lap's `StartTime` (or `StartTime + TotalTimeSeconds`, the
    /// earlier), 3.5 s after their last trackpoint, as the device's do: before the reader placed lap events
    /// at the last trackpoint, laps 1 and 3 were 3.5 s off.
    @Test(arguments: [("run-garmin-fr410-hr-3laps.tcx", 0), ("run-garmin-fr410-hr-3laps.tcx", 1),
                      ("run-garmin-fr410-hr-3laps.tcx", 2), ("ride-garmin-edge500-hr.tcx", 0)])
    func lapsMatchTheDevice(name: String, lap: Int) throws {
        let result = try Self.compare(name, lap: lap)
        #expect(result.distanceOK, "\(result.detail)")
        #expect(result.timeOK, "\(result.detail)")
    }

    /// Known deviation, kept visible (the test fails once it is gone, so the note stays true): the
    /// vívoactive's 4-minute second lap measures 673 m against the device's 692 m (2.7 %; 642 m before the
    /// process noise was estimated from the data and the track interpolated between fixes, 662 m before the
    /// step from the first lap's `Track` to its own counted, 670 m before the device's speed in the runner's
    /// band, 2026-11-29). The lap's times agree; the distance is the
    /// engine's: the smoothed track of a slow, winding ski lap sampled every 4 s (676 m with `--filter
    /// none`), not where the lap is placed.
    @Test func theSecondSkiLapIsShortByTheFiltersChords() throws {
        let result = try Self.compare("other-garmin-vivoactive-xcski-2laps.tcx", lap: 1)
        #expect(result.timeOK, "\(result.detail)")
        withKnownIssue("the default filter's distance on a slow, winding lap; see the doc comment") {
            #expect(result.distanceOK, "\(result.detail)")
        }
    }

    @Test func theFirstSkiLapMatches() throws {
        let result = try Self.compare("other-garmin-vivoactive-xcski-2laps.tcx", lap: 0)
        #expect(result.distanceOK, "\(result.detail)")
        #expect(result.timeOK, "\(result.detail)")
    }
}

/// Laps of the real FIT recordings against the file's own `lap` messages (``DeviceLap`` from the FIT reader,
/// which copies `total_distance` and `total_elapsed_time` as the file states them; its laps' distance and timer sums agree with
/// fitdecode's in `Tests/Reference/fit-reference.json`): per lap, distance within 2 % and wall time within
/// 1 s. The files in `../shared/tracks/` are skipped, with a message, when that folder is not there.
struct AnalysisFITDeviceLapTests {
    /// FIT files with laps: those in `SampleTracks/`, then those only in `../shared/tracks/`.
    static let bundled = ["ride-garmin-edge530-hr-cad-power.fit", "run-garmin-fr920xt-hr-cad-laps-devfields.fit",
                          "run-polar-marathon-nogps-44laps.fit", "run-polar-treadmill-12km.fit",
                          "run-garmin-footpod-compressed-speed-distance.fit", "ride-garmin-edge500-late-gps-4laps.fit",
                          "run-garmin-summary-first-12laps.fit", "ride-garmin-mtb-slow-climbs-summary-first.fit"]
    static let shared = ["large-garmin-fr910xt-run-20k-records.fit", "patho-garmin-virb-ultra30-zero-timestamps.fit",
                         "ride-wahoo-elemnt-bolt-hr.fit"]

    struct Comparison { var distanceOK: Bool; var timeOK: Bool; var detail: String }

    /// The activity stated for a file that names no sport, as a user states it with `--activity`. The VIRB
    /// (an action camera) writes no `sport` message: the engine then applies running's rules, as the README
    /// says (FIT, sport mapping), and rejects the fixes above a runner's plausible 12.5 m/s (462 m of the
    /// device's 1,702 m). Guessing the sport from the speeds was considered and left out: a file's speeds
    /// say what it is only at the extremes (the VIRB averages 8.1 m/s, which a runner's sprint also
    /// reaches, and a runner's fixes through a GPS jump exceed 12.5 m/s too), and a wrong guess would
    /// silently change every rule of the workout. So the test states what the camera recorded, a ride.
    static let statedActivities: [String: ActivityType] = ["patho-garmin-virb-ultra30-zero-timestamps.fit": .cycling]

    /// Reads the file once, keeping the reader's report (the device's laps) and the engine's summary.
    static func compare(_ url: URL) throws -> [Comparison] {
        var builder = WorkoutBuilder(options: statedActivities[url.lastPathComponent].map { WorkoutOptions(activity: $0, activityIsExplicit: true) } ?? WorkoutOptions())
        let report = try TrackReader.read(TrackInput(path: url.path), into: &builder)
        let summary = try builder.summary(reading: report)
        let laps = summary.analysis.laps, device = report.deviceLaps
        let name = url.lastPathComponent
        #expect(laps.count == device.count, "\(name): \(laps.count) laps, the file has \(device.count)")
        return zip(laps, device).enumerated().map { index, pair in
            let (lap, expected) = (pair.0.figures, pair.1)
            let meters = expected.distanceMeters ?? .nan, seconds = expected.elapsedSeconds ?? .nan
            let detail = "\(name) lap \(index + 1): \(lap.distanceMeters) m in \(lap.totalSeconds) s, device \(meters) m in \(seconds) s"
            // A lap without a stated distance (Polar's no-GPS laps) is compared on time only.
            return Comparison(distanceOK: expected.distanceMeters == nil || abs(lap.distanceMeters - meters) <= 0.02 * meters,
                              timeOK: abs(lap.totalSeconds - seconds) <= 1, detail: detail)
        }
    }

    /// Laps that miss for a reason other than where the engine puts the lap, by file and lap number (1-based),
    /// kept visible: `withKnownIssue` fails once a lap matches, so the list stays true.
    static let knownMisses: [String: [Int: String]] = [
        // Times agree within 0.7 s. Distances: laps 1, 2, 3 and 5 within 1.8 % since the device's speed shows the
        // watch's fixes clean (``DeviceSpeedNoise``; 2.4-4.2 % short before, switchback climbs whose bends the
        // smoother took for noise and whose slow stretches the stop detection took for standing). Lap 4 is 503 s
        // standing still, where the device's distance grows 19.8 m on GPS drift and the engine's 14 m (the device's
        // own speed, which now decides standing, is above 0.19 m/s for part of it). The device's distance is not
        // its own speed either: the records' `speed` integrates to 0.4–2.9 % less than each lap's `total_distance`
        // (lap 3: 4,919 m against 5,064 m, the engine 4,974 m; fitdecode).
        "large-garmin-fr910xt-run-20k-records.fit": [
            4: "standing still: 19.8 m of GPS drift on the device, 14 m in the engine",
        ],
        // The Garmin MTB ride (bundled) matches on every lap: times within 0.6 s (the laps are dated by start_time
        // + total_elapsed_time: the file writes them first, stamped with the activity's start), laps 2 and 3 within
        // 0.6 % since the device's speed shows the fixes clean, lap 1 (644 m up a winding climb, before the fixes
        // are shown clean) within 1.6 % since the device's speed at or above the moving threshold keeps the window
        // test from taking a hairpin at 0.4-1.4 m/s for standing (2.6 % short before, 2026-11-29).
    ]

    static func check(_ url: URL) throws {
        let known = knownMisses[url.lastPathComponent] ?? [:]
        for (index, result) in try compare(url).enumerated() {
            if let reason = known[index + 1] {
                withKnownIssue(Comment(rawValue: reason)) {
                    #expect(result.distanceOK && result.timeOK, "\(result.detail)")
                }
            } else {
                #expect(result.distanceOK, "\(result.detail)")
                #expect(result.timeOK, "\(result.detail)")
            }
        }
    }

    @Test(arguments: bundled)
    func bundledLapsMatchTheDevice(name: String) throws {
        try Self.check(TestPaths.sampleTrack(name))
    }

    @Test(arguments: shared)
    func sharedLapsMatchTheDevice(name: String) throws {
        guard let url = TestPaths.sharedTrack(name) else {
            print("skipped: ../shared/tracks/\(name) is not there")
            return
        }
        try Self.check(url)
    }

    /// The SRM file has no lap message: nothing to compare, and the engine makes no lap.
    @Test func theSRMFileHasNoLaps() throws {
        guard let url = TestPaths.sharedTrack("patho-srm-null-island-start.fit") else {
            print("skipped: ../shared/tracks/patho-srm-null-island-start.fit is not there")
            return
        }
        #expect(try Self.compare(url).isEmpty)
    }
}
