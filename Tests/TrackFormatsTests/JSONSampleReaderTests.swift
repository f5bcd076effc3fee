import Foundation
import TestSupport
import Testing
@testable import TrackFormats
import WorkoutSamples

struct JSONSampleReaderTests {
    /// One record of every type, with its expected sample.
    static let everyType: [(json: String, sample: Sample)] = [
        (
            #"{"type":"location","time":1717171717.25,"latitude":47.3769183,"longitude":8.5416939,"altitude":408.2,"horizontalAccuracy":4.5,"verticalAccuracy":3,"speed":3.12,"course":87.5}"#,
            .location(LocationSample(
                time: 1717171717.25, latitude: 47.3769183, longitude: 8.5416939, altitudeMeters: 408.2,
                horizontalAccuracyMeters: 4.5, verticalAccuracyMeters: 3, speedMetersPerSecond: 3.12, courseDegrees: 87.5
            ))
        ),
        (
            #"{"longitude": -122.4194, "latitude": 37.7749, "type": "location", "time": "2024-05-31T16:08:38Z", "altitude": null, "speed": null}"#,
            .location(LocationSample(time: 1717171718, latitude: 37.7749, longitude: -122.4194))
        ),
        (#"{"type":"heartRate","time":1717171719,"bpm":141}"#, .heartRate(HeartRateSample(time: 1717171719, beatsPerMinute: 141))),
        (#"{"type":"activeEnergy","time":1717171720,"kilocalories":0.35}"#, .activeEnergy(ActiveEnergySample(time: 1717171720, kilocalories: 0.35))),
        (#"{"type":"cadence","time":1717171721,"perMinute":172}"#, .cadence(CadenceSample(time: 1717171721, perMinute: 172))),
        (#"{"type":"power","time":1717171722,"watts":251.5}"#, .power(PowerSample(time: 1717171722, watts: 251.5))),
        (#"{"type":"event","time":1717171723,"event":"pause"}"#, .event(WorkoutEventSample(time: 1717171723, kind: .pause))),
        (#"{"type":"event","time":1717171724,"event":"resume"}"#, .event(WorkoutEventSample(time: 1717171724, kind: .resume))),
        (#"{"type":"event","time":1717171725,"event":"lap"}"#, .event(WorkoutEventSample(time: 1717171725, kind: .lap))),
        (#"{"type":"event","time":1717171726,"event":"segment"}"#, .event(WorkoutEventSample(time: 1717171726, kind: .segmentStart))),
        (
            #"{"type":"weather","time":1717171727,"temperatureCelsius":-3.5,"humidityPercent":81}"#,
            .weather(WeatherSample(time: 1717171727, temperatureCelsius: -3.5, humidityPercent: 81))
        ),
        (#"{"type":"weather","time":1717171728,"humidityPercent":40}"#, .weather(WeatherSample(time: 1717171728, temperatureCelsius: nil, humidityPercent: 40))),
    ]

    /// What `Sample`'s Codable encoding writes beyond the schema's first version, with its expected sample.
    static let extensionRecords: [(json: String, sample: Sample)] = [
        (
            #"{"type":"location","time":1717171729,"latitude":1.5,"longitude":2.5,"hasFix":false}"#,
            .location(LocationSample(time: 1717171729, latitude: 1.5, longitude: 2.5, hasFix: false))
        ),
        (#"{"type":"location","time":1717171730,"latitude":1.5,"longitude":2.5,"hasFix":true}"#, .location(LocationSample(time: 1717171730, latitude: 1.5, longitude: 2.5))),
        (
            #"{"type":"event","time":1717171731,"event":"lap","lapTrigger":"fitnessEquipment"}"#,
            .event(WorkoutEventSample(time: 1717171731, kind: .lap, lapTrigger: .fitnessEquipment))
        ),
        (
            #"{"type":"event","time":1717171731,"event":"lap","lapTrigger":"manual","lapStartTime":1717171001.5}"#,
            .event(WorkoutEventSample(time: 1717171731, kind: .lap, lapTrigger: .manual, lapStartTime: 1717171001.5))
        ),
        (
            #"{"type":"event","time":1717171731,"event":"lap","lapStartTime":"2024-05-31T16:00:01.5Z"}"#,
            .event(WorkoutEventSample(time: 1717171731, kind: .lap, lapStartTime: 1717171201.5))
        ),
        (#"{"type":"distance","time":1717171732,"cumulativeMeters":1234.5}"#, .distance(DistanceSample(time: 1717171732, cumulativeMeters: 1234.5))),
        (#"{"type":"distance","time":1717171732,"cumulativeMeters":1234.5,"altitude":402.5,"speed":2.75}"#,
         .distance(DistanceSample(time: 1717171732, cumulativeMeters: 1234.5, altitudeMeters: 402.5, speedMetersPerSecond: 2.75))),
    ]

    @Test func everySampleTypeAsNDJSON() throws {
        let text = #"{"type": "header", "activity": "cycling"}"# + "\n"
            + Self.everyType.map(\.json).joined(separator: "\n") + "\n"
        let (report, sink) = try JSONTestInput.read(text, expected: .json)
        #expect(sink.samples == Self.everyType.map(\.sample))
        #expect(sink.activities == ["cycling"])
        #expect(report == TrackReadReport(format: .ndjson, sampleCount: 12, locationCount: 2, skippedUnknownRecords: 0, activityName: "cycling"))
    }

    @Test func everySampleTypeAsDocument() throws {
        let text = #"{"version": 2, "activity": "running", "device": {"name": "watch", "ids": [1, 2]}, "samples": ["#
            + Self.everyType.map(\.json).joined(separator: ",\n  ") + "]}\n"
        let (report, sink) = try JSONTestInput.read(text, expected: .ndjson)
        #expect(sink.samples == Self.everyType.map(\.sample))
        #expect(sink.activities == ["running"])
        #expect(report == TrackReadReport(format: .json, sampleCount: 12, locationCount: 2, skippedUnknownRecords: 0, activityName: "running"))
    }

    @Test func activityAfterSamplesIsReportedWhenFound() throws {
        let (report, sink) = try JSONTestInput.read(#"{"samples": [{"type":"power","time":1,"watts":2}], "activity": "hiking"}"#)
        #expect(sink.samples == [.power(PowerSample(time: 1, watts: 2))])
        #expect(sink.activities == ["hiking"])
        #expect(report.activityName == "hiking")
        #expect(report.format == .json)
    }

    @Test func documentWithoutActivityAndEmptySamples() throws {
        let (report, sink) = try JSONTestInput.read(#"{"samples": [], "activity": null}"#)
        #expect(sink.samples.isEmpty && sink.activities.isEmpty)
        #expect(report == TrackReadReport(format: .json))
    }

    @Test func emptyInputIsAnEmptyTrack() throws {
        for text in ["", "\n\n", " \r\n\t"] {
            let (report, sink) = try JSONTestInput.read(text, expected: .json)
            #expect(sink.samples.isEmpty)
            #expect(report == TrackReadReport(format: .json))
        }
    }

    @Test func unknownTypesAreSkippedAndCounted() throws {
        let text = """
            {"type":"heartRate","time":1,"bpm":100}
            {"type":"spo2","time":2,"percent":97,"nested":{"a":[1,{"b":null}]}}
            {"type":"","time":3}
            {"type":"heartRate","time":4,"bpm":101}
            """
        let (report, sink) = try JSONTestInput.read(text)
        #expect(sink.samples.count == 2)
        #expect(report.skippedUnknownRecords == 2)
        #expect(report.sampleCount == 2)
    }

    @Test func fieldsIrrelevantToTheTypeAreIgnoredWhateverTheirKind() throws {
        let (_, sink) = try JSONTestInput.read(#"{"bpm":99,"event":7,"type":"heartRate","time":5,"watts":[1],"latitude":"x","bpm2":1,"heartRate":{"bpm":1}}"#)
        #expect(sink.samples == [.heartRate(HeartRateSample(time: 5, beatsPerMinute: 99))])
    }

    @Test func blankLinesZeroByteLinesAndCRLF() throws {
        let text = "\n\r\n{\"type\":\"heartRate\",\"time\":1,\"bpm\":100}\r\n\r\n\n   \t\n{\"type\":\"power\",\"time\":2,\"watts\":3}  \r\n\n"
        let (report, sink) = try JSONTestInput.read(text)
        #expect(sink.samples == [.heartRate(HeartRateSample(time: 1, beatsPerMinute: 100)), .power(PowerSample(time: 2, watts: 3))])
        #expect(report.format == .ndjson)
        // Line numbers count every physical line, blank ones included.
        let error = try JSONTestInput.error("\n\r\n{\"type\":\"heartRate\",\"time\":1,\"bpm\":100}\r\n\n{\"type\":\"heartRate\",\"time\":1}\r\n")
        #expect(error?.position == SourcePosition(line: 5, column: 1))
        #expect(error?.message == #"record 2: field "bpm": missing"#)
    }

    @Test func byteOrderMarkIsSkipped() throws {
        let (_, sink) = try JSONTestInput.read([0xEF, 0xBB, 0xBF] + Array(#"{"type":"power","time":2,"watts":3}"#.utf8))
        #expect(sink.samples.count == 1)
    }

    @Test func escapedKeysAndStringsDecode() throws {
        let text = #"{"t\u0079pe":"heart\u0052ate","ti\u006De":"2024-05-31T16:08:37\u005A","bpm":1,"note":"\"\\\/\b\f\n\r\t \u00e9 \ud83c\udfc3 é 🏃"}"#
        let (_, sink) = try JSONTestInput.read(text)
        #expect(sink.samples == [.heartRate(HeartRateSample(time: 1717171717, beatsPerMinute: 1))])
        let (_, header) = try JSONTestInput.read(#"{"type":"header","activity":"Trail \u0052unning \ud83c\udfc3"}"#)
        #expect(header.activities == ["Trail Running 🏃"])
    }

    // MARK: Times

    @Test func isoTimesEqualTheNumericForm() throws {
        let texts = [
            "2024-05-31T16:08:37Z", "2024-05-31T16:08:37.123Z", "2024-05-31T18:08:37.5+02:00",
            "2024-05-31T10:38:37.123456-05:30", "2000-02-29T23:59:59.999+0000", "1970-01-01T00:00:00Z",
            "2038-01-19T03:14:08.25+01", "2024-12-31t23:59:59.001z", "2016-12-31 23:59:59.75Z",
        ]
        for text in texts {
            let reference = try runProcess("date", ["-u", "-d", text, "+%s.%N"])
            #expect(reference.status == 0, "date could not parse \(text)")
            let numeric = reference.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)
            let records = #"{"type":"heartRate","time":"\#(text)","bpm":1}"# + "\n"
                + #"{"type":"heartRate","time":\#(numeric),"bpm":1}"#
            let (_, sink) = try JSONTestInput.read(records)
            #expect(sink.samples.count == 2)
            #expect(sink.samples.first?.time == Double(numeric), "\(text) vs \(numeric)")
            #expect(sink.samples.first?.time == sink.samples.last?.time)
        }
    }

    @Test func isoTimesMatchFoundation() throws {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        var generator = SplitMix64(seed: 7)
        for _ in 0..<200 {
            let milliseconds = Int64.random(in: 0...4_102_444_800_000, using: &generator)
            let date = Date(timeIntervalSince1970: Double(milliseconds) / 1000)
            let text = formatter.string(from: date)
            let (_, sink) = try JSONTestInput.read(#"{"type":"power","time":"\#(text)","watts":1}"#)
            #expect(sink.samples.first?.time == Double("\(milliseconds / 1000).\(String(format: "%03lld", milliseconds % 1000))"), "\(text)")
        }
    }

    @Test func isoTimeWithoutOffsetIsUTC() throws {
        let (_, sink) = try JSONTestInput.read(#"{"type":"power","time":"2024-05-31T16:08:37.5","watts":1}"#)
        #expect(sink.samples.first?.time == 1717171717.5)
    }

    @Test func timesBefore1970AndNegativeNumbers() throws {
        let (_, sink) = try JSONTestInput.read("""
            {"type":"power","time":"1969-12-31T23:59:59.25Z","watts":1}
            {"type":"power","time":-0.75,"watts":1}
            """)
        #expect(sink.samples.map(\.time) == [-0.75, -0.75])
    }

    @Test func invalidTimesAreErrors() throws {
        for text in ["2024-02-30T00:00:00Z", "2024-13-01T00:00:00Z", "2024-05-31T24:00:00Z", "yesterday", "", "2024-05-31T16:08Z"] {
            let error = try JSONTestInput.error(#"{"type":"power","time":"\#(text)","watts":1}"#)
            #expect(error?.message.hasPrefix(#"record 1: field "time": invalid ISO 8601 date-time"#) == true, "\(text)")
            #expect(error?.position == SourcePosition(line: 1, column: 24))
        }
        let error = try JSONTestInput.error(#"{"type":"power","time":true,"watts":1}"#)
        #expect(error?.message == #"record 1: field "time": expected a number or an ISO 8601 string, found boolean"#)
    }

    /// Each offending field's message quotes its own text, not the text of another bad field in the record.
    @Test func twoBadFieldsEachQuoteTheirOwnText() throws {
        let error = try JSONTestInput.error(#"{"type":"event","event":"lap","time":"yesterday","lapStartTime":"tomorrow"}"#)
        #expect(error?.message.hasPrefix(#"record 1: field "time": invalid ISO 8601 date-time "yesterday""#) == true, "\(String(describing: error?.message))")
        let strict = try JSONTestInput.error(#"{"type":"event","event":"lap","time":1700000000,"lapTrigger":"elbow","lapStartTime":"tomorrow"}"#, strict: true)
        #expect(strict?.message.contains(#"unknown lap trigger "elbow""#) == true, "\(String(describing: strict?.message))")
    }

    // MARK: Errors

    @Test func missingAndMistypedFields() throws {
        let text = """
            {"type":"heartRate","time":1,"bpm":100}
              {"type":"location","time":2,"longitude":8.5}
            """
        let missing = try JSONTestInput.error(text)
        #expect(missing?.message == #"record 2: field "latitude": missing"#)
        #expect(missing?.position == SourcePosition(line: 2, column: 3))
        #expect(missing?.description == #"input.ndjson:2:3: record 2: field "latitude": missing"#)

        let mistyped = try JSONTestInput.error(#"{"type":"heartRate","time":1,"bpm":100}"# + "\n" + #"{"type":"location","time":2,"latitude":"47.1","longitude":8.5}"#)
        #expect(mistyped?.message == #"record 2: field "latitude": expected a number, found string"#)
        #expect(mistyped?.position == SourcePosition(line: 2, column: 40))

        let cases: [(String, String)] = [
            (#"{"time":1,"bpm":1}"#, #"record 1: field "type": missing"#),
            (#"{"type":5,"time":1,"bpm":1}"#, #"record 1: field "type": expected a string, found number"#),
            (#"{"type":"heartRate","time":1,"bpm":null}"#, #"record 1: field "bpm": expected a number, found null"#),
            (#"{"type":"heartRate","time":null,"bpm":1}"#, #"record 1: field "time": expected a number or an ISO 8601 string, found null"#),
            (#"{"type":"heartRate","bpm":1}"#, #"record 1: field "time": missing"#),
            (#"{"type":"location","time":1,"latitude":1,"longitude":2,"speed":"3"}"#, #"record 1: field "speed": expected a number or null, found string"#),
            (#"{"type":"location","time":1,"latitude":1,"longitude":[2]}"#, #"record 1: field "longitude": expected a number, found array"#),
            (#"{"type":"event","time":1,"event":"marker"}"#, #"record 1: field "event": unknown event "marker" (expected pause, resume, lap or segment)"#),
            (#"{"type":"event","time":1}"#, #"record 1: field "event": missing"#),
            (#"{"type":"location","time":1,"latitude":1,"longitude":2,"hasFix":"no"}"#, #"record 1: field "hasFix": expected a boolean or null, found string"#),
            (#"{"type":"location","time":1,"latitude":1,"longitude":2,"hasFix":0}"#, #"record 1: field "hasFix": expected a boolean or null, found number"#),
            (
                #"{"type":"event","time":1,"event":"lap","lapTrigger":"sometimes"}"#,
                #"record 1: field "lapTrigger": unknown lap trigger "sometimes" (expected manual, time, distance, position, sessionEnd, heartRate, fitnessEquipment)"#
            ),
            (#"{"type":"event","time":1,"event":"lap","lapTrigger":3}"#, #"record 1: field "lapTrigger": expected a lap trigger or null, found number"#),
            (#"{"type":"event","time":1,"event":"lap","lapStartTime":true}"#,
             #"record 1: field "lapStartTime": expected a number, an ISO 8601 string or null, found boolean"#),
            (#"{"type":"distance","time":1}"#, #"record 1: field "cumulativeMeters": missing"#),
            (#"{"type":"distance","time":1,"cumulativeMeters":"far"}"#, #"record 1: field "cumulativeMeters": expected a number, found string"#),
            (#"{"type":"event","time":1,"event":{}}"#, #"record 1: field "event": expected a string, found object"#),
            (#"{"type":"weather","time":1,"humidityPercent":null}"#, #"record 1: a weather record needs "temperatureCelsius" or "humidityPercent""#),
            (#"{"type":"heartRate","time":1,"bpm":1,"bpm":2}"#, #"record 1: duplicate field "bpm""#),
            (#"{"type":"header","activity":5}"#, #"record 1: field "activity": expected a string, found number"#),
            (#"{"samples":{}}"#, #"field "samples": expected an array, found object"#),
            (#"{"activity":["x"],"samples":[]}"#, #"field "activity": expected a string, found array"#),
        ]
        // Strict: an optional field of the wrong type is an error too (by default it is dropped and counted).
        for (text, message) in cases {
            #expect(try JSONTestInput.error(text, strict: true)?.message == message, "\(text)")
        }
        // A header anywhere but first.
        let header = try JSONTestInput.error(#"{"type":"power","time":2,"watts":3}"# + "\n" + #"{"type":"header","activity":"x"}"#)
        #expect(header?.message == "record 2: a header record is only allowed as the first NDJSON line")
    }

    @Test func samplesBeforeAnErrorReachTheSink() throws {
        let outcome = try JSONTestInput.outcome(Array("{\"type\":\"power\",\"time\":2,\"watts\":3}\n{\"type\":\"power\",\"time\":2}\n".utf8))
        #expect(outcome.samples.count == 1)
        #expect(outcome.error != nil)
    }

    @Test func nonFiniteAndInvalidNumbers() throws {
        let overflow = try JSONTestInput.error(#"{"type":"power","time":2,"watts":1e999}"#)
        #expect(overflow?.message == #"record 1: field "watts": number out of range (not a finite Double)"#)
        #expect(overflow?.position == SourcePosition(line: 1, column: 34))
        #expect(try JSONTestInput.error(#"{"type":"power","time":-1e400,"watts":1}"#)?.message
            == #"record 1: field "time": number out of range (not a finite Double)"#)
        // Underflow is a finite zero, not an error.
        let (_, sink) = try JSONTestInput.read(#"{"type":"power","time":1,"watts":1e-999}"#)
        #expect(sink.samples == [.power(PowerSample(time: 1, watts: 0))])

        for bad in ["NaN", "nan", "Infinity", "-Infinity", "+1", "01", "1.", ".5", "-", "1e", "1e+", "0x10", "1.5.2", "--1", "tru", "nul"] {
            let error = try JSONTestInput.error(#"{"type":"power","time":2,"watts":\#(bad)}"#)
            #expect(error != nil, "\(bad) was accepted")
            #expect(error?.position.line == 1)
        }
        let nan = try JSONTestInput.error(#"{"type":"power","time":2,"watts":NaN}"#)
        #expect(nan?.message == #"record 1: field "watts": expected a JSON value, found 'N'"#)
        #expect(nan?.position == SourcePosition(line: 1, column: 34))
    }

    @Test func arraysWhereObjectsBelong() throws {
        let top = try JSONTestInput.error(#"[{"type":"power","time":2,"watts":3}]"#)
        #expect(top?.message == "expected a JSON object (a document or an NDJSON record), found an array")
        #expect(top?.position == SourcePosition(line: 1, column: 1))
        let inDocument = try JSONTestInput.error(#"{"samples":[{"type":"power","time":2,"watts":3}, [1]]}"#)
        #expect(inDocument?.message == "record 2: expected a sample object, found an array")
        #expect(inDocument?.position == SourcePosition(line: 1, column: 50))
        let inNDJSON = try JSONTestInput.error(#"{"type":"power","time":2,"watts":3}"# + "\n[]\n")
        #expect(inNDJSON?.message == "record 2: expected a sample object, found an array")
        #expect(inNDJSON?.position == SourcePosition(line: 2, column: 1))
        #expect(try JSONTestInput.error("\"text\"")?.message == "expected a JSON object, found '\"'")
        #expect(try JSONTestInput.error("42") != nil)
    }

    @Test func deepNestingIsAnErrorNotACrash() throws {
        let deep = String(repeating: "[", count: 10_000)
        let top = try JSONTestInput.error(deep)
        #expect(top != nil)
        let inRecord = try JSONTestInput.error(#"{"type":"power","time":2,"watts":3,"x":"# + deep)
        #expect(inRecord?.message == "record 1: nesting deeper than 64 levels" || inRecord?.message.hasSuffix("nesting deeper than 64 levels") == true)
        #expect(inRecord?.position == SourcePosition(line: 1, column: 40 + 63))
        let objects = String(repeating: #"{"a":"#, count: 10_000)
        #expect(try JSONTestInput.error(#"{"samples":[{"type":"power","x":"# + objects)?.message.hasSuffix("nesting deeper than 64 levels") == true)
        // 63 levels inside a top-level NDJSON record is fine.
        let ok = #"{"type":"power","time":2,"watts":3,"x":"# + String(repeating: "[", count: 63) + String(repeating: "]", count: 63) + "}"
        #expect(try JSONTestInput.read(ok).1.samples.count == 1)
    }

    @Test func binaryGarbageIsReportedWhereItIs() throws {
        let prefix = Array(#"{"type":"power","time":2,"watts":3}"#.utf8) + [0x0A]
        let garbage = try JSONTestInput.error(bytes: prefix + [0x00, 0xFF, 0x13, 0x37])
        #expect(garbage?.message == "record 2: expected a sample object, found byte 0x00")
        #expect(garbage?.position == SourcePosition(line: 2, column: 1))
        let inside = try JSONTestInput.error(bytes: Array(#"{"type":"power","time":2,"#.utf8) + [0x89, 0x50, 0x4E, 0x47])
        #expect(inside?.message == "record 1: expected a string key or '}', found byte 0x89")
        #expect(inside?.position == SourcePosition(line: 1, column: 26))
        // Random bytes never crash and (almost always) fail.
        var generator = SplitMix64(seed: 11)
        for _ in 0..<200 {
            let bytes = (0..<Int.random(in: 1...64, using: &generator)).map { _ in UInt8.random(in: 0...255, using: &generator) }
            _ = try JSONTestInput.outcome(bytes)
        }
    }

    @Test func invalidUTF8InAStringIsAnError() throws {
        let cases: [[UInt8]] = [[0xFF], [0xC3], [0xC0, 0x80], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xE2, 0x82]]
        for bad in cases {
            let bytes = Array(#"{"type":"power","time":2,"watts":3,"note":"ab"#.utf8) + bad + Array(#"cd"}"#.utf8)
            let error = try JSONTestInput.error(bytes: bytes)
            #expect(error?.message.hasPrefix("record 1: invalid UTF-8 in a string") == true, "\(bad)")
        }
        let activity = try JSONTestInput.error(bytes: Array(#"{"activity":"r"#.utf8) + [0xFE] + Array(#"","samples":[]}"#.utf8))
        #expect(activity?.message == #"field "activity": invalid UTF-8 in a string (byte 0xFE)"#)
        #expect(activity?.position == SourcePosition(line: 1, column: 15))
        // Control characters and bad escapes.
        #expect(try JSONTestInput.error("{\"type\":\"power\",\"time\":2,\"watts\":3,\"n\":\"a\tb\"}")?.message
            == "record 1: control character byte 0x09 in a string must be escaped")
        #expect(try JSONTestInput.error(#"{"type":"power","time":2,"watts":3,"n":"\x"}"#)?.message == #"record 1: invalid escape \x"#)
        #expect(try JSONTestInput.error(#"{"type":"power","time":2,"watts":3,"n":"\ud800"}"#)?.message == "record 1: unpaired high surrogate in a string")
        #expect(try JSONTestInput.error(#"{"type":"power","time":2,"watts":3,"n":"\udc00"}"#)?.message == #"record 1: unpaired low surrogate \uDC00 in a string"#)
        #expect(try JSONTestInput.error(#"{"type":"power","time":2,"watts":3,"n":"\u12G4"}"#) != nil)
    }

    @Test func syntaxErrors() throws {
        let cases = [
            #"{"type":"power","time":2,"watts":3,}"#,
            #"{"type":"power" "time":2,"watts":3}"#,
            #"{"type":"power","time":2,"watts":3} {"type":"power","time":2,"watts":3}"#,
            #"{"samples":[]} {"samples":[]}"#,
            #"{"samples":[{"type":"power","time":2,"watts":3},]}"#,
            #"{'type':'power'}"#,
            #"{"type":"power","time":2,"watts":3,"x":[1,]}"#,
            #"{"type":"power","time":2,"watts":3,"x":{"a" 1}}"#,
            #"{"type":"power","time":2,"watts":3,"x":{1:2}}"#,
            #"{"type":"power","time":2,"watts":3"#,
            "{",
        ]
        for text in cases {
            #expect(try JSONTestInput.error(text) != nil, "\(text)")
        }
        let twoOnALine = try JSONTestInput.error(#"{"type":"power","time":2,"watts":3} {"type":"power","time":2,"watts":3}"#)
        #expect(twoOnALine?.message == "unexpected '{' after record 1: each NDJSON line holds one object")
        #expect(try JSONTestInput.error(#"{"samples":[]} x"#)?.message == "unexpected 'x' after the end of the JSON document")
    }

    @Test func truncatedDocumentsFailAtEveryOffset() throws {
        let document = Array((#"{"activity":"run\u0301ning","samples":[{"type":"location","time":"2024-05-31T16:08:37.5+02:00","latitude":-47.25e0,"longitude":8.5,"#
            + #""extra":[true,false,null,{"k":"é"}]},{"type":"event","time":1.5,"event":"lap"}]}"#).utf8)
        let full = try JSONTestInput.outcome(document)
        #expect(full.error == nil && full.samples.count == 2)
        for length in 1..<document.count {
            let outcome = try JSONTestInput.outcome(Array(document[0..<length]))
            #expect(outcome.error != nil, "prefix of \(length) bytes was accepted")
            #expect(outcome.error?.position.column ?? 0 <= length + 1)
        }
    }

    @Test func truncatedNDJSONFailsInsideARecordOnly() throws {
        let text = Array(("{\"type\":\"power\",\"time\":2,\"watts\":3}\n" + #"{"type":"heartRate","time":"2024-05-31T16:08:37Z","bpm":1.5e2}"#).utf8)
        for length in 1..<text.count {
            let outcome = try JSONTestInput.outcome(Array(text[0..<length]))
            let atBoundary = length == 35 || length == 36  // after the first record, with or without its "\n"
            #expect((outcome.error == nil) == atBoundary, "prefix \(length)")
        }
    }

    // MARK: Chunks, sinks, round trips

    @Test func chunkSizeDoesNotChangeTheResult() throws {
        var text = #"{"type": "header", "activity": "Cycl\u0069ng 🚴"}"# + "\r\n\n"
        text += Self.everyType.map(\.json).joined(separator: "\n") + "\n"
        text += #"{"type":"mystery","payload":{"deep":[[[["\ud83d\ude00 \"quoted\" é"]]]],"n":-0.000123e-7}}"# + "\n"
        text += #"{"type":"power","time":"2024-05-31T16:08:37.123456789+02:00","watts":123456789012345678901234567890e-20}"# + "\n"
        let bytes = Array(text.utf8)
        let reference = try JSONTestInput.outcome(bytes)
        #expect(reference.error == nil)
        #expect(reference.samples.count == 13)
        for chunkSize in 1...7 {
            #expect(try JSONTestInput.outcome(bytes, chunkSize: chunkSize) == reference, "chunk size \(chunkSize)")
        }
        let document = Array((#"{"samples":["# + Self.everyType.map(\.json).joined(separator: ",") + #"],"activity":"walk"}"#).utf8)
        let documentReference = try JSONTestInput.outcome(document)
        for chunkSize in 1...7 {
            #expect(try JSONTestInput.outcome(document, chunkSize: chunkSize) == documentReference)
        }
        // Errors are the same too, position included.
        let bad = Array((text + #"{"type":"power","time":2,"watts":"3"}"#).utf8)
        let badReference = try JSONTestInput.outcome(bad)
        #expect(badReference.error?.position.line == 17)
        for chunkSize in 1...7 {
            let outcome = try JSONTestInput.outcome(bad, chunkSize: chunkSize)
            #expect(outcome == badReference, "\(String(describing: outcome.error)) vs \(String(describing: badReference.error))")
        }
    }

    struct SinkFailure: Error, Equatable { var count: Int }

    struct ThrowingSink: TrackSampleSink {
        var count = 0
        mutating func consume(_ sample: Sample) throws {
            count += 1
            if count == 3 { throw SinkFailure(count: count) }
        }
    }

    @Test func sinkErrorsPropagateUnchanged() throws {
        let text = Self.everyType.map(\.json).joined(separator: "\n")
        let path = try JSONTestInput.write(Array(text.utf8))
        var input = FormatSniffingInput(try TrackInput(path: path))
        var sink = ThrowingSink()
        #expect(throws: SinkFailure(count: 3)) {
            try JSONSampleReader(expected: .ndjson).read(&input, into: &sink)
        }
        struct ActivityRefusal: Error, Equatable {}
        struct RefusingSink: TrackSampleSink {
            mutating func trackActivity(named name: String) throws { throw ActivityRefusal() }
            mutating func consume(_ sample: Sample) throws {}
        }
        let documentPath = try JSONTestInput.write(Array(#"{"activity":"run","samples":[]}"#.utf8))
        var documentInput = FormatSniffingInput(try TrackInput(path: documentPath))
        var refusing = RefusingSink()
        #expect(throws: ActivityRefusal()) {
            try JSONSampleReader(expected: .json).read(&documentInput, into: &refusing)
        }
    }

    @Test func trackReaderDetectsJSON() throws {
        let path = try JSONTestInput.write(Array(#"{"activity":"run","samples":[{"type":"power","time":2,"watts":3}]}"#.utf8), name: "track.json")
        var sink = CollectingSink()
        let report = try TrackReader.read(try TrackInput(path: path), into: &sink)
        #expect(report.format == .json && report.sampleCount == 1 && report.activityName == "run")
    }

    @Test(arguments: [1 as UInt64, 2, 3, 4])
    func randomSamplesRoundTrip(seed: UInt64) throws {
        var generator = SplitMix64(seed: seed)
        let samples = (0..<400).map { _ in JSONTestWriter.randomSample(using: &generator) }
        let objects = samples.map { JSONTestWriter.object($0, using: &generator) }
        let ndjson = objects.joined(separator: Bool.random(using: &generator) ? "\n" : "\r\n\n")
        let document = "{\"samples\": [\n" + objects.joined(separator: ",\n") + "\n]}"
        for text in [ndjson, document] {
            let chunkSize = [1, 3, 64, 4096, 65536].randomElement(using: &generator) ?? 64
            let (report, sink) = try JSONTestInput.read(text, chunkSize: chunkSize)
            #expect(sink.samples == samples)
            #expect(report.sampleCount == samples.count)
            #expect(report.locationCount == samples.filter { if case .location = $0 { true } else { false } }.count)
        }
    }

    /// Mutated inputs (bytes flipped, dropped, duplicated) never crash, and give the same outcome
    /// whatever the chunk size.
    @Test func mutatedInputsAreHandledTheSameInAnyChunkSize() throws {
        let base = Array((#"{"type":"header","activity":"run"}"# + "\n" + Self.everyType.map(\.json).joined(separator: "\n")
            + "\n" + #"{"type":"x","v":[{"a":"\u00e9\ud83c\udfc3"},-1.5e-3,true,null]}"#).utf8)
        let document = Array((#"{"samples":["# + Self.everyType.map(\.json).joined(separator: ",") + "]}").utf8)
        var generator = SplitMix64(seed: 2024)
        let interesting: [UInt8] = Array("{}[]\",:\\/eE+-.0123456789 \n\rtfnu".utf8) + [0x00, 0x80, 0xC3, 0xE2, 0xF0, 0xFF]
        for round in 0..<300 {
            var bytes = round % 2 == 0 ? base : document
            for _ in 0..<Int.random(in: 1...4, using: &generator) {
                let index = Int.random(in: 0..<bytes.count, using: &generator)
                switch Int.random(in: 0..<3, using: &generator) {
                case 0: bytes[index] = interesting.randomElement(using: &generator) ?? 0
                case 1: bytes.remove(at: index)
                default: bytes.insert(interesting.randomElement(using: &generator) ?? 0, at: index)
                }
            }
            let whole = try JSONTestInput.outcome(bytes)
            let chunked = try JSONTestInput.outcome(bytes, chunkSize: Int.random(in: 1...5, using: &generator))
            #expect(whole == chunked, "round \(round)")
        }
    }

    @Test func numbersAreCorrectlyRounded() throws {
        var generator = SplitMix64(seed: 99)
        var texts: [String] = []
        for _ in 0..<3000 {
            // Full-precision doubles, as Swift prints them.
            let bits = UInt64.random(in: 0...UInt64.max, using: &generator)
            let value = Double(bitPattern: bits)
            if value.isFinite { texts.append("\(value)".replacingOccurrences(of: "e+", with: "e")) }
        }
        for _ in 0..<3000 {
            // Random decimal strings: many digits, exponents near the fast-path edges and the limits.
            let digitCount = [1, 2, 15, 16, 17, 18, 19, 20, 25, 40, 120, 800, 900].randomElement(using: &generator) ?? 1
            var digits = String((1...9).randomElement(using: &generator) ?? 1)
            for _ in 1..<digitCount { digits += String(Int.random(in: 0...9, using: &generator)) }
            let exponent = [0, 5, 22, 23, -22, -23, 300, -300, -330, 290, -400, 308].randomElement(using: &generator) ?? 0
            let point = Int.random(in: 0...digits.count, using: &generator)
            var text = digits
            if point < digits.count { text.insert(".", at: text.index(text.startIndex, offsetBy: point)) }
            if point == 0 { text = "0" + text }
            if Bool.random(using: &generator) { text = "-" + text }
            text += "e\(exponent)"
            if Double(text)?.isFinite == true { texts.append(text) }
        }
        // Halfway cases and classic hard inputs.
        texts += [
            "9007199254740993", "9007199254740993.0000000000000000001", "2.2250738585072011e-308",
            "2.2250738585072012e-308", "4.9406564584124654e-324", "2.4703282292062327e-324",
            "2.4703282292062328e-324", "1.7976931348623157e308", "1.7976931348623158e308",
            "0.1", "0.30000000000000004", "1e23", "8.98846567431158e307", "0.000000000000000000000000000001",
            "123456789012345678901234567890", "1" + String(repeating: "0", count: 900) + "e-900",
            "0." + String(repeating: "0", count: 1000) + "1e1000",
        ]
        let records = texts.map { #"{"type":"power","time":0,"watts":\#($0)}"# }.joined(separator: "\n")
        let (_, sink) = try JSONTestInput.read(records)
        #expect(sink.samples.count == texts.count)
        for (text, sample) in zip(texts, sink.samples) {
            guard case .power(let power) = sample else { continue }
            let expected = Double(text) ?? .nan
            if expected.isFinite {
                #expect(power.watts.bitPattern == expected.bitPattern, "\(text)")
            }
        }
    }

    @Test func overflowingNumbersFromTheRandomSetAreErrors() throws {
        #expect(try JSONTestInput.error(#"{"type":"power","time":0,"watts":1.7976931348623159e308}"#) != nil)
        #expect(try JSONTestInput.error(#"{"type":"power","time":0,"watts":"# + "9" + String(repeating: "9", count: 400) + "}") != nil)
    }

    @Test func extensionRecordsAndFields() throws {
        let (report, sink) = try JSONTestInput.read(Self.extensionRecords.map(\.json).joined(separator: "\n"))
        #expect(sink.samples == Self.extensionRecords.map(\.sample))
        #expect(report.skippedUnknownRecords == 0 && report.skippedFields.isEmpty)
    }

    /// By default a `hasFix` or `lapTrigger` that does not parse is dropped and counted, the sample kept.
    @Test func extensionFieldsThatDoNotParseAreDroppedAndCounted() throws {
        let text = #"{"type":"location","time":1,"latitude":1,"longitude":2,"hasFix":"no"}"# + "\n"
            + #"{"type":"event","time":2,"event":"lap","lapTrigger":"sometimes"}"# + "\n"
            + #"{"type":"event","time":3,"event":"lap","lapTrigger":null}"#
        let (report, sink) = try JSONTestInput.read(text)
        #expect(sink.samples == [
            .location(LocationSample(time: 1, latitude: 1, longitude: 2)),
            .event(WorkoutEventSample(time: 2, kind: .lap)),
            .event(WorkoutEventSample(time: 3, kind: .lap)),
        ])
        #expect(report.skippedFields["hasFix"]?.count == 1)
        #expect(report.skippedFields["lapTrigger"]?.count == 1)
        #expect(report.skippedFields["lapTrigger"]?.firstValue == "sometimes")
    }
}
