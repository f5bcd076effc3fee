import Foundation
import Testing
import TestSupport
@testable import TrackFormats
import WorkoutSamples

/// `TCXReader` on small inline documents written to temporary files.
struct TCXReaderTests {
    static let t0 = 1_577_836_800.0  // 2020-01-01T00:00:00Z

    // MARK: Values

    @Test func trackpointValuesAndTPXUnderAnyPrefix() throws {
        let body = """
        <Activity Sport="Biking"><Id>2020-01-01T00:00:00Z</Id>
          <Lap StartTime="2020-01-01T00:00:00Z"><TotalTimeSeconds>10</TotalTimeSeconds><TriggerMethod>Time</TriggerMethod>
            <Track>
              <Trackpoint><Time>2020-01-01T00:00:00Z</Time>
                <Position><LatitudeDegrees>46.5</LatitudeDegrees><LongitudeDegrees>15.25</LongitudeDegrees></Position>
                <AltitudeMeters>1257.5</AltitudeMeters><DistanceMeters>0.75</DistanceMeters>
                <HeartRateBpm><Value>83</Value></HeartRateBpm><Cadence>90</Cadence>
                <Extensions><q:TPX><q:Speed>5.5</q:Speed><q:Watts>210</q:Watts><q:RunCadence>77</q:RunCadence></q:TPX></Extensions>
              </Trackpoint>
              <Trackpoint><Time>2020-01-01T00:00:01.5Z</Time>
                <HeartRateBpm><Value>84</Value></HeartRateBpm><DistanceMeters>2</DistanceMeters>
                <Extensions><TPX xmlns="http://www.garmin.com/xmlschemas/ActivityExtension/v2"><RunCadence>78</RunCadence></TPX>
                  <o:TPX xmlns:o="http://example.com/other"><o:Watts>999</o:Watts></o:TPX></Extensions>
              </Trackpoint>
            </Track>
          </Lap>
          <Creator><Name>Edge &amp; Co</Name></Creator>
        </Activity>
        """
        let text = tcx(body, extraNamespaces: #" xmlns:q="http://www.garmin.com/xmlschemas/ActivityExtension/v2""#)
        let (report, sink) = try TCXTestReading.read(text)
        let t = Self.t0
        #expect(sink.entries == [
            .activity("Biking"),
            .sample(.event(WorkoutEventSample(time: nil, kind: .segmentStart))),
            .sample(.location(LocationSample(time: t, latitude: 46.5, longitude: 15.25, altitudeMeters: 1257.5, speedMetersPerSecond: 5.5))),
            .sample(.heartRate(HeartRateSample(time: t, beatsPerMinute: 83))),
            // The trackpoint's own Cadence wins over RunCadence.
            .sample(.cadence(CadenceSample(time: t, perMinute: 90))),
            .sample(.power(PowerSample(time: t, watts: 210))),
            .sample(.distance(DistanceSample(time: t, cumulativeMeters: 0.75))),
            // No position: the sensor samples still come, with the trackpoint's time.
            .sample(.heartRate(HeartRateSample(time: t + 1.5, beatsPerMinute: 84))),
            .sample(.cadence(CadenceSample(time: t + 1.5, perMinute: 78))),
            .sample(.distance(DistanceSample(time: t + 1.5, cumulativeMeters: 2))),
            .sample(.event(WorkoutEventSample(time: t + 1.5, kind: .lap, lapTrigger: .time))),
        ])
        #expect(report.locationCount == 1)
        #expect(report.sampleCount == sink.samples.count)
        #expect(report.device == DeviceRecord(product: "Edge & Co", sport: "Biking", timerSeconds: 10, elapsedSeconds: 1.5))
        #expect(report.deviceLaps == [DeviceLap(startTime: t, endTime: t + 1.5, timerSeconds: 10, trigger: .time)])
    }

    /// Laps: an event at each lap's end (N laps give N events), totals summed, the average heart rate
    /// weighted by lap time: (140 × 600 + 160 × 300) / 900 = 146.67.
    @Test func lapsAndDeviceTotals() throws {
        func point(_ seconds: Int) -> String {
            "<Trackpoint><Time>\(ISO8601Text.string(secondsSince1970: Self.t0 + Double(seconds))!)</Time><Position><LatitudeDegrees>1</LatitudeDegrees><LongitudeDegrees>2</LongitudeDegrees></Position></Trackpoint>"
        }
        let body = """
        <Activity Sport="Running">
          <Lap StartTime="2020-01-01T00:00:00Z"><TotalTimeSeconds>600</TotalTimeSeconds><DistanceMeters>1000</DistanceMeters>
            <Calories>50</Calories><AverageHeartRateBpm><Value>140</Value></AverageHeartRateBpm>
            <MaximumHeartRateBpm><Value>170</Value></MaximumHeartRateBpm><TriggerMethod>Distance</TriggerMethod>
            <Track>\(point(0))\(point(590))</Track></Lap>
          <Lap StartTime="2020-01-01T00:10:00Z"><TotalTimeSeconds>300</TotalTimeSeconds><DistanceMeters>500.5</DistanceMeters>
            <Calories>30</Calories><AverageHeartRateBpm><Value>160</Value></AverageHeartRateBpm>
            <MaximumHeartRateBpm><Value>181</Value></MaximumHeartRateBpm><TriggerMethod>Manual</TriggerMethod>
            <Track>\(point(600))</Track><Track>\(point(1000))</Track></Lap>
          <Lap StartTime="2020-01-01T00:20:00Z"><TotalTimeSeconds>60</TotalTimeSeconds><TriggerMethod>Location</TriggerMethod></Lap>
        </Activity>
        """
        let (report, sink) = try TCXTestReading.read(tcx(body))
        let t = Self.t0
        #expect(sink.laps == [
            // The device's lap runs to the next lap's StartTime (= its StartTime + TotalTimeSeconds), 10 s
            // after its last trackpoint.
            WorkoutEventSample(time: t + 600, kind: .lap, lapTrigger: .distance),
            // StartTime + TotalTimeSeconds (t + 900) is before its last trackpoint (a gap between its
            // Tracks): the lap ends there.
            WorkoutEventSample(time: t + 1000, kind: .lap, lapTrigger: .manual),
            // No trackpoint: the lap ends at the latest sample (untimed), so its StartTime cannot move the
            // clock; the device's lap ends at its start plus its time.
            WorkoutEventSample(time: nil, kind: .lap, lapTrigger: .position),
        ])
        // The first lap's Track starts the segment; the second lap's first Track goes on with it (a lap
        // boundary), its second (after a timer stop) starts one.
        #expect(sink.segmentStarts == 2)
        let device = try #require(report.device)
        #expect(device.distanceMeters == 1500.5)
        #expect(device.timerSeconds == 960)
        #expect(device.kilocalories == 80)
        #expect(device.maximumHeartRate == 181)
        #expect(try #require(device.averageHeartRate).isApproximatelyEqual(to: (140.0 * 600 + 160 * 300) / 900, relativeTolerance: 1e-15))
        #expect(device.elapsedSeconds == 1000)
        #expect(report.deviceLaps.map(\.distanceMeters) == [1000, 500.5, nil])
        #expect(report.deviceLaps.map(\.endTime) == [t + 590, t + 1000, t + 1260])
        // Each lap keeps its own energy and heart rates; TCX states no ascent.
        #expect(report.deviceLaps.map(\.kilocalories) == [50, 30, nil])
        #expect(report.deviceLaps.map(\.averageHeartRate) == [140, 160, nil])
        #expect(report.deviceLaps.map(\.maximumHeartRate) == [170, 181, nil])
        #expect(report.deviceLaps.allSatisfy { $0.ascentMeters == nil && $0.descentMeters == nil })
    }

    /// Which `Track` starts a segment: an activity's first (a second `Activity`'s too), a lap's second, and a
    /// lap's first when the device's timer stopped between the laps (the lap's `StartTime` 40 s after the lap
    /// before's `StartTime` + `TotalTimeSeconds`); a lap's first after a lap the timer ran on from (1 s
    /// apart) goes on with the segment.
    @Test func segmentsFollowTheTimerNotTheLaps() throws {
        func point(_ seconds: Int) -> String {
            "<Trackpoint><Time>\(ISO8601Text.string(secondsSince1970: Self.t0 + Double(seconds))!)</Time><Position><LatitudeDegrees>1</LatitudeDegrees><LongitudeDegrees>2</LongitudeDegrees></Position></Trackpoint>"
        }
        func lap(_ start: Int, _ total: Int, _ tracks: [[Int]]) -> String {
            "<Lap StartTime=\"\(ISO8601Text.string(secondsSince1970: Self.t0 + Double(start))!)\"><TotalTimeSeconds>\(total)</TotalTimeSeconds>"
                + tracks.map { "<Track>" + $0.map(point).joined() + "</Track>" }.joined() + "</Lap>"
        }
        let body = """
        <Activity Sport="Running">\(lap(0, 100, [[0, 99]]))\(lap(101, 100, [[101, 200]]))\(lap(241, 60, [[241, 300]]))</Activity>
        <Activity Sport="Running">\(lap(400, 100, [[400, 450], [460, 499]]))</Activity>
        """
        let (_, sink) = try TCXTestReading.read(tcx(body))
        // Lap 1's Track; lap 3's (the timer stopped for 40 s); the second Activity's; its lap's second Track.
        #expect(sink.segmentStarts == 4)
    }

    /// A `MultiSportSession` (Garmin Training Center's multisport workout): the `Activity` of its `FirstSport`
    /// and of each `NextSport` are read, each starting a segment, with the first one's sport; a
    /// `NextSport`'s `Transition` is not a lap of the workout.
    @Test func aMultiSportSessionIsReadIntoOneWorkout() throws {
        func point(_ seconds: Int) -> String {
            "<Trackpoint><Time>\(ISO8601Text.string(secondsSince1970: Self.t0 + Double(seconds))!)</Time><Position><LatitudeDegrees>1</LatitudeDegrees><LongitudeDegrees>2</LongitudeDegrees></Position></Trackpoint>"
        }
        let body = """
        <MultiSportSession><Id>2020-01-01T00:00:00Z</Id>
          <FirstSport><Activity Sport="Running"><Lap StartTime="2020-01-01T00:00:00Z"><TotalTimeSeconds>60</TotalTimeSeconds>
            <Track>\(point(0))\(point(60))</Track></Lap></Activity></FirstSport>
          <NextSport><Transition StartTime="2020-01-01T00:01:00Z"><TotalTimeSeconds>30</TotalTimeSeconds></Transition>
            <Activity Sport="Biking"><Lap StartTime="2020-01-01T00:01:30Z"><TotalTimeSeconds>60</TotalTimeSeconds>
            <Track>\(point(90))\(point(150))</Track></Lap></Activity></NextSport>
        </MultiSportSession>
        """
        let (report, sink) = try TCXTestReading.read(tcx(body))
        #expect(report.locationCount == 4)
        #expect(sink.segmentStarts == 2)
        #expect(sink.laps.count == 2)
        #expect(report.activityName == "Running")
    }

    /// Read through `TrackReader` (so read twice), a `MultiSportSession` whose legs name two or more sports
    /// the engine knows is announced as its fastest leg's, as written, before any sample, and only that
    /// (its run-first, ride-second legs under a runner's rules lost the ride's fixes above 12.5 m/s); read
    /// once, it is its first leg's. A document of plain activities is announced once, by the reader.
    @Test func aMultiSportSessionIsItsFastestLeg() throws {
        func point(_ seconds: Int) -> String {
            "<Trackpoint><Time>\(ISO8601Text.string(secondsSince1970: Self.t0 + Double(seconds))!)</Time><Position><LatitudeDegrees>1</LatitudeDegrees><LongitudeDegrees>2</LongitudeDegrees></Position></Trackpoint>"
        }
        func leg(_ part: String, _ sport: String, _ start: Int) -> String {
            "<\(part)><Activity Sport=\"\(sport)\"><Lap><Track>\(point(start))\(point(start + 60))</Track></Lap></Activity></\(part)>"
        }
        func readTwice(_ body: String) throws -> RecordingSink {
            var sink = RecordingSink()
            _ = try TrackReader.read(TrackInput(bytes: Array(tcx(body).utf8), name: "legs.tcx"), into: &sink)
            return sink
        }
        let triathlon = "<MultiSportSession><Id>2020-01-01T00:00:00Z</Id>" + leg("FirstSport", "Other", 0)
            + leg("NextSport", "Running", 100) + leg("NextSport", "Biking", 200) + leg("NextSport", "Running", 300) + "</MultiSportSession>"
        let twice = try readTwice(triathlon)
        #expect(twice.entries.first == .activity("Biking"))
        #expect(twice.activities == ["Biking"])
        #expect(twice.locations.count == 8)
        #expect(try TCXTestReading.read(tcx(triathlon)).sink.activities == ["Other"])

        // A swim, then a ride: the ride's sport, though the engine knows only one of the two.
        let swimThenRide = "<MultiSportSession>" + leg("FirstSport", "Other", 0) + leg("NextSport", "Biking", 100) + "</MultiSportSession>"
        #expect(try readTwice(swimThenRide).activities == ["Biking"])
        // Legs of one sport, and plain activities (the scan stops at the first): the reader's first sport.
        let oneSport = "<MultiSportSession>" + leg("FirstSport", "Running", 0) + leg("NextSport", "Running", 100) + "</MultiSportSession>"
        #expect(try readTwice(oneSport).activities == ["Running"])
        // Only the first session's legs count: a later session is another workout (left out by the engine
        // when it is dated before the first, as Training Center lists them).
        let twoSessions = oneSport + "<MultiSportSession>" + leg("FirstSport", "Running", -900) + leg("NextSport", "Biking", -800) + "</MultiSportSession>"
        #expect(try readTwice(twoSessions).activities == ["Running"])
        let plain = (0..<200).map { #"<Activity Sport="\#($0 == 0 ? "Running" : "Biking")"><Lap><Track>\#(point($0 * 100))</Track></Lap></Activity>"# }
        #expect(try readTwice(plain.joined()).activities == ["Running"])
        var scanned = FormatSniffingInput(TrackInput(bytes: Array(tcx(plain.joined() + triathlon).utf8), name: "plain.tcx"))
        #expect(TCXReader().multisportLegs(&scanned).isEmpty)
    }

    /// The device's elapsed time is each workout's, from its first to its last timed trackpoint, summed: a
    /// file of several activities listed latest first (Training Center's export of three runs, Runalyze's
    /// test file) read -269,418 s from the file's first trackpoint to its last; a multisport session is one
    /// workout, its transitions included.
    @Test func deviceElapsedTimeIsEachWorkoutsSummed() throws {
        func point(_ seconds: Int) -> String {
            "<Trackpoint><Time>\(ISO8601Text.string(secondsSince1970: Self.t0 + Double(seconds))!)</Time></Trackpoint>"
        }
        func activity(_ first: Int, _ last: Int) -> String {
            #"<Activity Sport="Running"><Lap><Track>\#(point(first))\#(point(last))</Track></Lap></Activity>"#
        }
        let latestFirst = try TCXTestReading.read(tcx(activity(200_000, 203_600) + activity(100_000, 101_800) + activity(0, 600)))
        #expect(latestFirst.report.device?.elapsedSeconds == 6_000.0)  // 3,600 + 1,800 + 600
        let legs = "<MultiSportSession><FirstSport>\(activity(0, 600))</FirstSport><NextSport>\(activity(700, 1_000))</NextSport></MultiSportSession>"
        #expect(try TCXTestReading.read(tcx(legs + activity(5_000, 5_100))).report.device?.elapsedSeconds == 1_100.0)  // 1,000 + 100
    }

    /// A lap's `TotalTimeSeconds` is the device's timer in it. When a device wrote the file (a `Creator`)
    /// and every lap's timer covers the span of its trackpoints, one of them a minute or more, the timer
    /// ran through their gaps (a Garmin's smart recording leaves minutes without a trackpoint at a
    /// standstill): the reader announces the device's timer before any sample, and the engine adds no gap
    /// pauses. A lap whose timer falls short of its span was paused: the engine's gap rule decides, as
    /// for a file without lap times or without a `Creator` (GPSBabel writes the span as the lap's time).
    /// Read in chunks of 64 bytes, so the held samples span many of them.
    @Test func aLapsTotalTimeIsTheDevicesTimer() throws {
        func point(_ seconds: Int) -> String {
            "<Trackpoint><Time>\(ISO8601Text.string(secondsSince1970: Self.t0 + Double(seconds))!)</Time><Position><LatitudeDegrees>1</LatitudeDegrees><LongitudeDegrees>2</LongitudeDegrees></Position><HeartRateBpm><Value>120</Value></HeartRateBpm></Trackpoint>"
        }
        func lap(_ start: Int, _ totalSeconds: Int, _ seconds: [Int]) -> String {
            #"<Lap StartTime="\#(ISO8601Text.string(secondsSince1970: Self.t0 + Double(start))!)"><TotalTimeSeconds>\#(totalSeconds)</TotalTimeSeconds><Track>\#(seconds.map(point).joined())</Track></Lap>"#
        }
        let creator = "<Creator><Name>Edge 500</Name></Creator>"
        func read(_ laps: String, creator: String = creator) throws -> FITRecordingSink {
            var input = FormatSniffingInput(TrackInput(bytes: Array(tcx(#"<Activity Sport="Running">\#(laps)\#(creator)</Activity>"#).utf8), name: "laps.tcx"))
            var sink = FITRecordingSink()
            _ = try TCXReader(chunkSize: 64).read(&input, into: &sink)
            return sink
        }
        // Two laps whose timers cover their spans, the first with a 300 s gap.
        let covered = lap(0, 400, [0, 50, 350, 400]) + lap(400, 330, [401, 410, 610, 620, 720, 730])
        let sink = try read(covered)
        #expect(sink.timerAnnouncements == 1)
        #expect(sink.locations.count == 10)
        #expect(sink.events(.pause).isEmpty)
        // The announcement comes before any sample.
        struct OrderSink: TrackSampleSink {
            var samplesBeforeTimer: Int?
            var samples = 0
            mutating func trackHasTimerEvents() throws { samplesBeforeTimer = samples }
            mutating func consume(_ sample: Sample) throws { samples += 1 }
        }
        var order = OrderSink()
        var input = FormatSniffingInput(TrackInput(bytes: Array(tcx(#"<Activity Sport="Running">\#(covered)\#(creator)</Activity>"#).utf8), name: "laps.tcx"))
        _ = try TCXReader(chunkSize: 64).read(&input, into: &order)
        #expect(order.samplesBeforeTimer == 0)

        // A lap paused (its timer 250 s short of its span), no `Creator`, or laps under a minute: not the timer.
        #expect(try read(lap(0, 400, [0, 50, 350, 400]) + lap(400, 80, [401, 410, 610, 620, 720, 730])).timerAnnouncements == 0)
        #expect(try read(covered, creator: "").timerAnnouncements == 0)
        #expect(try read(lap(0, 30, [0, 30])).timerAnnouncements == 0)
        // Laps without a time: nothing announced either.
        #expect(try read(#"<Lap><Track>\#(point(0))\#(point(500))</Track></Lap>"#).timerAnnouncements == 0)
    }

    /// A document cut inside a lap still hands on the lap's trackpoints read before the cut (nothing
    /// accepted is lost for the lap being held).
    @Test func aCutInsideAHeldLapLosesNothing() throws {
        let text = tcx(#"<Activity Sport="Running"><Lap StartTime="2020-01-01T00:00:00Z"><TotalTimeSeconds>60</TotalTimeSeconds><Track><Trackpoint><Time>2020-01-01T00:00:00Z</Time><Position><LatitudeDegrees>1</LatitudeDegrees><LongitudeDegrees>2</LongitudeDegrees></Position></Trackpoint><Trackpoint><Time>2020-01-01T00:00:01Z</Time><Position><LatitudeDegrees>1</LatitudeDegrees><LongitudeDegrees>2</LongitudeDegrees></Position></Trackpoint>"#)
        let cut = String(text[..<(try #require(text.range(of: "</Activities>"))).lowerBound]) + "<Trackpoint><Time>bad</Time>"
        var input = FormatSniffingInput(TrackInput(bytes: Array(cut.utf8), name: "cut.tcx"))
        var sink = FITRecordingSink()
        do {
            _ = try TCXReader().read(&input, into: &sink)
            Issue.record("a cut document read without an error")
        } catch {
            #expect(error is TrackFormatError, "\(error)")
        }
        #expect(sink.locations.count == 2)
    }

    @Test func sportsAreHandedOverAsWritten() throws {
        for sport in ["Running", "Biking", "Other"] {
            let (report, sink) = try TCXTestReading.read(tcx(#"<Activity Sport="\#(sport)"><Lap/></Activity>"#))
            #expect(sink.activities == [sport])
            #expect(report.device?.sport == sport)
        }
        // No Activity at all: no device record, no activity.
        let (empty, emptySink) = try TCXTestReading.read(tcx(""))
        #expect(empty.device == nil)
        #expect(emptySink.entries.isEmpty)
    }

    /// Laps beyond ``TCXReader/maximumDeviceLaps`` still give lap events and totals, but are not kept.
    @Test func deviceLapsAreBounded() throws {
        let count = TCXReader.maximumDeviceLaps + 5
        let body = #"<Activity Sport="Running">"# + String(repeating: "<Lap><Calories>1</Calories></Lap>", count: count) + "</Activity>"
        let (report, sink) = try TCXTestReading.read(tcx(body))
        #expect(sink.laps.count == count)
        #expect(report.deviceLaps.count == TCXReader.maximumDeviceLaps)
        #expect(report.device?.kilocalories == Double(count))
    }

    // MARK: Optional fields that do not parse

    @Test func unparsableOptionalFieldsAreDroppedAndCounted() throws {
        let body = """
        <Activity Sport="Running">
          <Lap StartTime="yesterday"><Calories>many</Calories><TriggerMethod>Magic</TriggerMethod>
            <Track>
              <Trackpoint><Time>2020-01-01T00:00:00Z</Time>
                <Position><LatitudeDegrees>1</LatitudeDegrees><LongitudeDegrees>2</LongitudeDegrees></Position>
                <AltitudeMeters>high</AltitudeMeters><HeartRateBpm><Value>1e999</Value></HeartRateBpm></Trackpoint>
              <Trackpoint><Time>2020-01-01T00:00:01Z</Time><AltitudeMeters>NaN</AltitudeMeters><Cadence>80</Cadence></Trackpoint>
            </Track>
          </Lap>
        </Activity>
        """
        let text = tcx(body)
        let (report, sink) = try TCXTestReading.read(text)
        #expect(sink.locations == [LocationSample(time: Self.t0, latitude: 1, longitude: 2)])
        #expect(sink.heartRates.isEmpty)
        #expect(sink.cadences.map(\.perMinute) == [80])
        #expect(report.skippedFields["AltitudeMeters"] == SkippedField(count: 2, firstPosition: SourcePosition(line: 9, column: 24), firstValue: "high"))
        #expect(report.skippedFields["HeartRateBpm"]?.firstValue == "1e999")
        #expect(report.skippedFields["Lap/Calories"]?.count == 1)
        #expect(report.skippedFields["Lap/TriggerMethod"]?.firstValue == "Magic")
        #expect(report.skippedFields["Lap/StartTime"]?.firstPosition.line == 5)
        #expect(report.skippedFields.count == 5)
        #expect(report.deviceLaps == [DeviceLap(endTime: Self.t0 + 1)])

        // Strict: the first one is an error, where it is.
        let error = try #require(TCXTestReading.formatError(text, options: TrackReadOptions(strict: true)))
        #expect(error.position == SourcePosition(line: 5, column: 29))
        #expect(error.message == #"Lap/StartTime: "yesterday" is not a valid ISO 8601 date-time"#)
    }

    // MARK: Malformed input

    @Test func malformedInputIsAnErrorWithItsPosition() throws {
        let lap = #"<Activity Sport="Running"><Lap><Track>"#
        let cases: [(String, String, Int, Int)] = [
            (tcx(lap + "<Trackpoint><Time>2020-13-01T00:00:00Z</Time></Trackpoint></Track></Lap></Activity>"),
             #"Time: "2020-13-01T00:00:00Z" is not a valid ISO 8601 date-time"#, 4, 56),
            (tcx(lap + "<Trackpoint><Position><LatitudeDegrees>abc</LatitudeDegrees><LongitudeDegrees>2</LongitudeDegrees></Position></Trackpoint></Track></Lap></Activity>"),
             #"LatitudeDegrees: "abc" is not a number"#, 4, 77),
            (tcx(lap + "<Trackpoint><Position><LatitudeDegrees>1</LatitudeDegrees></Position></Trackpoint></Track></Lap></Activity>"),
             "Position: LongitudeDegrees is missing", 4, 108),
            (#"<?xml version="1.0"?><gpx version="1.1" xmlns="http://www.topografix.com/GPX/1/1"></gpx>"#,
             "root element is gpx, not TrainingCenterDatabase", 1, 82),
            (#"<TrainingCenterDatabase xmlns="http://example.com/tcx"/>"#,
             "root element TrainingCenterDatabase is in namespace http://example.com/tcx, not Training Center Database v2", 1, 55),
            // Positions point at the end of the start tag concerned; for an empty input, past the white space.
            ("  \n\n  ", "empty document: no TrainingCenterDatabase element", 3, 3),
        ]
        for (text, message, line, column) in cases {
            let error = try #require(TCXTestReading.formatError(text), "\(message)")
            #expect(error.message == message)
            #expect(error.position == SourcePosition(line: line, column: column), "\(message)")
            #expect(error.file.hasSuffix("track.tcx"))
        }
    }

    /// A document cut anywhere is an error from libxml2 with a position, never a crash; the samples
    /// before the cut were handed over.
    @Test func truncatedDocumentsAreErrors() throws {
        let data = try [UInt8](Data(contentsOf: TestPaths.sampleTrack("run-garmin-fr410-hr-3laps.tcx")))
        for cut in [1, 40, 300, 1000, 5000, 100_000, data.count - 30, data.count - 3] {
            let url = try TCXTestReading.write(Array(data[0..<cut]))
            defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
            var sink = RecordingSink()
            var input = try sniffing(url)
            do {
                _ = try TCXReader().read(&input, into: &sink)
                Issue.record("cut at \(cut): no error")
            } catch let error as TrackFormatError {
                #expect(error.position.line >= 1 && error.position.column >= 1, "cut at \(cut)")
                #expect(!error.message.isEmpty)
            }
        }
        let text = String(decoding: data[0..<100_000], as: UTF8.self)
        let error = try #require(TCXTestReading.formatError(text))
        #expect(error.message.contains("Premature end of data") || error.message.contains("not finished")
            || error.message.contains("EndTag") || error.message.contains("Extra content"), "\(error.message)")
    }

    // MARK: Courses

    /// A course document (`Courses/Course`, as Garmin Connect exports a course and GPSBabel writes a GPX
    /// track to TCX); `activityTrackpointFirst` puts an activity with one trackpoint before it.
    static func course(activityTrackpointFirst: Bool) -> String {
        let activity = activityTrackpointFirst ? """
        <Activities><Activity Sport="Running"><Lap StartTime="2020-01-01T00:00:00Z"><TotalTimeSeconds>1</TotalTimeSeconds><Track>
          <Trackpoint><Time>2020-01-01T00:00:00Z</Time><Position><LatitudeDegrees>1</LatitudeDegrees><LongitudeDegrees>2</LongitudeDegrees></Position></Trackpoint>
        </Track></Lap></Activity></Activities>
        """ : ""
        return """
        <?xml version="1.0" encoding="UTF-8"?>
        <TrainingCenterDatabase xmlns="http://www.garmin.com/xmlschemas/TrainingCenterDatabase/v2">\(activity)
        <Courses><Course><Name>loop</Name>
          <Lap><TotalTimeSeconds>9</TotalTimeSeconds><DistanceMeters>30</DistanceMeters>
            <BeginPosition><LatitudeDegrees>46.5</LatitudeDegrees><LongitudeDegrees>15.25</LongitudeDegrees></BeginPosition>
            <Intensity>Active</Intensity></Lap>
          <Track>
            <Trackpoint><Time>2020-01-01T00:00:00Z</Time><Position><LatitudeDegrees>46.5</LatitudeDegrees><LongitudeDegrees>15.25</LongitudeDegrees></Position>
              <AltitudeMeters>300</AltitudeMeters><DistanceMeters>0</DistanceMeters></Trackpoint>
            <Trackpoint><Time>2020-01-01T00:00:04Z</Time><Position><LatitudeDegrees>46.5001</LatitudeDegrees><LongitudeDegrees>15.25</LongitudeDegrees></Position></Trackpoint>
          </Track>
          <Track>
            <Trackpoint><Position><LatitudeDegrees>46.5002</LatitudeDegrees><LongitudeDegrees>15.25</LongitudeDegrees></Position></Trackpoint>
          </Track>
          <CoursePoint><Name>turn</Name><Time>2020-01-01T00:00:04Z</Time><Position><LatitudeDegrees>46.6</LatitudeDegrees><LongitudeDegrees>15.3</LongitudeDegrees></Position><PointType>Left</PointType></CoursePoint>
        </Course></Courses>
        </TrainingCenterDatabase>
        """
    }

    /// A course file reads as its route: each `Track` a segment, its trackpoints as an activity's; the
    /// course's planned lap and its course point are not samples, and a course states no device totals.
    @Test func aCourseIsReadAsItsRoute() throws {
        let (report, sink) = try TCXTestReading.read(Self.course(activityTrackpointFirst: false))
        let t = Self.t0
        #expect(sink.entries == [
            .sample(.event(WorkoutEventSample(time: nil, kind: .segmentStart))),
            .sample(.location(LocationSample(time: t, latitude: 46.5, longitude: 15.25, altitudeMeters: 300))),
            .sample(.distance(DistanceSample(time: t, cumulativeMeters: 0))),
            .sample(.location(LocationSample(time: t + 4, latitude: 46.5001, longitude: 15.25))),
            .sample(.event(WorkoutEventSample(time: nil, kind: .segmentStart))),
            .sample(.location(LocationSample(time: nil, latitude: 46.5002, longitude: 15.25))),
        ])
        #expect(report.device == nil)
        #expect(report.deviceLaps.isEmpty)
        #expect(report.locationCount == 3)
    }

    /// An activity's trackpoints come first: the courses of that file (planned routes beside a recording)
    /// are not read into it.
    @Test func aCourseAfterAnActivitysTrackpointsIsSkipped() throws {
        let (report, sink) = try TCXTestReading.read(Self.course(activityTrackpointFirst: true))
        #expect(sink.locations == [LocationSample(time: Self.t0, latitude: 1, longitude: 2)])
        #expect(report.device?.elapsedSeconds == 0)
    }

    private func sniffing(_ url: URL) throws -> FormatSniffingInput {
        FormatSniffingInput(try TrackInput(path: url.path))
    }

    // MARK: Sniffing

    @Test func rootElementNameDecidesBetweenGPXAndTCX() {
        func scan(_ text: String) -> String? {
            if case .name(let name) = FormatSniffingInput.rootElementName(in: Array(text.utf8)) {
                return String(decoding: name, as: UTF8.self)
            }
            return nil
        }
        #expect(scan("\u{FEFF}  <?xml version=\"1.0\"?>\n<!-- a > b --><!DOCTYPE x [<!ENTITY e \"<y>\">]><t:TrainingCenterDatabase xmlns:t=\"u\">") == "t:TrainingCenterDatabase")
        #expect(scan("<gpx>") == "gpx")
        #expect(scan("<TrainingCenterDatabase/>") == "TrainingCenterDatabase")
        if case .needMore = FormatSniffingInput.rootElementName(in: Array("<?xml version=\"1.0\"?><Train".utf8)) {} else {
            Issue.record("a name cut short needs more bytes")
        }
        if case .notFound = FormatSniffingInput.rootElementName(in: Array("{\"a\":1}".utf8)) {} else {
            Issue.record("JSON has no root element")
        }
    }
}
