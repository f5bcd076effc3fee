import Foundation
import Testing
import TestSupport
import WorkoutEngine

/// Reads GPX written by the tests back through the public reader.
private enum GPXTestReading {
    struct Sink: TrackSampleSink {
        var samples: [Sample] = []
        var activities: [String] = []
        mutating func trackActivity(named name: String) throws { activities.append(name) }
        mutating func consume(_ sample: Sample) throws { samples.append(sample) }
        var segmentStarts: Int { samples.filter { $0 == .event(WorkoutEventSample(time: nil, kind: .segmentStart)) }.count }
    }

    static func read(_ url: URL) throws -> (report: TrackReadReport, sink: Sink) {
        var sink = Sink()
        let report = try TrackReader.read(TrackInput(path: url.path), format: .gpx, into: &sink)
        return (report, sink)
    }

    static func read(_ text: String) throws -> (report: TrackReadReport, sink: Sink) {
        let url = try TestPaths.temporaryDirectory("gpx-writer").appendingPathComponent("track.gpx")
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
        try Data(text.utf8).write(to: url)
        return try read(url)
    }
}

/// Writes the samples a reader produced back through `GPXWriter`, grouping each location with the
/// readings that follow it at the same time (as `GPXReader` emits them).
private func rewrite(_ samples: [Sample], name: String? = nil, type: String? = nil) -> String {
    var writer = GPXWriter(output: "")
    writer.begin(name: name, type: type)
    var pending: GPXTrackPoint?
    func flush(_ writer: inout GPXWriter<String>) {
        if let point = pending { writer.write(point) }
        pending = nil
    }
    for sample in samples {
        switch sample {
        case .location(let fix):
            flush(&writer)
            pending = GPXTrackPoint(location: fix)
        case .heartRate(let reading): pending?.heartRate = reading.beatsPerMinute
        case .cadence(let reading): pending?.cadence = reading.perMinute
        case .weather(let reading): pending?.temperatureCelsius = reading.temperatureCelsius
        case .event(let event) where event.kind == .segmentStart:
            flush(&writer)
            writer.beginSegment()
        default:
            break
        }
    }
    flush(&writer)
    return writer.finish()
}

struct GPXWriterTests {
    @Test(arguments: ["run-garmin-connect-hr-cadence.gpx", "run-suunto-ambit-hr-cad-pauses.gpx",
                      "hike-garmin-gpsmap64s-2seg-elevation.gpx", "patho-empty-trkseg-oregon400t.gpx"])
    func sampleTrackRoundTripsThroughWriter(_ name: String) throws {
        let original = try GPXTestReading.read(TestPaths.sampleTrack(name))
        let text = rewrite(original.sink.samples, type: "running")
        let again = try GPXTestReading.read(text)
        #expect(again.sink.samples.count == original.sink.samples.count)
        #expect(again.sink.samples == original.sink.samples)
        #expect(again.sink.segmentStarts == original.sink.segmentStarts)
        #expect(again.sink.activities == ["running"])
    }

    @Test func everyFieldTheReaderKnowsRoundTrips() throws {
        let samples: [Sample] = [
            .event(WorkoutEventSample(time: nil, kind: .segmentStart)),
            .location(LocationSample(time: 1_500_000_000.123, latitude: 47.000001, longitude: -0.00001, altitudeMeters: -12.5,
                                     horizontalAccuracyMeters: 6.5, verticalAccuracyMeters: 11, speedMetersPerSecond: 3.25,
                                     courseDegrees: 271.5, hasFix: true)),
            .heartRate(HeartRateSample(time: 1_500_000_000.123, beatsPerMinute: 151)),
            .cadence(CadenceSample(time: 1_500_000_000.123, perMinute: 86)),
            .weather(WeatherSample(time: 1_500_000_000.123, temperatureCelsius: -3.5)),
            .event(WorkoutEventSample(time: nil, kind: .segmentStart)),
            .location(LocationSample(time: nil, latitude: -33.9, longitude: 151.2, hasFix: false)),
            .location(LocationSample(time: 0.001, latitude: 1e-7, longitude: 179.9999999)),
        ]
        let text = rewrite(samples, name: "Tom & Jerry's <run>", type: "running")
        #expect(!text.contains("e-"), "no exponent: \(text)")
        #expect(text.contains("<name>Tom &amp; Jerry&apos;s &lt;run&gt;</name>"))
        #expect(text.contains("lat=\"0.0000001\""))
        #expect(text.contains("<time>2017-07-14T02:40:00.123Z</time>"))
        #expect(text.contains("<fix>none</fix>"))
        let again = try GPXTestReading.read(text)
        #expect(again.sink.samples == samples)
    }

    @Test func emptyWriterIsAValidDocument() throws {
        var writer = GPXWriter(output: "")
        let text = writer.finish()
        let again = try GPXTestReading.read(text)
        #expect(again.sink.samples.isEmpty)
        #expect(writer.finish() == text, "finish is idempotent")
    }

    @Test func decimalTextNeverHasAnExponent() {
        #expect(DecimalText.shortest(0.00001) == "0.00001")
        #expect(DecimalText.shortest(1e-7) == "0.0000001")
        #expect(DecimalText.shortest(120) == "120")
        #expect(DecimalText.shortest(-3.25) == "-3.25")
        #expect(DecimalText.shortest(-0.0) == "0")
        #expect(DecimalText.shortest(1e21) == "1000000000000000000000")
        #expect(DecimalText.shortest(.nan) == "")
        #expect(DecimalText.fixed(2.5049, maximumFractionDigits: 2) == "2.5")
        #expect(DecimalText.fixed(-0.001, maximumFractionDigits: 2) == "0")
        #expect(DecimalText.fixed(1234.5678, maximumFractionDigits: 3) == "1234.568")
        for value in [37.24173816852271556854248046875, -121.97232423350215, 1e-300, Double.leastNonzeroMagnitude, 1.7976931348623157e308, 0.1 + 0.2] {
            let text = DecimalText.shortest(value)
            #expect(!text.contains("e"))
            #expect(Double(text) == value, "\(text) reads back as \(value)")
        }
    }

    /// Random doubles of every magnitude (random bit patterns): the text has no exponent, reads back as the
    /// same value, and ends neither in a point nor in a fraction's trailing zero.
    @Test func decimalTextReadsBackOnRandomValues() {
        var rng = SplitMix64(seed: 11)
        var checked = 0
        while checked < 20_000 {
            let value = Double(bitPattern: rng.next())
            guard value.isFinite, value != 0 else { continue }
            checked += 1
            let text = DecimalText.shortest(value)
            guard Double(text) == value, !text.contains("e"), !text.hasSuffix(".") else {
                Issue.record("\(value.description) was written \(text)")
                return
            }
            if text.contains(".") { #expect(!text.hasSuffix("0"), "\(text)") }
        }
    }

    /// A point's numbers are written as `DecimalText.shortest` writes them (Swift's own round-trip digits):
    /// the writer's path for decimals of few digits (scaled integers from devices: altitudes in fifths of a
    /// metre, speeds in mm/s, cadences in 128ths) gives the same text as the general one, at every magnitude
    /// around its limits (0.001 and 10⁸, 7 fractional digits) and for random values.
    @Test func pointNumbersAreTheShortestRoundTripDigits() throws {
        var rng = SplitMix64(seed: 29)
        var values: [Double] = [0.001, 0.0011, 0.00099, 0.0009999, 99_999_999.5, 99_999_999.9999999, 100_000_000.5, 0.5, -0.5,
                                0.1 + 0.2, 0.07, 1.0000001, 1.00000001, 46.181343253701925, 6.7035257164388895, 159.8, -12.3]
        for digits in 1...8 {
            for _ in 0..<300 {
                let units = rng.next() % 10_000_000_000
                let sign = rng.next() % 4 == 0 ? "-" : ""
                values.append(try #require(Double("\(sign)\(units)e-\(digits)")))
            }
        }
        for _ in 0..<2_000 {
            let raw = Double(rng.next() % 65_536)
            values += [(raw - 2500) / 5, raw / 1000, raw / 100, Double(rng.next() % 256) + Double(rng.next() % 128) / 128]
            var magnitude = Double(bitPattern: rng.next())
            while !(magnitude.isFinite && Swift.abs(magnitude) > 1e-4 && Swift.abs(magnitude) < 1e9) {
                magnitude = Double(bitPattern: (rng.next() & 0x000F_FFFF_FFFF_FFFF) | (UInt64(1000 + rng.next() % 60) << 52))
            }
            values.append(magnitude)
        }
        var mismatches: [String] = []
        for value in values where value.isFinite {
            var writer = GPXWriter(output: "")
            writer.write(GPXTrackPoint(location: LocationSample(time: nil, latitude: value.truncatingRemainder(dividingBy: 90), longitude: 1),
                                       heartRate: value))
            let text = writer.finish()
            let written = text.components(separatedBy: "<gpxtpx:hr>").last?.components(separatedBy: "</gpxtpx:hr>").first
            let latitude = text.components(separatedBy: "lat=\"").last?.components(separatedBy: "\"").first
            if written != DecimalText.shortest(value) { mismatches.append("\(value.description): \(written ?? "nothing")") }
            if latitude != DecimalText.shortest(value.truncatingRemainder(dividingBy: 90)) { mismatches.append("latitude of \(value.description): \(latitude ?? "nothing")") }
        }
        #expect(values.count > 9_000)
        #expect(mismatches.isEmpty, "\(mismatches.prefix(10))")
    }

    @Test func timestampsHaveMillisecondsAndReadBack() {
        #expect(ISO8601Text.string(secondsSince1970: 0, fraction: .milliseconds) == "1970-01-01T00:00:00.000Z")
        #expect(ISO8601Text.string(secondsSince1970: 951_782_400.5, fraction: .milliseconds) == "2000-02-29T00:00:00.500Z")
        #expect(ISO8601Text.string(secondsSince1970: -0.001, fraction: .milliseconds) == "1969-12-31T23:59:59.999Z")
        #expect(ISO8601Text.string(secondsSince1970: .infinity, fraction: .milliseconds) == nil)
        var seconds = -2_000_000_000.0
        while seconds < 4_000_000_000 {
            let text = ISO8601Text.string(secondsSince1970: seconds, fraction: .milliseconds) ?? ""
            #expect(ISO8601Time.secondsSince1970(text) == seconds, "\(text)")
            seconds += 86_399_987.0
        }
    }

    @Test func xmlEscaping() {
        #expect(XMLText.escaped("plain") == "plain")
        #expect(XMLText.escaped("a<b>&\"c'") == "a&lt;b&gt;&amp;&quot;c&apos;")
        #expect(XMLText.escaped("bell\u{07}tab\t") == "belltab\t")
    }

    @Test func csvQuotesAndColumns() {
        var writer = CSVWriter(output: "")
        writer.writeRow(["a", "b,c", "say \"hi\"", "line\nbreak"])
        #expect(writer.output == "a,\"b,c\",\"say \"\"hi\"\"\",\"line\nbreak\"\r\n")

        var samples = CSVSampleWriter(output: "")
        samples.write(CSVSampleRow(time: 1.5, segment: 2, latitude: 0.00001, longitude: -1, elevationMeters: nil,
                                   heartRate: 150, cadence: nil, distanceMeters: 1234.5678, speedMetersPerSecond: 3.33333,
                                   paceSecondsPerKilometer: 300.04, elapsedSeconds: 1.5))
        let lines = samples.finish().components(separatedBy: "\r\n")
        #expect(lines[0] == CSVSampleWriter<String>.columns.joined(separator: ","))
        #expect(lines[1] == "1970-01-01T00:00:01.500Z,1.5,2,0.00001,-1,,150,,1234.57,3.333,300")
    }
}
