import Foundation
import Testing
import TestSupport
import WorkoutEngine

/// The engine's one-shot summaries (`WorkoutSummary(contentsOfTrack:)`, `WorkoutSummary(samples:)`) take the
/// analysis series out of a builder that is done instead of copying it: the summary must be the very one
/// `summary(reading:)` gives for the same builder, on every bundled recording (GPX, TCX and FIT).
struct FinishingSummaryTests {
    static let trackNames: [String] = {
        let directory = TestPaths.repositoryRoot.appendingPathComponent("SampleTracks")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.filter { $0.hasSuffix(".gpx") || $0.hasSuffix(".tcx") || $0.hasSuffix(".fit") }.sorted()
    }()

    @Test(arguments: trackNames)
    func finishingSummaryEqualsTheSummary(_ name: String) throws {
        var builder = WorkoutBuilder(options: WorkoutOptions())
        let report = try TrackReader.read(TrackInput(path: TestPaths.sampleTrack(name).path), into: &builder)
        let summary = try builder.summary(reading: report)
        var finishing = builder
        let finished = try finishing.finishingSummary(reading: report)
        #expect(finished == summary)
        if summary.metrics.startTime != nil, summary.metrics.distanceMeters > 2_000 {
            #expect(!finished.analysis.splits.kilometers.isEmpty)  // not two empty analyses compared
        }
        // The series left the builder; its figures stayed.
        #expect(finishing.analysisSeries?.fixCount == 0)
        #expect(finishing.snapshot == builder.snapshot)
        // And the path the CLI takes gives the same summary.
        #expect(try WorkoutSummary(contentsOfTrack: TestPaths.sampleTrack(name).path) == summary)
    }
}
