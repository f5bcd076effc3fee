import Foundation
import TestSupport
import Testing
@testable import TrackFormats
import WorkoutSamples

/// Collects what a reader hands over.
struct CollectingSink: TrackSampleSink {
    var activities: [String] = []
    var samples: [Sample] = []

    mutating func trackActivity(named name: String) throws { activities.append(name) }
    mutating func consume(_ sample: Sample) throws { samples.append(sample) }
}

/// What one read produced: the report and the sink, or the error.
struct JSONReadOutcome: Equatable {
    var report: TrackReadReport?
    var activities: [String] = []
    var samples: [Sample] = []
    var error: TrackFormatError?
}

enum JSONTestInput {
    /// A directory for this test process's input files.
    static let directory: URL = {
        (try? TestPaths.temporaryDirectory("json")) ?? FileManager.default.temporaryDirectory
    }()

    /// Writes `bytes` to a fresh file and returns its path.
    static func write(_ bytes: [UInt8], name: String = "input.ndjson") throws -> String {
        let url = directory.appendingPathComponent("\(UUID().uuidString)-\(name)")
        try Data(bytes).write(to: url)
        return url.path
    }

    /// Reads `bytes` with `JSONSampleReader`, through a file, with the given chunk size.
    static func read(
        _ bytes: [UInt8],
        expected: TrackFormat = .ndjson,
        chunkSize: Int = 64 * 1024
    ) throws -> (TrackReadReport, CollectingSink) {
        let path = try write(bytes)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let input = try TrackInput(path: path)
        var sniffing = FormatSniffingInput(input)
        var reader = JSONSampleReader(expected: expected)
        reader.chunkSize = chunkSize
        var sink = CollectingSink()
        let report = try reader.read(&sniffing, into: &sink)
        return (report, sink)
    }

    static func read(_ text: String, expected: TrackFormat = .ndjson, chunkSize: Int = 64 * 1024) throws -> (TrackReadReport, CollectingSink) {
        try read(Array(text.utf8), expected: expected, chunkSize: chunkSize)
    }

    /// Like `read`, but captures a `TrackFormatError` instead of throwing it.
    static func outcome(_ bytes: [UInt8], chunkSize: Int = 64 * 1024, strict: Bool = false) throws -> JSONReadOutcome {
        let path = try write(bytes)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let input = try TrackInput(path: path)
        var sniffing = FormatSniffingInput(input)
        var reader = JSONSampleReader(expected: .ndjson, options: TrackReadOptions(strict: strict))
        reader.chunkSize = chunkSize
        var sink = CollectingSink()
        do {
            let report = try reader.read(&sniffing, into: &sink)
            return JSONReadOutcome(report: report, activities: sink.activities, samples: sink.samples)
        } catch var error as TrackFormatError {
            // The file is a fresh temporary each time: keep what the message says about it comparable.
            #expect(error.file == path)
            error.file = "input.ndjson"
            return JSONReadOutcome(activities: sink.activities, samples: sink.samples, error: error)
        }
    }

    /// The `TrackFormatError` reading `text` throws (`nil` when it reads fine).
    static func error(_ text: String, chunkSize: Int = 64 * 1024, strict: Bool = false) throws -> TrackFormatError? {
        try outcome(Array(text.utf8), chunkSize: chunkSize, strict: strict).error
    }

    static func error(bytes: [UInt8]) throws -> TrackFormatError? {
        try outcome(bytes).error
    }
}


/// A deliberately simple writer of the schema, independent of the reader, for round-trip tests.
enum JSONTestWriter {
    static func number(_ value: Double) -> String { "\(value)" }

    static func optionalNumber(_ key: String, _ value: Double?, nullWhenAbsent: Bool) -> String? {
        if let value { return "\"\(key)\":\(number(value))" }
        return nullWhenAbsent ? "\"\(key)\":null" : nil
    }

    /// The JSON object for `sample`, with keys in an order chosen by `generator` and random spacing.
    static func object(_ sample: Sample, using generator: inout SplitMix64) -> String {
        var pairs: [String] = []
        let nulls = Bool.random(using: &generator)
        func add(_ pair: String?) { if let pair { pairs.append(pair) } }
        switch sample {
        case .location(let s):
            add("\"type\":\"location\"")
            add("\"time\":\(number(s.time ?? 0))")
            add("\"latitude\":\(number(s.latitude))")
            add("\"longitude\":\(number(s.longitude))")
            add(optionalNumber("altitude", s.altitudeMeters, nullWhenAbsent: nulls))
            add(optionalNumber("horizontalAccuracy", s.horizontalAccuracyMeters, nullWhenAbsent: nulls))
            add(optionalNumber("verticalAccuracy", s.verticalAccuracyMeters, nullWhenAbsent: nulls))
            add(optionalNumber("speed", s.speedMetersPerSecond, nullWhenAbsent: nulls))
            add(optionalNumber("course", s.courseDegrees, nullWhenAbsent: nulls))
        case .heartRate(let s):
            add("\"type\":\"heartRate\"")
            add("\"time\":\(number(s.time ?? 0))")
            add("\"bpm\":\(number(s.beatsPerMinute))")
        case .activeEnergy(let s):
            add("\"type\":\"activeEnergy\"")
            add("\"time\":\(number(s.time ?? 0))")
            add("\"kilocalories\":\(number(s.kilocalories))")
        case .cadence(let s):
            add("\"type\":\"cadence\"")
            add("\"time\":\(number(s.time ?? 0))")
            add("\"perMinute\":\(number(s.perMinute))")
        case .power(let s):
            add("\"type\":\"power\"")
            add("\"time\":\(number(s.time ?? 0))")
            add("\"watts\":\(number(s.watts))")
        case .weather(let s):
            add("\"type\":\"weather\"")
            add("\"time\":\(number(s.time ?? 0))")
            add(optionalNumber("temperatureCelsius", s.temperatureCelsius, nullWhenAbsent: nulls))
            add(optionalNumber("humidityPercent", s.humidityPercent, nullWhenAbsent: nulls))
        case .event(let s):
            add("\"type\":\"event\"")
            add("\"time\":\(number(s.time ?? 0))")
            add("\"event\":\"\(s.kind.rawValue)\"")
        case .distance(let s):
            add("\"type\":\"distance\"")
            add("\"time\":\(number(s.time ?? 0))")
            add("\"meters\":\(number(s.cumulativeMeters))")
        }
        if Bool.random(using: &generator) {
            pairs.append("\"extra\":{\"nested\":[1,2,{\"a\":\"\\u00e9\\ud83c\\udfc3\"}],\"flag\":true}")
        }
        pairs.shuffle(using: &generator)
        let spaces = [" ", "", "\t", "  "]
        let separator = spaces.randomElement(using: &generator) ?? ""
        return "{" + separator + pairs.joined(separator: "," + separator) + separator + "}"
    }

    /// A random sample of a random type; optional fields present at random.
    static func randomSample(using generator: inout SplitMix64) -> Sample {
        func value(_ range: ClosedRange<Double>) -> Double {
            // Mix "nice" decimals (as devices write them) with full-precision doubles.
            if Bool.random(using: &generator) {
                let digits = Int.random(in: 0...7, using: &generator)
                let scale = pow(10, Double(digits))
                return (Double.random(in: range, using: &generator) * scale).rounded() / scale
            }
            return Double.random(in: range, using: &generator)
        }
        func maybe(_ range: ClosedRange<Double>) -> Double? {
            Bool.random(using: &generator) ? value(range) : nil
        }
        let time = value(1_500_000_000...1_800_000_000)
        switch Int.random(in: 0..<7, using: &generator) {
        case 0:
            return .location(LocationSample(
                time: time,
                latitude: value(-90...90),
                longitude: value(-180...180),
                altitudeMeters: maybe(-400...8000),
                horizontalAccuracyMeters: maybe(0...100),
                verticalAccuracyMeters: maybe(0...100),
                speedMetersPerSecond: maybe(0...40),
                courseDegrees: maybe(0...360)
            ))
        case 1: return .heartRate(HeartRateSample(time: time, beatsPerMinute: value(30...220)))
        case 2: return .activeEnergy(ActiveEnergySample(time: time, kilocalories: value(0...5)))
        case 3: return .cadence(CadenceSample(time: time, perMinute: value(0...200)))
        case 4: return .power(PowerSample(time: time, watts: value(0...1500)))
        case 5:
            let temperature = maybe(-40...50)
            let humidity = temperature == nil ? value(0...100) : maybe(0...100)
            return .weather(WeatherSample(time: time, temperatureCelsius: temperature, humidityPercent: humidity))
        default:
            let kinds = WorkoutEventSample.Kind.allCases
            return .event(WorkoutEventSample(time: time, kind: kinds[Int.random(in: 0..<kinds.count, using: &generator)]))
        }
    }
}
