import Foundation
import Testing
import TestSupport

/// A real recording with one optional value that does not parse (`<gpxdata:speed>n/a</gpxdata:speed>`, as a
/// public GPX test file has it) is summarised whole, with the field counted and one warning; `--strict`
/// refuses it (issue 12).
struct SkippedFieldCommandTests {
    /// The Suunto run (BSD-2-Clause, 1655 `trkpt`) with the speed of its second point (line 6) broken.
    static func brokenCopy() throws -> String {
        let original = try String(contentsOf: TestPaths.sampleTrack("run-suunto-ambit-hr-cad-pauses.gpx"), encoding: .utf8)
        let range = try #require(original.range(of: "<gpxdata:speed>3.04</gpxdata:speed>"))
        let broken = original.replacingCharacters(in: range, with: "<gpxdata:speed>n/a</gpxdata:speed>")
        return try CLI.temporaryFile("suunto-broken-speed.gpx", broken)
    }

    @Test func anUnparseableOptionalValueIsDroppedCountedAndWarnedOnce() throws {
        let path = try Self.brokenCopy()
        for command in [["summary", path], ["replay", path, "--as-fast-as-possible", "--fps", "1"], ["export", path, "--to", "csv"]] {
            let result = try CLI.run(command)
            #expect(result.status == 0, "\(command): \(result.standardError)")
            let warnings = result.standardError.split(separator: "\n").filter { $0.contains("warning:") }
            #expect(warnings.count == 1, "\(command): \(result.standardError)")
            #expect(warnings.first?.hasPrefix("route-replay: warning: \(path):6:") == true, "\(command): \(result.standardError)")
            #expect(warnings.first?.contains(#"speed: "n/a" did not parse; dropped from 1 sample"#) == true)
        }
        let summary = try CLI.summary(path, ["--filter", "none"])
        #expect(summary["skippedFields"] as? [String: Int] == ["speed": 1])
        // Every point of the file is kept (1655 trkpt, counted with grep).
        #expect(summary["receivedLocationCount"] as? Int == 1655)
        #expect(summary["locationCount"] as? Int == 1655)
        // And the distance is the plain geodesic sum of the file's coordinates.
        try SummaryCommandTests.expectFilterNoneEqualsGeod(URL(fileURLWithPath: path), element: "trkpt")
        // A clean file reports no skipped field.
        let clean = try CLI.summary(TestPaths.sampleTrack("run-suunto-ambit-hr-cad-pauses.gpx").path)
        #expect(clean["skippedFields"] as? [String: Int] == [:])
    }

    @Test func strictRefusesTheFile() throws {
        let path = try Self.brokenCopy()
        let result = try CLI.run(["summary", path, "--strict"])
        #expect(result.status == 65)
        #expect(result.standardOutput.isEmpty)
        #expect(result.standardError.contains("\(path):6:"))
        #expect(result.standardError.contains(#"speed: "n/a" is not a finite number"#))
    }
}

/// What the engine had to assume about a track (the summary's `warnings`) is said on standard error by every
/// command that reads one, as the reader's warnings are: before, only the JSON summary carried it, so a
/// text summary, a replay, an export or an import of a file with nothing to measure, or with a clock that
/// never moved, said nothing.
struct EngineWarningCommandTests {
    @Test(arguments: ["empty", "stuck clock"])
    func everyCommandSaysWhatTheEngineAssumed(_ kind: String) throws {
        let path: String, expected: String
        if kind == "empty" {
            path = TestPaths.sampleTrack("patho-empty-trkseg-oregon400t.gpx").path
            expected = "nothing to measure: the track holds no position and no heart rate, cadence, power or distance reading"
        } else {
            path = try CLI.temporaryFile("stuck-clock.gpx", """
                <?xml version="1.0"?><gpx version="1.1" creator="t" xmlns="http://www.topografix.com/GPX/1/1"><trk><trkseg>
                <trkpt lat="46.5" lon="7.5"><time>2020-01-01T00:00:00Z</time></trkpt>
                <trkpt lat="46.501" lon="7.5"><time>2020-01-01T00:00:00Z</time></trkpt>
                </trkseg></trk></gpx>
                """)
            expected = "all 2 fixes carry the same time (2020-01-01T00:00:00Z): the track is read as untimed"
        }
        let store = try CLI.temporaryFile("warnings-\(kind == "empty" ? "empty" : "stuck").db", "")
        try? FileManager.default.removeItem(atPath: store)
        for command in [["summary", path], ["summary", path, "--format", "text"], ["replay", path, "--as-fast-as-possible", "--fps", "1"],
                        ["export", path, "--to", "csv"], ["import", path, "--store", "sqlite:\(store)"]] {
            let result = try CLI.run(command)
            #expect(result.status == 0, "\(command): \(result.standardError)")
            let warnings = result.standardError.split(separator: "\n").filter { $0.contains("warning:") }
            #expect(warnings == ["route-replay: warning: \(path): \(expected)"[...]], "\(command): \(result.standardError)")
        }
    }
}
