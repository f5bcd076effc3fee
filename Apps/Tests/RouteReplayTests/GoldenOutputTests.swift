import WorkoutEngine
import Foundation
import Testing
import TestSupport

/// The CLI's outputs on the bundled sample tracks, byte for byte, against golden files saved before the
/// engine was split along its data flow (issue 14). A difference is either a regression or a fix; a fix
/// updates the golden file in the same commit and names itself there and in the README.
///
/// Regenerate after a deliberate change with `scripts/update-golden.sh`.
struct GoldenOutputTests {
    static let golden = TestPaths.repositoryRoot.appendingPathComponent("Tests/Golden")

    static var sampleTracks: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: TestPaths.repositoryRoot.appendingPathComponent("SampleTracks").path)) ?? [])
            .filter { $0.hasSuffix(".gpx") || $0.hasSuffix(".tcx") }
            .filter { FileManager.default.fileExists(atPath: golden.appendingPathComponent(goldenName($0, "summary.json")).path) }
            .sorted()
    }

    static func goldenName(_ track: String, _ suffix: String) -> String {
        (track as NSString).deletingPathExtension + "." + suffix
    }

    /// The golden file's text (gunzipped when its name ends in `.gz`).
    static func goldenText(_ name: String) throws -> String {
        let url = golden.appendingPathComponent(name)
        if name.hasSuffix(".gz") {
            let result = try runProcess("gzip", ["-dc", url.path])
            try #require(result.status == 0, "gzip -dc \(name): \(result.standardError)")
            return result.standardOutput
        }
        return try String(contentsOf: url, encoding: .utf8)
    }

    /// Expects `actual` to equal the golden file, naming the first differing line when it does not.
    static func expectSame(_ actual: String, golden name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let expected = try goldenText(name)
        guard actual != expected else { return }
        let a = actual.split(separator: "\n", omittingEmptySubsequences: false)
        let e = expected.split(separator: "\n", omittingEmptySubsequences: false)
        let index = zip(a, e).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(a.count, e.count)
        let got = index < a.count ? String(a[index].prefix(400)) : "<end>"
        let want = index < e.count ? String(e[index].prefix(400)) : "<end>"
        Issue.record("\(name): line \(index + 1) differs\n  got:  \(got)\n  want: \(want)", sourceLocation: sourceLocation)
    }

    @Test(arguments: sampleTracks)
    func summaryJSON(_ track: String) throws {
        let result = try CLI.run(["summary", TestPaths.sampleTrack(track).path, "--format", "json"])
        #expect(result.status == 0)
        try Self.expectSame(result.standardOutput, golden: Self.goldenName(track, "summary.json"))
    }

    @Test func replayOfTheSuuntoRunWithAScheduledPause() throws {
        let result = try CLI.run(["replay", TestPaths.sampleTrack("run-suunto-ambit-hr-cad-pauses.gpx").path,
                                  "--as-fast-as-possible", "--fps", "2", "--pause-at", "600", "--resume-at", "720"])
        #expect(result.status == 0)
        try Self.expectSame(result.standardOutput, golden: "run-suunto-ambit-hr-cad-pauses.replay-fps2-pause600-720.ndjson.gz")
    }

    @Test func replayOfTheGarminRunWithAutoPause() throws {
        let result = try CLI.run(["replay", TestPaths.sampleTrack("run-garmin-connect-hr-cadence.gpx").path,
                                  "--as-fast-as-possible", "--fps", "1", "--auto-pause"])
        #expect(result.status == 0)
        try Self.expectSame(result.standardOutput, golden: "run-garmin-connect-hr-cadence.replay-fps1-autopause.ndjson.gz")
    }

    @Test(arguments: [("run-suunto-ambit-hr-cad-pauses.gpx", "csv"), ("run-suunto-ambit-hr-cad-pauses.gpx", "gpx"),
                      ("hike-garmin-gpsmap64s-2seg-elevation.gpx", "geojson")])
    func export(_ track: String, format: String) throws {
        let result = try CLI.run(["export", TestPaths.sampleTrack(track).path, "--to", format])
        #expect(result.status == 0)
        try Self.expectSame(result.standardOutput, golden: Self.goldenName(track, "export.\(format).gz"))
    }
}
