import Foundation
import Testing
import TestSupport

/// `route-replay summary` over several files and directories: one NDJSON line per file in the order
/// given, a bad file reported without stopping the others, the exit status, and the same summaries
/// whatever the number of jobs.
struct SummaryBatchCommandTests {
    /// The lines of a batch's standard output, each as a dictionary.
    static func lines(_ output: String) throws -> [[String: Any]] {
        try output.split(separator: "\n").map { line in
            try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        }
    }

    /// A directory with two copies of bundled tracks (one in a subdirectory), a malformed GPX and a file
    /// that is not a track (skipped by extension).
    static func trackDirectory() throws -> (directory: URL, files: [String]) {
        let directory = try TestPaths.temporaryDirectory("summary-batch")
        let nested = directory.appendingPathComponent("nested")
        try FileManager.default.createDirectory(at: nested, withIntermediateDirectories: true)
        let run = directory.appendingPathComponent("a-run.gpx")
        let fit = nested.appendingPathComponent("b-treadmill.fit")
        let bad = directory.appendingPathComponent("c-bad.gpx")
        try FileManager.default.copyItem(at: TestPaths.sampleTrack("run-garmin-connect-hr-cadence.gpx"), to: run)
        try FileManager.default.copyItem(at: TestPaths.sampleTrack("run-polar-treadmill-12km.fit"), to: fit)
        try Data("""
        <?xml version="1.0"?>
        <gpx version="1.1" xmlns="http://www.topografix.com/GPX/1/1"><trk><trkseg>
        <trkpt lat="47" lon="8"><time>2024-01-01T00:00:00Z</time></trkpt>
        <trkpt lat="abc" lon="8.5"><time>2024-01-01T00:00:01Z</time></trkpt>
        </trkseg></trk></gpx>
        """.utf8).write(to: bad)
        try Data("not a track".utf8).write(to: directory.appendingPathComponent("notes.txt"))
        return (directory, [run.path, bad.path, fit.path])
    }

    @Test func oneLinePerFileInOrderWithTheBadOneReportedAndTheRestSummarised() throws {
        let (directory, files) = try Self.trackDirectory()
        let result = try CLI.run(["summary", directory.path, "--jobs", "2"])
        #expect(result.status == 65, "stderr: \(result.standardError)")
        let lines = try Self.lines(result.standardOutput)
        // Directory contents come sorted by path: a-run.gpx, c-bad.gpx, nested/b-treadmill.fit.
        #expect(lines.map { $0["path"] as? String } == files)
        #expect(lines[1]["summary"] == nil)
        let error = try #require(lines[1]["error"] as? String)
        #expect(error.hasPrefix("\(files[1]):4:"), "\(error)")
        #expect(error.contains("lat"))
        #expect(result.standardError.contains("route-replay: error: \(files[1]):4:"))
        for index in [0, 2] {
            let summary = try #require(lines[index]["summary"] as? [String: Any])
            for key in SummaryCommandTests.requiredKeys { #expect(summary.keys.contains(key), "missing \(key)") }
        }
        #expect((lines[0]["summary"] as? [String: Any])?["locationCount"] as? Int == 988)
    }

    @Test func eachSummaryIsTheOneFileSummaryWhateverTheJobs() throws {
        let files = ["run-garmin-connect-hr-cadence.gpx", "ride-garmin-edge530-hr-cad-power.fit", "run-garmin-fr410-hr-3laps.tcx",
                     "hike-garmin-gpsmap64s-2seg-elevation.gpx"].map { TestPaths.sampleTrack($0).path }
        let one = try CLI.run(["summary"] + files + ["--jobs", "1"])
        let three = try CLI.run(["summary"] + files + ["--jobs", "3"])
        #expect(one.status == 0, "stderr: \(one.standardError)")
        #expect(three.standardOutput == one.standardOutput)
        let lines = try Self.lines(one.standardOutput)
        #expect(lines.count == files.count)
        for (line, file) in zip(lines, files) {
            #expect(line["path"] as? String == file)
            let alone = try CLI.run(["summary", file])
            let expected = try JSONSerialization.jsonObject(with: Data(alone.standardOutput.utf8)) as? NSDictionary
            #expect((line["summary"] as? NSDictionary) == expected, "\(file)")
        }
    }

    @Test func aMissingFileIsReportedAndTheRestGoOn() throws {
        let run = TestPaths.sampleTrack("run-garmin-connect-hr-cadence.gpx").path
        let result = try CLI.run(["summary", "/nonexistent/track.gpx", run])
        #expect(result.status == 65)
        let lines = try Self.lines(result.standardOutput)
        #expect(lines.count == 2)
        #expect((lines[0]["error"] as? String)?.hasPrefix("/nonexistent/track.gpx: cannot open") == true)
        #expect(lines[1]["summary"] is [String: Any])
    }

    @Test func usageErrors() throws {
        let run = TestPaths.sampleTrack("run-garmin-connect-hr-cadence.gpx").path
        #expect(try CLI.run(["summary", run, "-"]).status == 64)
        #expect(try CLI.run(["summary", run, run, "--jobs", "0"]).status == 64)
        #expect(try CLI.run(["summary"]).status == 64)
    }
}
