import Foundation
import Geodesy
import RouteGeometry
import Testing
import TestSupport
import TrackFormats
import WorkoutCore
import WorkoutEngine
import WorkoutExports
import WorkoutPersistence
import WorkoutSamples

/// `ExportTrack.outside(_:)` and the recorder fed a session's inputs.
@Suite struct ExportPrivacyAndInputsTests {
    static func run() throws -> ExportTrack {
        try ExportTrack(contentsOfTrack: TestPaths.sampleTrack("run-garmin-connect-hr-cadence.gpx").path)
    }

    @Test func theSharedTrackLeavesOutTheZonesAndKeepsTheFigures() throws {
        let track = try Self.run()
        let first = try #require(track.segments.first?.first).location
        let zone = PrivacyZone(center: GeoCoordinate(latitude: first.latitude, longitude: first.longitude), radiusMeters: 300)
        let shared = try track.outside([zone])
        let all = track.segments.joined().map(\.location)
        let kept = shared.segments.joined().map(\.location)
        // Exactly the fixes outside the zone, in order, by geod's distances to its centre.
        var latitudes: [Double] = [], longitudes: [Double] = []
        for fix in all { latitudes += [zone.center.latitude, fix.latitude]; longitudes += [zone.center.longitude, fix.longitude] }
        let distances = try GeodReference.inverseDistancesMeters(latitudes: latitudes, longitudes: longitudes)
        let outside = all.enumerated().filter { distances[2 * $0.offset] > 300.01 }.map(\.element)
        #expect(kept == outside)
        #expect(kept.count < all.count)
        #expect(shared.metrics == track.metrics)
        // The GPX written from it holds no hidden fix, and its first point is the first one outside.
        let gpx = shared.writeGPX(to: "")
        #expect(gpx.contains("lat=\"\(DecimalText.shortest(outside[0].latitude))\""))
        #expect(!gpx.contains("lat=\"\(DecimalText.shortest(first.latitude))\" lon=\"\(DecimalText.shortest(first.longitude))\""))
        #expect(shared.startAndBounds?.start == GeoCoordinate(latitude: outside[0].latitude, longitude: outside[0].longitude))
        #expect(try track.outside([]).segments == track.segments)
    }

    @Test func aRecorderFedAJournalsInputsKeepsTheSameTrack() throws {
        // A live session's inputs (samples and calls), journaled and read back as inputs.
        struct Collector: TrackSampleSink { var samples: [Sample] = []; mutating func consume(_ sample: Sample) throws { samples.append(sample) } }
        var collector = Collector()
        _ = try TrackReader.read(TrackInput(path: TestPaths.sampleTrack("run-garmin-connect-hr-cadence.gpx").path), into: &collector)
        var direct = ExportRecorder(options: WorkoutOptions(activity: .running))
        var records: [JournalRecord] = []
        var index = 0
        for sample in collector.samples {
            if index == 1000, let time = sample.time {
                records.append(JournalRecord(direct.apply(.call(WorkoutEventSample(time: time, kind: .pause)))!))
                records.append(JournalRecord(direct.apply(.call(WorkoutEventSample(time: time + 60, kind: .resume)))!))
            }
            records.append(JournalRecord(direct.add(sample)))
            index += 1
        }
        var replayed = ExportRecorder(options: WorkoutOptions(activity: .running))
        for record in records { replayed.apply(record.input) }
        #expect(replayed.track().segments == direct.track().segments)
        #expect(replayed.builder.snapshot == direct.builder.snapshot)
        #expect(direct.builder.snapshot.pauseCount >= 1)
    }
}
