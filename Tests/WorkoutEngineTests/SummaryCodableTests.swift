import Foundation
import Testing
import TestSupport
import WorkoutEngine

/// `Codable` summaries (the summary JSON `jsonText()` prints), snapshots and frames. References: the
/// text `JSONWriter` printed before (GoldenOutputTests in Apps holds it byte for byte), Foundation's
/// `JSONEncoder`/`JSONDecoder`/`JSONSerialization`, and Python's `jsonschema` for the schema.
struct SummaryCodableTests {
    static let trackNames = SampleCodableTests.trackNames

    // MARK: Summaries

    /// What the summary JSON does not carry, set the way decoding sets it (see `WorkoutSummary(from:)`).
    static func carried(_ summary: WorkoutSummary) -> WorkoutSummary {
        var expected = summary
        expected.metrics.state = .ended
        expected.metrics.latestSpeedMetersPerSecond = nil
        expected.metrics.sampleCount = 0
        // ISO 8601 text with milliseconds.
        expected.metrics.startTime = summary.metrics.startTime.map { ($0 * 1000).rounded() / 1000 }
        expected.metrics.endTime = summary.metrics.endTime.map { ($0 * 1000).rounded() / 1000 }
        func milliseconds(_ time: Double?) -> Double? { time.map { ($0 * 1000).rounded() / 1000 } }
        for index in expected.analysis.laps.indices {
            expected.analysis.laps[index].device?.startTime = milliseconds(summary.analysis.laps[index].device?.startTime)
            expected.analysis.laps[index].device?.endTime = milliseconds(summary.analysis.laps[index].device?.endTime)
        }
        expected.skippedFields = summary.skippedFields.mapValues { SkippedField(count: $0.count, firstPosition: SourcePosition(line: 0, column: 0)) }
        return expected
    }

    /// For every SampleTracks file: `JSONEncoder`'s output is the same JSON value as `jsonText()`, and
    /// decoding either gives back the summary (on what the JSON carries), whose text is the same again.
    @Test(arguments: trackNames)
    func summaryRoundTrips(_ name: String) throws {
        let summary = try WorkoutSummary(contentsOfTrack: TestPaths.sampleTrack(name).path)
        let text = summary.jsonText()
        let encoded = try JSONEncoder().encode(summary)
        #expect(try SampleCodableTests.jsonValue(encoded) == SampleCodableTests.jsonValue(Data(text.utf8)))

        let decoded = try JSONDecoder().decode(WorkoutSummary.self, from: Data(text.utf8))
        #expect(decoded == Self.carried(summary))
        #expect(try JSONDecoder().decode(WorkoutSummary.self, from: encoded) == decoded)
        #expect(decoded.jsonText() == text)
    }

    /// The text is the Codable encoding: keys in the order the README lists them, starting as it always did.
    @Test func summaryTextKeepsItsKeyOrder() throws {
        let text = try WorkoutSummary(contentsOfTrack: TestPaths.sampleTrack("run-garmin-fr410-hr-3laps.tcx").path).jsonText()
        #expect(text.hasPrefix(#"{"activity":"running","distanceKind":"walkingRunning","filter":"default","startDate":"2012-12-26T21:29:53Z","#))
        #expect(text.contains(#""skippedUnknownRecords":0,"skippedFields":{},"device":{"manufacturer":null,"#))
        #expect(text.contains(#""warnings":[],"route":{"simplifiedPointCount":"#))
    }

    /// Skipped fields, the device and a zero distance survive the round trip (a JSON input with a bad
    /// optional value and an unknown record).
    @Test func skippedFieldsRoundTrip() throws {
        let ndjson = """
        {"type":"location","time":1,"latitude":1,"longitude":2,"speed":"fast"}
        {"type":"spo2","time":2}
        {"type":"location","time":3,"latitude":1.0001,"longitude":2,"speed":"slow"}
        """
        let summary = try WorkoutSummary(trackBytes: Array(ndjson.utf8), name: "a.ndjson")
        #expect(summary.skippedFields["speed"]?.count == 2)
        #expect(summary.skippedUnknownRecords == 1)
        let decoded = try JSONDecoder().decode(WorkoutSummary.self, from: JSONEncoder().encode(summary))
        #expect(decoded == Self.carried(summary))
        #expect(decoded.skippedFields["speed"]?.count == 2)
    }

    /// A snapshot carries its own state, latest speed and sample count besides the summary's figures.
    @Test func snapshotRoundTrips() throws {
        var builder = WorkoutBuilder(options: WorkoutOptions())
        for sample in try SampleCodableTests.samples(of: "run-suunto-ambit-hr-cad-pauses.gpx").prefix(400) { _ = builder.add(sample) }
        var snapshot = builder.snapshot
        #expect(snapshot.sampleCount > 0)
        let data = try JSONEncoder().encode(snapshot)
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(object["state"] as? String == snapshot.state.rawValue)
        #expect((object["sampleCount"] as? NSNumber)?.intValue == snapshot.sampleCount)
        #expect(object["route"] == nil && object["device"] == nil)
        let decoded = try JSONDecoder().decode(WorkoutSnapshot.self, from: data)
        snapshot.startTime = snapshot.startTime.map { ($0 * 1000).rounded() / 1000 }
        snapshot.endTime = snapshot.endTime.map { ($0 * 1000).rounded() / 1000 }
        #expect(decoded == snapshot)
    }

    // MARK: Frames

    struct CollectingOutput: ReplayOutput {
        var events: [ReplayEvent] = []
        mutating func replay(_ event: ReplayEvent) throws { events.append(event) }
    }

    /// Every frame of a replay: `JSONEncoder`'s output is the same JSON value as the replay's frame line,
    /// and decodes back to the same frame.
    @Test func framesRoundTrip() throws {
        let configuration = TrackReplayConfiguration(options: WorkoutOptions(), framesPerSecond: 1, pauseAtOffsets: [600], resumeAtOffsets: [720])
        let (_, output) = try TrackReplay.run(
            TrackInput(path: TestPaths.sampleTrack("run-suunto-ambit-hr-cad-pauses.gpx").path), format: nil,
            configuration: configuration, output: CollectingOutput())
        let frames = output.events.compactMap { event -> (WorkoutFrame, String)? in
            if case .frame(let frame) = event { return (frame, event.jsonText) }
            return nil
        }
        #expect(frames.count > 100)
        let encoder = JSONEncoder(), decoder = JSONDecoder()
        for (frame, line) in frames {
            let encoded = try encoder.encode(frame)
            #expect(try SampleCodableTests.jsonValue(encoded) == SampleCodableTests.jsonValue(Data(line.utf8)))
            #expect(try decoder.decode(WorkoutFrame.self, from: Data(line.utf8)) == frame)
        }
        #expect(frames[0].1.hasPrefix(#"{"type":"frame","frame":0,"trackTime":"#))
    }

    // MARK: JSON Schema

    /// Every SampleTracks summary (GPX, TCX and FIT, and a FIT file cut short, whose summary carries
    /// `damage`), encoded by `JSONEncoder`, is valid against the summary schema; summaries with a key missing
    /// or of the wrong type (at the top, an analysis key, a lap's device lap) are not.
    @Test func encodedSummariesValidateAgainstTheSummarySchema() throws {
        var documents: [Data] = []
        let fitNames = ["ride-garmin-edge530-hr-cad-power.fit", "run-garmin-fr920xt-hr-cad-laps-devfields.fit", "run-polar-treadmill-12km.fit"]
        for name in Self.trackNames + fitNames {
            documents.append(try JSONEncoder().encode(try WorkoutSummary(contentsOfTrack: TestPaths.sampleTrack(name).path)))
        }
        let fit = try Data(contentsOf: TestPaths.sampleTrack("run-garmin-fr920xt-hr-cad-laps-devfields.fit"))
        let damaged = try WorkoutSummary(trackBytes: Array(fit.prefix(fit.count / 2)), name: "cut.fit")
        #expect(damaged.damage != nil)
        documents.append(try JSONEncoder().encode(damaged))
        #expect(try SampleCodableTests.invalidDocuments(documents, schema: "workout-summary.schema.json") == [])

        func object(_ index: Int) throws -> [String: Any] {
            try #require(try JSONSerialization.jsonObject(with: documents[index]) as? [String: Any])
        }
        var wrongType = try object(0)
        wrongType["distanceMeters"] = "far"
        var missing = try object(0)
        missing["route"] = nil
        var noClimbs = try object(0)
        noClimbs["climbs"] = nil
        let lapsIndex = Self.trackNames.count + 1  // the Forerunner 920XT, whose laps carry the file's
        var wrongDeviceLap = try object(lapsIndex)
        var laps = try #require(wrongDeviceLap["laps"] as? [[String: Any]])
        var device = try #require(laps[0]["device"] as? [String: Any])
        device["distanceMeters"] = "far"
        laps[0]["device"] = device
        wrongDeviceLap["laps"] = laps
        let bad = try [wrongType, missing, noClimbs, wrongDeviceLap].map { try JSONSerialization.data(withJSONObject: $0) }
        #expect(try SampleCodableTests.invalidDocuments(bad, schema: "workout-summary.schema.json") == [0, 1, 2, 3])
    }
}
