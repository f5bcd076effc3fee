import Foundation
import Testing
import TestSupport
import WorkoutEngine
import WorkoutExports
import WorkoutSamples

/// Converting a track without the engine (`GPXSampleWriter`, `NDJSONSampleWriter`): what the writers keep,
/// checked against fitdecode's reading of the real FIT files (`Tests/Reference/fit-reference.json`) and by
/// reading the converted text back.
struct TrackConversionTests {
    nonisolated(unsafe) static let reference: [String: [String: Any]] = {
        let url = TestPaths.repositoryRoot.appendingPathComponent("Tests/Reference/fit-reference.json")
        guard let data = try? Data(contentsOf: url),
              let object = try? JSONSerialization.jsonObject(with: data) as? [String: [String: Any]] else { return [:] }
        return object
    }()

    static func number(_ file: String, _ key: String) -> Double? {
        (reference[file]?[key] as? NSNumber)?.doubleValue
    }

    /// The numbers in the text between every `<name>` and `</name>`.
    static func values(of element: String, in text: String) -> [Double] {
        text.components(separatedBy: "<\(element)>").dropFirst().compactMap { piece in
            piece.components(separatedBy: "</\(element)>").first.flatMap { Double($0) }
        }
    }

    /// Every record with a position becomes a point, with the heart rate, cadence, power and temperature the
    /// record holds: counts and sums as fitdecode reads the Edge 530 ride, whose records all have a position.
    @Test func aFITRideConvertsToOnePointPerRecordWithItsReadings() throws {
        let file = "ride-garmin-edge530-hr-cad-power.fit"
        var writer = GPXSampleWriter(output: "")
        let report = try TrackReader.read(TrackInput(path: TestPaths.sampleTrack(file).path), into: &writer)
        let gpx = writer.finish()
        let records = try #require(Self.number(file, "recordsWithPosition"))
        #expect(Double(writer.pointCount) == records)
        #expect(Double(gpx.components(separatedBy: "<trkpt ").count - 1) == records)
        #expect(report.locationCount == writer.pointCount)
        for (element, kind) in [("gpxtpx:hr", "heartRate"), ("gpxtpx:cad", "cadence"), ("power", "power"), ("gpxtpx:atemp", "temperature")] {
            let values = Self.values(of: element, in: gpx)
            #expect(Double(values.count) == Self.number(file, "\(kind)Count"), "\(element)")
            #expect(values.reduce(0, +) == Self.number(file, "\(kind)Sum"), "\(element)")
        }
        #expect(gpx.contains("<type>cycling</type>") || gpx.contains("<type>"))
        // The laps and the device's timer events have no place in GPX and are counted.
        #expect(writer.leftOut["lap"] == Int(try #require(Self.number(file, "lapCount"))))
    }

    /// NDJSON keeps every sample: each record with a position is a `location` line, each heart rate a
    /// `heartRate` line (fitdecode's counts and sums), and the lines read back as the samples the FIT
    /// reader gave.
    @Test func aFITRunConvertsToNDJSONThatReadsBackAsTheSameSamples() throws {
        let file = "run-garmin-fr920xt-hr-cad-laps-devfields.fit"
        let path = TestPaths.sampleTrack(file).path
        var writer = NDJSONSampleWriter(output: "")
        _ = try TrackReader.read(TrackInput(path: path), into: &writer)
        let text = writer.finish()
        let lines = text.split(separator: "\n").map(String.init)
        #expect(lines.first?.hasPrefix("{\"type\":\"header\",\"activity\":\"running\",\"timerEvents\":true}") == true)
        #expect(Double(lines.filter { $0.contains("\"type\":\"location\"") }.count) == Self.number(file, "recordsWithPosition"))
        let heartRates = lines.filter { $0.contains("\"type\":\"heartRate\"") }
        #expect(Double(heartRates.count) == Self.number(file, "heartRateCount"))
        let bpmSum = heartRates.compactMap { line in
            line.components(separatedBy: "\"bpm\":").dropFirst().first?.split(separator: ",").first.flatMap { Double($0) }
        }.reduce(0, +)
        #expect(bpmSum == Self.number(file, "heartRateSum"))

        var original = SampleCollector(), readBack = SampleCollector()
        _ = try TrackReader.read(TrackInput(path: path), into: &original)
        _ = try TrackReader.read(TrackInput(bytes: Array(text.utf8), name: "converted.ndjson"), into: &readBack)
        #expect(readBack.samples == original.samples)
        #expect(readBack.activity == "running" && readBack.hasTimerEvents && original.hasTimerEvents)
    }

    /// Converted to NDJSON and read back, every bundled track with times summarises as the original does,
    /// the device's own totals (the file's `session` and `lap` figures, which are not samples) apart.
    @Test(arguments: ["run-garmin-connect-hr-cadence.gpx", "run-suunto-ambit-hr-cad-pauses.gpx", "ride-garmin-edge500-hr.tcx",
                      "run-garmin-fr410-hr-3laps.tcx", "ride-garmin-edge500-late-gps-4laps.fit", "run-polar-treadmill-12km.fit"])
    func ndjsonKeepsEverySummary(file: String) throws {
        let path = TestPaths.sampleTrack(file).path
        var writer = NDJSONSampleWriter(output: "")
        _ = try TrackReader.read(TrackInput(path: path), into: &writer)
        let converted = try WorkoutSummary(trackBytes: Array(writer.finish().utf8), name: "converted.ndjson")
        var summary = try WorkoutSummary(contentsOfTrack: path)
        summary.device = nil
        for index in summary.analysis.laps.indices { summary.analysis.laps[index].device = nil }
        summary.skippedFields = converted.skippedFields
        #expect(converted.jsonText() == summary.jsonText())
    }

    @Test func anUntimedLocationCannotBeNDJSON() throws {
        var writer = NDJSONSampleWriter(output: "")
        try writer.consume(.event(WorkoutEventSample(time: nil, kind: .segmentStart)))
        #expect(throws: NDJSONSampleWriter<String>.UntimedSampleError(sampleNumber: 2, type: "location")) {
            try writer.consume(.location(LocationSample(time: nil, latitude: 47, longitude: 8)))
        }
    }

    /// A segment's start has no time in GPX: it is written with the time of the sample after it.
    @Test func anUndatedEventTakesTheNextSamplesTime() throws {
        var writer = NDJSONSampleWriter(output: "")
        try writer.trackActivity(named: "hiking")
        try writer.consume(.event(WorkoutEventSample(time: nil, kind: .segmentStart)))
        try writer.consume(.location(LocationSample(time: 100, latitude: 47, longitude: 8)))
        let lines = writer.finish().split(separator: "\n")
        #expect(lines == [#"{"type":"header","activity":"hiking"}"#, #"{"event":"segment","time":100,"type":"event"}"#,
                          #"{"latitude":47,"longitude":8,"time":100,"type":"location"}"#])
    }

    /// Readings join the fix of their time in either order; a reading at a time without a fix, a second
    /// reading of one kind, energy and laps are counted; a pause starts a new `<trkseg>`.
    @Test func readingsJoinTheirFixAndTheRestIsCounted() throws {
        var writer = GPXSampleWriter(output: "")
        try writer.consume(.heartRate(HeartRateSample(time: 10, beatsPerMinute: 120)))
        try writer.consume(.location(LocationSample(time: 10, latitude: 47, longitude: 8)))
        try writer.consume(.cadence(CadenceSample(time: 10, perMinute: 80)))
        try writer.consume(.heartRate(HeartRateSample(time: 10, beatsPerMinute: 121)))
        try writer.consume(.heartRate(HeartRateSample(time: 11, beatsPerMinute: 122)))
        try writer.consume(.activeEnergy(ActiveEnergySample(time: 11, kilocalories: 1)))
        try writer.consume(.event(WorkoutEventSample(time: 11, kind: .pause)))
        try writer.consume(.event(WorkoutEventSample(time: 20, kind: .resume)))
        try writer.consume(.location(LocationSample(time: 20, latitude: 47.001, longitude: 8)))
        try writer.consume(.power(PowerSample(time: 20, watts: 200)))
        let gpx = writer.finish()
        #expect(writer.pointCount == 2)
        #expect(gpx.components(separatedBy: "<trkseg>").count - 1 == 2)
        #expect(Self.values(of: "gpxtpx:hr", in: gpx) == [120])
        #expect(Self.values(of: "gpxtpx:cad", in: gpx) == [80])
        #expect(Self.values(of: "power", in: gpx) == [200])
        #expect(writer.leftOut == ["heartRate": 2, "activeEnergy": 1, "resume": 1])
    }
}

/// Keeps what a reader hands over.
private struct SampleCollector: TrackSampleSink {
    var samples: [Sample] = []
    var activity: String?
    var hasTimerEvents = false
    mutating func trackActivity(named name: String) throws { activity = name }
    mutating func trackHasTimerEvents() throws { hasTimerEvents = true }
    mutating func consume(_ sample: Sample) throws { samples.append(sample) }
}
