import Foundation
import Geodesy
import RouteGeometry
import Testing
import TestSupport
import TrackFormats
import WorkoutCore
import WorkoutEngine
import WorkoutExports
import WorkoutSamples

/// The two ways a store takes a recording without the exports' copies: a recorder's points one by one
/// (`ExportRecorder.forEachPoint`) are its track's points, segment by segment; and a summary with its
/// simplified route (`WorkoutBuilder.summaryWithSimplifiedRoute`) is the summary, with the coordinates its
/// polyline encodes. On every sample track: several segments, empty segments, untimed routes, FIT and TCX.
struct RecordedPointsAndRouteTests {
    static func recorders(collectsAnalysis: Bool = true) throws -> [(name: String, recorder: ExportRecorder)] {
        let directory = TestPaths.repositoryRoot.appendingPathComponent("SampleTracks")
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
            .filter { ["gpx", "tcx", "fit"].contains(($0 as NSString).pathExtension) }.sorted()
        return try names.map { name in
            var recorder = ExportRecorder(options: WorkoutOptions(activity: .running, collectsAnalysis: collectsAnalysis))
            _ = try TrackReader.read(TrackInput(path: directory.appendingPathComponent(name).path), into: &recorder)
            return (name, recorder)
        }
    }

    @Test func aRecordersPointsAreItsTracksPoints() throws {
        let recorders = try Self.recorders()
        #expect(recorders.count >= 15)
        var severalSegments = 0
        for (name, recorder) in recorders {
            let track = recorder.track()
            var segments: [[ExportPoint]] = []
            recorder.forEachPoint { point, segment in
                if segment == segments.count { segments.append([]) }
                if segment == segments.count - 1 { segments[segment].append(point) }
            }
            #expect(segments == track.segments, "\(name)")
            #expect(recorder.segmentCount == track.segments.count, "\(name)")
            if track.segments.count > 1 { severalSegments += 1 }
        }
        #expect(severalSegments >= 2)
    }

    /// Without the analysis the fixes' distances are settled as they leave the smoother (the builder keeps
    /// them for the recorder): every point is the one the recorder with the analysis has, distance included
    /// (before, each was the live estimate of its moment, and the recording walked the smoother's window
    /// once per fix: a 20 000-record CSV export took three times as long).
    @Test func withoutTheAnalysisThePointsAreTheSame() throws {
        let with = try Self.recorders(), without = try Self.recorders(collectsAnalysis: false)
        #expect(with.map(\.name) == without.map(\.name))
        for ((name, full), (_, lean)) in zip(with, without) {
            #expect(lean.builder.analysisSeries == nil, "\(name)")
            #expect(lean.track().segments == full.track().segments, "\(name)")
        }
    }

    /// The same when the samples come one by one through `add(_:)` (a live session's path, and
    /// `ExportTrack(samples:)`): the live estimates the fixes carried are replaced by the settled distances.
    @Test func samplesAddedOneByOneAreTheSameWithoutTheAnalysis() throws {
        struct Collected: TrackSampleSink {
            var samples: [Sample] = []
            mutating func consume(_ sample: Sample) throws { samples.append(sample) }
        }
        let directory = TestPaths.repositoryRoot.appendingPathComponent("SampleTracks")
        for name in ["run-garmin-connect-hr-cadence.gpx", "run-suunto-ambit-hr-cad-pauses.gpx", "hike-garmin-gpsmap64s-2seg-elevation.gpx"] {
            var collected = Collected()
            _ = try TrackReader.read(TrackInput(path: directory.appendingPathComponent(name).path), into: &collected)
            let with = ExportTrack(samples: collected.samples, options: WorkoutOptions(activity: .running))
            let without = ExportTrack(samples: collected.samples, options: WorkoutOptions(activity: .running, collectsAnalysis: false))
            #expect(without.segments == with.segments, "\(name)")
            #expect(with.pointCount > 500, "\(name)")
        }
    }

    @Test func aSummaryWithItsSimplifiedRouteIsTheSummary() throws {
        for (name, recorder) in try Self.recorders() {
            let (summary, route) = try recorder.builder.summaryWithSimplifiedRoute()
            #expect(summary.jsonText() == (try recorder.builder.summary()).jsonText(), "\(name)")
            #expect(route.count == summary.route.simplifiedPointCount, "\(name)")
            #expect(EncodedPolyline.encode(route) == summary.route.encodedPolyline, "\(name)")
            // The polyline read back is the route rounded to 1e-5 degrees.
            let decoded = try EncodedPolyline.decode(summary.route.encodedPolyline)
            #expect(decoded.count == route.count, "\(name)")
            let off = zip(decoded, route).map { max(abs($0.latitude - $1.latitude), abs($0.longitude - $1.longitude)) }.max() ?? 0
            #expect(off <= 0.5e-5 + 1e-12, "\(name): \(off)")
        }
    }
}
