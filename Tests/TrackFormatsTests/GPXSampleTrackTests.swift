import Foundation
import Testing
import TestSupport
@testable import TrackFormats
import WorkoutSamples

/// `GPXReader` on the real tracks in `SampleTracks/`. Expected counts come from SOURCES.md and were
/// re-checked with Python's `xml.etree` (counting `trkpt`/`rtept`/`trkseg`/extension elements); literal
/// values were read from the files with `grep`, and epoch seconds computed with Python's
/// `calendar.timegm`.
struct GPXSampleTrackTests {
    @Test func garminConnectRunWithHeartRateAndCadence() throws {
        let (report, sink) = try GPXTestReading.read(TestPaths.sampleTrack("run-garmin-connect-hr-cadence.gpx"))
        #expect(report.format == .gpx)
        #expect(report.locationCount == 988)
        #expect(report.activityName == "running")
        #expect(sink.heartRates.count == 988)
        #expect(sink.cadences.count == 988)
        #expect(sink.weather.isEmpty)
        #expect(sink.segmentStarts == 1)
        #expect(report.sampleCount == 988 * 3 + 1)
        #expect(report.sampleCount == sink.samples.count)
        // `<trk><name>casual stroll</name><type>running</type><trkseg>`: the name comes before the segment.
        #expect(sink.entries.first == .activity("running"))
        #expect(sink.entries.dropFirst().first == .sample(.event(WorkoutEventSample(time: nil, kind: .segmentStart))))

        // First trkpt, from `grep -m1 -A8 '<trkpt' run-garmin-connect-hr-cadence.gpx`:
        // lat="37.24173816852271556854248046875" lon="-121.9723242335021495819091796875", <ele>104</ele>,
        // <time>2017-07-29T14:46:35.000Z</time> (= 1501339595 s), <ns3:hr>74</ns3:hr>, <ns3:cad>79</ns3:cad>.
        let first = try #require(sink.locations.first)
        #expect(first.latitude == 37.24173816852271556854248046875)
        #expect(first.longitude == -121.9723242335021495819091796875)
        #expect(first.altitudeMeters == 104)
        #expect(first.time == 1_501_339_595)
        #expect(first.hasFix)
        #expect(first.horizontalAccuracyMeters == nil)
        #expect(first.speedMetersPerSecond == nil)
        let samples = sink.samples
        #expect(samples[1] == .location(first))
        #expect(samples[2] == .heartRate(HeartRateSample(time: 1_501_339_595, beatsPerMinute: 74)))
        #expect(samples[3] == .cadence(CadenceSample(time: 1_501_339_595, perMinute: 79)))

        // Last trkpt: <time>2017-07-29T16:18:13.000Z</time> (= 1501345093 s), <ele>98.40000152587890625</ele>.
        let last = try #require(sink.locations.last)
        #expect(last.time == 1_501_345_093)
        #expect(last.altitudeMeters == 98.40000152587890625)
        #expect(last.latitude == 37.240441404283046722412109375)
    }

    @Test func suuntoRunWithCluetrustExtensions() throws {
        let (report, sink) = try GPXTestReading.read(TestPaths.sampleTrack("run-suunto-ambit-hr-cad-pauses.gpx"))
        #expect(report.locationCount == 1655)
        #expect(report.activityName == nil)
        #expect(sink.heartRates.count == 1655)
        #expect(sink.cadences.count == 1655)
        #expect(sink.weather.count == 1655)
        #expect(sink.segmentStarts == 1)
        #expect(sink.locations.allSatisfy { $0.time != nil && $0.speedMetersPerSecond != nil })

        // First trkpt: lat="48.3176978" lon="14.3050261", <ele>261</ele>, 2022-04-27T13:41:25.000Z
        // (= 1651066885 s), gpxdata hr 150, cadence 85, temp 23.9, speed 2.99.
        let first = try #require(sink.locations.first)
        #expect(first.latitude == 48.3176978)
        #expect(first.longitude == 14.3050261)
        #expect(first.altitudeMeters == 261)
        #expect(first.time == 1_651_066_885)
        #expect(first.speedMetersPerSecond == 2.99)
        #expect(sink.heartRates.first == HeartRateSample(time: 1_651_066_885, beatsPerMinute: 150))
        #expect(sink.cadences.first == CadenceSample(time: 1_651_066_885, perMinute: 85))
        #expect(sink.weather.first == WeatherSample(time: 1_651_066_885, temperatureCelsius: 23.9))
        // Second point: 2022-04-27T13:41:28.002Z: milliseconds kept.
        #expect(sink.locations[1].time == 1_651_066_888.002)

        // Last trkpt: lat="48.315051", 2022-04-27T15:20:45.370Z, hr 169, cadence 0, temp 16.9, speed 1.16.
        let last = try #require(sink.locations.last)
        #expect(last.latitude == 48.315051)
        #expect(last.time == 1_651_072_845.370)
        #expect(last.speedMetersPerSecond == 1.16)
        #expect(sink.heartRates.last?.beatsPerMinute == 169)
        #expect(sink.cadences.last?.perMinute == 0)
        #expect(sink.weather.last?.temperatureCelsius == 16.9)
        // Sample order per point: location, heart rate, cadence, weather.
        let samples = sink.samples
        #expect(samples.count == 1 + 1655 * 4)
        if case .location = samples[1], case .heartRate = samples[2], case .cadence = samples[3], case .weather = samples[4] {
        } else {
            Issue.record("unexpected order: \(samples[1...4])")
        }
    }

    @Test func garminHikeWithTwoSegments() throws {
        let (report, sink) = try GPXTestReading.read(TestPaths.sampleTrack("hike-garmin-gpsmap64s-2seg-elevation.gpx"))
        #expect(report.locationCount == 3540)
        #expect(sink.segmentStarts == 2)
        #expect(sink.heartRates.isEmpty)
        // <trkpt lat="47.4844814278" lon="10.9756895620"><ele>860.00</ele><time>2019-05-01T04:31:11Z</time>
        let first = try #require(sink.locations.first)
        #expect(first.latitude == 47.4844814278)
        #expect(first.longitude == 10.9756895620)
        #expect(first.altitudeMeters == 860)
        #expect(first.time == 1_556_685_071)
        // 35 points in the first segment, 3505 in the second.
        let samples = sink.samples
        let segmentIndices = samples.indices.filter { if case .event = samples[$0] { true } else { false } }
        #expect(segmentIndices == [0, 36])
    }

    @Test func allTrailsRouteWithoutTimes() throws {
        let (report, sink) = try GPXTestReading.read(TestPaths.sampleTrack("route-alltrails-rte-no-time.gpx"))
        #expect(report.locationCount == 139)
        #expect(sink.segmentStarts == 1)
        #expect(sink.locations.allSatisfy { $0.time == nil })
        // <rtept lat="37.79804000" lon="-122.457440"><ele>28.000000</ele>
        #expect(sink.locations.first == LocationSample(time: nil, latitude: 37.79804, longitude: -122.45744, altitudeMeters: 28))
    }

    @Test func outdooractivePlannedTrackIgnoresWaypoints() throws {
        let (report, sink) = try GPXTestReading.read(TestPaths.sampleTrack("hike-outdooractive-planned-trk-no-time-waypoints.gpx"))
        #expect(report.locationCount == 859)
        // Four <wpt> carry <type>s of their own (first: "Radfahrerfreundliche Gastgeber"); the track's, on
        // line 45, is <type>mountaineering</type>.
        #expect(report.activityName == "mountaineering")
        #expect(sink.activities == ["mountaineering"])
        #expect(sink.locations.allSatisfy { $0.time == nil })
        // The first <wpt> is at lat 47.650893; the first <trkpt> is lat="47.642691" lon="14.697046", ele 616.5389.
        #expect(sink.locations.first == LocationSample(time: nil, latitude: 47.642691, longitude: 14.697046, altitudeMeters: 616.5389))
    }

    @Test func emptySegment() throws {
        let (report, sink) = try GPXTestReading.read(TestPaths.sampleTrack("patho-empty-trkseg-oregon400t.gpx"))
        #expect(report.locationCount == 0)
        #expect(report.sampleCount == 1)
        #expect(sink.segmentStarts == 1)
    }

    @Test func duplicatePointsWithEmptyElevation() throws {
        let (report, sink) = try GPXTestReading.read(TestPaths.sampleTrack("patho-duplicate-points-empty-ele-ridewithgps.gpx"))
        #expect(report.locationCount == 3)
        // <ele/> on every point; times 2022-04-24T20:54:33Z (= 1650833673 s) and the next two seconds.
        #expect(sink.locations.map(\.altitudeMeters) == [nil, nil, nil])
        #expect(sink.locations.map(\.time) == [1_650_833_673, 1_650_833_674, 1_650_833_675])
        #expect(sink.locations.allSatisfy { $0.latitude == 45.454350 && $0.longitude == -121.933136 })
    }

    @Test func calTopoTwoTracks() throws {
        let (report, sink) = try GPXTestReading.read(TestPaths.sampleTrack("patho-caltopo-2tracks-repeated-timestamps.gpx"))
        #expect(report.locationCount == 6)
        #expect(sink.segmentStarts == 2)
        // Day 01 repeats 2019-08-12T23:45:00Z (= 1565653500 s) three times.
        #expect(sink.locations.prefix(3).map(\.time) == [1_565_653_500, 1_565_653_500, 1_565_653_500])
    }

    static let sampleTracks = [
        "run-garmin-connect-hr-cadence.gpx",
        "run-suunto-ambit-hr-cad-pauses.gpx",
        "hike-garmin-gpsmap64s-2seg-elevation.gpx",
        "route-alltrails-rte-no-time.gpx",
        "hike-outdooractive-planned-trk-no-time-waypoints.gpx",
        "patho-empty-trkseg-oregon400t.gpx",
        "patho-duplicate-points-empty-ele-ridewithgps.gpx",
        "patho-caltopo-2tracks-repeated-timestamps.gpx",
    ]

    /// Chunk boundaries fall everywhere: inside names, numbers, entities, multi-byte characters.
    @Test(arguments: sampleTracks)
    func chunkSizeDoesNotChangeOutput(name: String) throws {
        let url = TestPaths.sampleTrack(name)
        let reference = try GPXTestReading.read(url)
        for chunkSize in [5, 61, 4093] {
            let chunked = try GPXTestReading.read(url, chunkSize: chunkSize)
            #expect(chunked.report == reference.report, "chunk size \(chunkSize)")
            #expect(chunked.sink.entries == reference.sink.entries, "chunk size \(chunkSize)")
        }
    }

    @Test func oneByteChunks() throws {
        let url = TestPaths.sampleTrack("run-garmin-connect-hr-cadence.gpx")
        let reference = try GPXTestReading.read(url)
        let chunked = try GPXTestReading.read(url, chunkSize: 1)
        #expect(chunked.report == reference.report)
        #expect(chunked.sink.entries == reference.sink.entries)
    }

    /// The public entry point picks the GPX reader from the extension and from the first byte.
    @Test func trackReaderDispatchesToGPX() throws {
        let url = TestPaths.sampleTrack("patho-caltopo-2tracks-repeated-timestamps.gpx")
        var sink = RecordingSink()
        let report = try TrackReader.read(TrackInput(path: url.path), into: &sink)
        #expect(report.format == .gpx)
        #expect(report.locationCount == 6)

        // Same bytes under a name without an extension: sniffed from `<`.
        let copy = try TestPaths.temporaryDirectory("gpx").appendingPathComponent("track")
        try FileManager.default.copyItem(at: url, to: copy)
        defer { try? FileManager.default.removeItem(at: copy.deletingLastPathComponent()) }
        var sniffedSink = RecordingSink()
        let sniffed = try TrackReader.read(TrackInput(path: copy.path), into: &sniffedSink)
        #expect(sniffed == report)
        #expect(sniffedSink.entries == sink.entries)
    }
}
