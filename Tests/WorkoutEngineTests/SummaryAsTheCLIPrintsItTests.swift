import Foundation
import Testing
import TestSupport
import WorkoutEngine

/// What the README and GettingStarted say about `jsonText()` and `route-replay summary`: the CLI keeps its
/// route decimated to half the simplification tolerance, so a library summary equals the CLI's output
/// (the golden files, which the Apps package's GoldenOutputTests check against the CLI) only with that
/// `routeStorage`; with the default `.everyFix` the simplified route differs.
struct SummaryAsTheCLIPrintsItTests {
    static let golden = TestPaths.repositoryRoot.appendingPathComponent("Tests/Golden")

    static func goldenSummary(_ track: String) -> URL {
        golden.appendingPathComponent((track as NSString).deletingPathExtension + ".summary.json")
    }

    static var tracks: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: TestPaths.sampleTrack("").path)) ?? [])
            .filter { ($0.hasSuffix(".gpx") || $0.hasSuffix(".tcx")) && FileManager.default.fileExists(atPath: goldenSummary($0).path) }
            .sorted()
    }

    @Test func theCLIsOptionsGiveTheCLIsJSON() throws {
        let tracks = Self.tracks
        #expect(tracks.count >= 5)
        var differingWithEveryFix = 0
        for track in tracks {
            let expected = try String(contentsOf: Self.goldenSummary(track), encoding: .utf8)
            var options = WorkoutOptions()
            options.routeStorage = .decimated(toleranceMeters: options.simplificationToleranceMeters / 2)
            let asTheCLI = try WorkoutSummary(contentsOfTrack: TestPaths.sampleTrack(track).path, options: options)
            #expect(asTheCLI.jsonText() + "\n" == expected, "\(track)")

            let everyFix = try WorkoutSummary(contentsOfTrack: TestPaths.sampleTrack(track).path)
            if everyFix.jsonText() + "\n" != expected {
                differingWithEveryFix += 1
                // Only the simplified route differs.
                #expect(everyFix.route.simplifiedPointCount != asTheCLI.route.simplifiedPointCount
                            || everyFix.route.encodedPolyline != asTheCLI.route.encodedPolyline, "\(track)")
                var patched = everyFix
                patched.route.simplifiedPointCount = asTheCLI.route.simplifiedPointCount
                patched.route.encodedPolyline = asTheCLI.route.encodedPolyline
                #expect(patched.jsonText() == asTheCLI.jsonText(), "\(track)")
            }
        }
        #expect(differingWithEveryFix * 2 > tracks.count, "most files differ with every fix kept: \(differingWithEveryFix) of \(tracks.count)")
    }
}
