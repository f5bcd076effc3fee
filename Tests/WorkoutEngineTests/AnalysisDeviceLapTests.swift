import Foundation
import Testing
import TestSupport
import WorkoutEngine

/// Laps of the bundled TCX recordings against the device's own lap totals (`Lap/DistanceMeters` within
/// 2 %, `Lap/TotalTimeSeconds` within 1 s of the lap's wall time), read from the files here with a regular
/// expression, independently of the engine's reader. (No FIT reader was on main when this was written.)
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

    @Test(arguments: [("run-garmin-fr410-hr-3laps.tcx", 1), ("ride-garmin-edge500-hr.tcx", 0)])
    func lapsMatchTheDevice(name: String, lap: Int) throws {
        let result = try Self.compare(name, lap: lap)
        #expect(result.distanceOK, "\(result.detail)")
        #expect(result.timeOK, "\(result.detail)")
    }

    /// Known deviations, kept visible (the test fails once they are fixed, so the list stays true):
    /// - the TCX reader ends a lap at its last trackpoint, while the device's lap runs on to the next lap's
    ///   `StartTime` (Forerunner 410, laps 1 and 3: 3.5 s short);
    /// - the vívoactive's 4-minute second lap measures 641 m against the device's 692 m (7 %, the default
    ///   filter's chords on a slow, winding ski lap; 668 m with `--filter none`).
    @Test(arguments: [("run-garmin-fr410-hr-3laps.tcx", 0), ("run-garmin-fr410-hr-3laps.tcx", 2),
                      ("other-garmin-vivoactive-xcski-2laps.tcx", 1)])
    func knownDeviations(name: String, lap: Int) throws {
        let result = try Self.compare(name, lap: lap)
        #expect(result.distanceOK || name.contains("vivoactive"), "\(result.detail)")
        withKnownIssue("lap end at the last trackpoint; see the doc comment") {
            #expect(result.timeOK && result.distanceOK, "\(result.detail)")
        }
    }

    @Test func theFirstSkiLapMatches() throws {
        let result = try Self.compare("other-garmin-vivoactive-xcski-2laps.tcx", lap: 0)
        #expect(result.distanceOK, "\(result.detail)")
        #expect(result.timeOK, "\(result.detail)")
    }
}
