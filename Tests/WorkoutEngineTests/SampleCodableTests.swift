import Foundation
import Testing
import TestSupport
import WorkoutEngine

/// `Codable` samples (NDJSON records of Schemas/workout-samples.schema.json) and coordinates. References:
/// the JSON reader (an independent parser of the same records), Foundation's `JSONEncoder`/`JSONDecoder`,
/// and Python's `jsonschema` for the schema.
struct SampleCodableTests {
    /// Every recording in SampleTracks.
    static let trackNames: [String] = {
        let directory = TestPaths.repositoryRoot.appendingPathComponent("SampleTracks")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.filter { $0.hasSuffix(".gpx") || $0.hasSuffix(".tcx") }.sorted()
    }()

    static func samples(of name: String) throws -> [Sample] {
        var sink = CollectingSink()
        _ = try TrackReader.read(TrackInput(path: TestPaths.sampleTrack(name).path), into: &sink)
        return sink.samples
    }

    /// Parses JSON text into Foundation values, for comparing two texts as JSON values.
    static func jsonValue(_ data: Data) throws -> NSObject {
        try #require(try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]) as? NSObject)
    }

    @Test func sampleTracksAreFound() {
        #expect(Self.trackNames.count >= 10)
    }

    // MARK: Samples

    /// Encoding each sample gives the record the schema documents, keys as the JSON reader names them.
    @Test func sampleRecordsHaveTheReadersKeys() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        func text(_ sample: Sample) throws -> String { String(decoding: try encoder.encode(sample), as: UTF8.self) }
        #expect(try text(.location(LocationSample(time: 1.5, latitude: 48.5, longitude: -3.25, altitudeMeters: 12, horizontalAccuracyMeters: 4,
                                                   verticalAccuracyMeters: 6, speedMetersPerSecond: 2.5, courseDegrees: 90)))
            == #"{"altitude":12,"course":90,"horizontalAccuracy":4,"latitude":48.5,"longitude":-3.25,"speed":2.5,"time":1.5,"type":"location","verticalAccuracy":6}"#)
        #expect(try text(.location(LocationSample(time: 2, latitude: 1, longitude: 2, hasFix: false)))
            == #"{"hasFix":false,"latitude":1,"longitude":2,"time":2,"type":"location"}"#)
        #expect(try text(.heartRate(HeartRateSample(time: 3, beatsPerMinute: 140))) == #"{"bpm":140,"time":3,"type":"heartRate"}"#)
        #expect(try text(.activeEnergy(ActiveEnergySample(time: 3, kilocalories: 0.5))) == #"{"kilocalories":0.5,"time":3,"type":"activeEnergy"}"#)
        #expect(try text(.cadence(CadenceSample(time: 3, perMinute: 170))) == #"{"perMinute":170,"time":3,"type":"cadence"}"#)
        #expect(try text(.power(PowerSample(time: 3, watts: 250))) == #"{"time":3,"type":"power","watts":250}"#)
        #expect(try text(.weather(WeatherSample(time: 3, temperatureCelsius: 21.5))) == #"{"temperatureCelsius":21.5,"time":3,"type":"weather"}"#)
        #expect(try text(.event(WorkoutEventSample(time: 3, kind: .segmentStart))) == #"{"event":"segment","time":3,"type":"event"}"#)
        #expect(try text(.event(WorkoutEventSample(time: 3, kind: .lap, lapTrigger: .distance)))
            == #"{"event":"lap","lapTrigger":"distance","time":3,"type":"event"}"#)
        #expect(try text(.event(WorkoutEventSample(time: 3, kind: .lap, lapStartTime: 1.5)))
            == #"{"event":"lap","lapStartTime":1.5,"time":3,"type":"event"}"#)
        #expect(try text(.distance(DistanceSample(time: 3, cumulativeMeters: 1000.5))) == #"{"cumulativeMeters":1000.5,"time":3,"type":"distance"}"#)
        #expect(try text(.distance(DistanceSample(time: 3, cumulativeMeters: 1000.5, altitudeMeters: 12.5, speedMetersPerSecond: 2.5)))
            == #"{"altitude":12.5,"cumulativeMeters":1000.5,"speed":2.5,"time":3,"type":"distance"}"#)
        #expect(try text(.event(WorkoutEventSample(time: nil, kind: .pause))) == #"{"event":"pause","type":"event"}"#)
    }

    /// A phone's JSON decodes into samples: ISO 8601 or numeric times, nulls, unknown keys ignored.
    @Test func aPhonesJSONDecodes() throws {
        let json = #"""
        [{"type":"location","time":"2024-05-31T16:08:37.25+02:00","latitude":37.7749,"longitude":-122.4194,"altitude":null,"speed":3.1,"extra":{"a":1}},
         {"time":1717164518,"bpm":141,"type":"heartRate"},
         {"type":"event","time":"2024-05-31T14:08:39Z","event":"lap"}]
        """#
        let samples = try JSONDecoder().decode([Sample].self, from: Data(json.utf8))
        // 2024-05-31T14:08:37Z is 1717164517 (`date -u -d 2024-05-31T14:08:37Z +%s`).
        #expect(samples == [
            .location(LocationSample(time: 1_717_164_517.25, latitude: 37.7749, longitude: -122.4194, speedMetersPerSecond: 3.1)),
            .heartRate(HeartRateSample(time: 1_717_164_518, beatsPerMinute: 141)),
            .event(WorkoutEventSample(time: 1_717_164_519, kind: .lap)),
        ])
    }

    @Test(arguments: [
        #"{"type":"spo2","time":1,"percent":97}"#,
        #"{"type":"heartRate","time":"yesterday","bpm":1}"#,
        #"{"type":"heartRate","time":true,"bpm":1}"#,
        #"{"type":"location","time":1,"latitude":1}"#,
        #"{"type":"event","time":1,"event":"stop"}"#,
        #"{"time":1,"bpm":1}"#,
    ])
    func badRecordsDoNotDecode(_ json: String) {
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(Sample.self, from: Data(json.utf8)) }
    }

    /// A case type decoded on its own refuses a record of another type.
    @Test func aCaseTypeChecksTheRecordType() throws {
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(HeartRateSample.self, from: Data(#"{"type":"cadence","time":1,"bpm":2}"#.utf8))
        }
        let reading = try JSONDecoder().decode(HeartRateSample.self, from: Data(#"{"time":1,"bpm":2}"#.utf8))
        #expect(reading == HeartRateSample(time: 1, beatsPerMinute: 2))
    }

    /// Every sample of every SampleTracks file: decode(encode) is the same sample, and the encoded records
    /// as NDJSON read back through the JSON reader give the same samples.
    @Test(arguments: trackNames)
    func samplesRoundTrip(_ name: String) throws {
        let samples = try Self.samples(of: name)
        #expect(!samples.isEmpty)
        let encoded = try JSONEncoder().encode(samples)
        #expect(try JSONDecoder().decode([Sample].self, from: encoded) == samples)

        let timed = samples.filter { $0.time != nil }
        let encoder = JSONEncoder()
        let ndjson = try timed.map { String(decoding: try encoder.encode($0), as: UTF8.self) }.joined(separator: "\n")
        var sink = CollectingSink()
        let report = try TrackReader.read(TrackInput(bytes: Array(ndjson.utf8), name: "\(name).ndjson"), into: &sink)
        #expect(sink.samples == timed)
        #expect(report.skippedUnknownRecords == 0 && report.skippedFields.isEmpty)
    }

    /// A sample without a time is written without `time` and decodes back to itself.
    @Test func untimedSamplesRoundTrip() throws {
        let samples = try Self.samples(of: "route-alltrails-rte-no-time.gpx")
        #expect(samples.contains { $0.time == nil })
        let data = try JSONEncoder().encode(samples)
        #expect(try JSONDecoder().decode([Sample].self, from: data) == samples)
        let records = try #require(try JSONSerialization.jsonObject(with: data) as? [[String: Any]])
        #expect(records.allSatisfy { $0["time"] == nil })
    }

    // MARK: Coordinates

    @Test func coordinatesHaveLatitudeAndLongitude() throws {
        let coordinate = GeoCoordinate(latitude: 52.5, longitude: 13.375)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        #expect(String(decoding: try encoder.encode(coordinate), as: UTF8.self) == #"{"latitude":52.5,"longitude":13.375}"#)
        #expect(try JSONDecoder().decode(GeoCoordinate.self, from: Data(#"{"longitude":13.375,"latitude":52.5}"#.utf8)) == coordinate)
    }

    // MARK: JSON Schema

    /// Validates each JSON document (one per line of `documents`) against `schema` with Python's
    /// `jsonschema` (Draft 2020-12; Debian's python3-jsonschema, scripts/install-system-deps.sh) and
    /// returns the indexes of the invalid ones.
    static func invalidDocuments(_ documents: [Data], schema: String) throws -> [Int] {
        let python = "/usr/bin/python3"
        try #require(FileManager.default.isExecutableFile(atPath: python), "install python3-jsonschema (scripts/install-system-deps.sh)")
        let schemaPath = TestPaths.repositoryRoot.appendingPathComponent("Schemas/\(schema)").path
        let script = """
        import json, sys
        from jsonschema import Draft202012Validator
        schema = json.load(open(sys.argv[1]))
        Draft202012Validator.check_schema(schema)
        validator = Draft202012Validator(schema)
        for index, line in enumerate(sys.stdin):
            errors = list(validator.iter_errors(json.loads(line)))
            if errors:
                print(index, errors[0].message[:200])
        """
        let input = documents.map { String(decoding: $0, as: UTF8.self) }.joined(separator: "\n") + "\n"
        let result = try runProcess(python, ["-c", script, schemaPath], input: input)
        try #require(result.status == 0, "\(result.standardError)")
        return result.standardOutput.split(separator: "\n").compactMap { $0.split(separator: " ").first.flatMap { Int($0) } }
    }

    /// Every encoded (timed) sample of every SampleTracks file is a valid record of the samples schema, as
    /// are the extension records; a record the schema refuses is reported (the check can fail).
    @Test func encodedSamplesValidateAgainstTheSamplesSchema() throws {
        var records: [Data] = []
        let encoder = JSONEncoder()
        for name in Self.trackNames {
            for sample in try Self.samples(of: name) where sample.time != nil { records.append(try encoder.encode(sample)) }
        }
        records.append(try encoder.encode(Sample.distance(DistanceSample(time: 1, cumulativeMeters: 5))))
        records.append(try encoder.encode(Sample.location(LocationSample(time: 1, latitude: 1, longitude: 2, hasFix: false))))
        records.append(try encoder.encode(Sample.event(WorkoutEventSample(time: 1, kind: .lap, lapTrigger: .manual))))
        records.append(try encoder.encode(Sample.event(WorkoutEventSample(time: 5, kind: .lap, lapTrigger: .time, lapStartTime: 2))))
        #expect(try Self.invalidDocuments(records, schema: "workout-samples.schema.json") == [])
        let bad = [#"{"type":"heartRate","time":1}"#, #"{"type":"distance","time":1,"cumulativeMeters":"far"}"#,
                   #"{"type":"event","time":1,"event":"lap","lapTrigger":"sometimes"}"#, #"{"type":"location","time":1,"latitude":1,"longitude":2,"hasFix":"no"}"#,
                   #"{"type":"event","time":1,"event":"lap","lapStartTime":true}"#]
        #expect(try Self.invalidDocuments(bad.map { Data($0.utf8) }, schema: "workout-samples.schema.json") == [0, 1, 2, 3, 4])
    }

}

/// ``LocationSample`` keeps its optional readings as values and a presence mask: each reads back as set,
/// `nil` clears it, and equality and hashing see only what is set (a cleared reading leaves nothing
/// behind).
@Test func locationSampleOptionalReadingsReadBackAndCompareByValue() {
    var fix = LocationSample(time: 10, latitude: 45, longitude: 7, altitudeMeters: -0.0, horizontalAccuracyMeters: 3,
                             verticalAccuracyMeters: 4, speedMetersPerSecond: 0, courseDegrees: 359.5, hasFix: false)
    #expect(fix.time == 10 && fix.altitudeMeters == 0 && fix.horizontalAccuracyMeters == 3 && fix.verticalAccuracyMeters == 4)
    #expect(fix.speedMetersPerSecond == 0 && fix.courseDegrees == 359.5 && !fix.hasFix)
    let bare = LocationSample(time: nil, latitude: 45, longitude: 7, hasFix: false)
    #expect(bare.time == nil && bare.altitudeMeters == nil && bare.speedMetersPerSecond == nil && bare.courseDegrees == nil)
    #expect(fix != bare)
    fix.time = nil
    fix.altitudeMeters = nil
    fix.horizontalAccuracyMeters = nil
    fix.verticalAccuracyMeters = nil
    fix.speedMetersPerSecond = nil
    fix.courseDegrees = nil
    #expect(fix == bare)
    #expect(fix.hashValue == bare.hashValue)
    // A reading of 0 is a reading, not an absent one.
    fix.speedMetersPerSecond = 0
    #expect(fix != bare && fix.speedMetersPerSecond == 0)
    // In place, as the builder drops an implausible altitude.
    fix.altitudeMeters = 20_000
    if let altitude = fix.altitudeMeters, altitude > 10_000 { fix.altitudeMeters = nil }
    #expect(fix.altitudeMeters == nil)
}
