#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import WorkoutSamples

/// The keys the schema gives a meaning to.
enum JSONField: Int, CaseIterable {
    case type, time, latitude, longitude, altitude, horizontalAccuracy, verticalAccuracy, speed, course
    case bpm, kilocalories, perMinute, watts, event, temperatureCelsius, humidityPercent
    /// Extensions written by `Sample`'s `Codable` encoding: `location`'s `hasFix`, a lap `event`'s
    /// `lapTrigger` and `lapStartTime`, `distance`'s `cumulativeMeters`.
    case hasFix, lapTrigger, lapStartTime, cumulativeMeters
    /// The NDJSON header's `timerEvents`: the samples carry the recording device's own timer events
    /// (`TrackSampleSink.trackHasTimerEvents()`), as `NDJSONSampleWriter` writes a converted FIT or TCX file.
    case timerEvents
    /// Top-level document keys (only meaningful in the first top-level object).
    case activity, samples

    var bit: UInt32 { 1 << UInt32(rawValue) }

    var name: StaticString {
        switch self {
        case .type: "type"
        case .time: "time"
        case .latitude: "latitude"
        case .longitude: "longitude"
        case .altitude: "altitude"
        case .horizontalAccuracy: "horizontalAccuracy"
        case .verticalAccuracy: "verticalAccuracy"
        case .speed: "speed"
        case .course: "course"
        case .bpm: "bpm"
        case .kilocalories: "kilocalories"
        case .perMinute: "perMinute"
        case .watts: "watts"
        case .event: "event"
        case .temperatureCelsius: "temperatureCelsius"
        case .humidityPercent: "humidityPercent"
        case .hasFix: "hasFix"
        case .lapTrigger: "lapTrigger"
        case .lapStartTime: "lapStartTime"
        case .cumulativeMeters: "cumulativeMeters"
        case .timerEvents: "timerEvents"
        case .activity: "activity"
        case .samples: "samples"
        }
    }

    /// Matches a decoded key without building a `String`.
    static func match(_ scanner: JSONScanner, length: Int) -> JSONField? {
        guard length >= 3 && length <= 18 else { return nil }
        let first = scanner.scratch[0]
        let candidates: (JSONField?, JSONField?, JSONField?)
        switch (length, first) {
        case (3, UInt8(ascii: "b")): candidates = (.bpm, nil, nil)
        case (4, UInt8(ascii: "t")): candidates = (.type, .time, nil)
        case (5, UInt8(ascii: "s")): candidates = (.speed, nil, nil)
        case (5, UInt8(ascii: "w")): candidates = (.watts, nil, nil)
        case (5, UInt8(ascii: "e")): candidates = (.event, nil, nil)
        case (6, UInt8(ascii: "c")): candidates = (.course, nil, nil)
        case (6, UInt8(ascii: "h")): candidates = (.hasFix, nil, nil)
        case (10, UInt8(ascii: "l")): candidates = (.lapTrigger, nil, nil)
        case (11, UInt8(ascii: "t")): candidates = (.timerEvents, nil, nil)
        case (16, UInt8(ascii: "c")): candidates = (.cumulativeMeters, nil, nil)
        case (7, UInt8(ascii: "s")): candidates = (.samples, nil, nil)
        case (8, UInt8(ascii: "l")): candidates = (.latitude, nil, nil)
        case (8, UInt8(ascii: "a")): candidates = (.altitude, .activity, nil)
        case (9, UInt8(ascii: "l")): candidates = (.longitude, nil, nil)
        case (9, UInt8(ascii: "p")): candidates = (.perMinute, nil, nil)
        case (12, UInt8(ascii: "k")): candidates = (.kilocalories, nil, nil)
        case (12, UInt8(ascii: "l")): candidates = (.lapStartTime, nil, nil)
        case (15, UInt8(ascii: "h")): candidates = (.humidityPercent, nil, nil)
        case (16, UInt8(ascii: "v")): candidates = (.verticalAccuracy, nil, nil)
        case (18, UInt8(ascii: "h")): candidates = (.horizontalAccuracy, nil, nil)
        case (18, UInt8(ascii: "t")): candidates = (.temperatureCelsius, nil, nil)
        default: return nil
        }
        if let field = candidates.0, scanner.scratchEquals(length, field.name) { return field }
        if let field = candidates.1, scanner.scratchEquals(length, field.name) { return field }
        return nil
    }
}

/// The `type` of a record.
enum JSONRecordType {
    case header, location, heartRate, activeEnergy, cadence, power, event, weather, distance, unknown

    static func match(_ scanner: JSONScanner, length: Int) -> JSONRecordType {
        switch length {
        case 5:
            if scanner.scratchEquals(length, "power") { return .power }
            if scanner.scratchEquals(length, "event") { return .event }
        case 6:
            if scanner.scratchEquals(length, "header") { return .header }
        case 7:
            if scanner.scratchEquals(length, "cadence") { return .cadence }
            if scanner.scratchEquals(length, "weather") { return .weather }
        case 8:
            if scanner.scratchEquals(length, "location") { return .location }
            if scanner.scratchEquals(length, "distance") { return .distance }
        case 9:
            if scanner.scratchEquals(length, "heartRate") { return .heartRate }
        case 12:
            if scanner.scratchEquals(length, "activeEnergy") { return .activeEnergy }
        default:
            break
        }
        return .unknown
    }
}

/// What was found for one field of the record being read. Type problems are recorded rather than thrown
/// at once, because whether a key matters depends on the record's `type`, which may come last.
struct JSONFieldSlot {
    enum State: UInt8 {
        /// `value` holds the number (or the time in seconds since 1970).
        case number
        /// JSON `null`.
        case null
        /// A string (for `type`, `event`, `activity`: decoded into the record's own variables).
        case string
        /// A value of the wrong kind, named by `found`.
        case mismatch
        /// A number whose magnitude overflows a `Double`.
        case nonFinite
        /// A `time` string that is not an accepted ISO 8601 date-time.
        case invalidTime
        /// A `time` (string or number) outside the years 0001...9999 (`ISO8601Time.acceptedSeconds`).
        case timeOutOfRange
        /// An `event` string that is not a known event kind.
        case unknownEvent
        /// A `lapTrigger` string that is not a known ``LapTrigger``.
        case unknownLapTrigger
    }

    var value: Double = 0
    var state: State = .null
    var found: JSONValueKind = .null
    var position = SourcePosition(line: 0, column: 0)
}

/// Reads the JSON document or NDJSON stream described on `JSONSampleReader` and hands samples to a sink.
struct JSONRecordParser {
    var scanner: JSONScanner
    let expected: TrackFormat
    var slots: [JSONFieldSlot]
    var recordType: JSONRecordType = .unknown
    var eventKind: WorkoutEventSample.Kind = .lap
    /// The record's `lapTrigger`, when its slot is a known one.
    var lapTrigger: LapTrigger?
    /// Text of an offending `time`, `lapStartTime`, `event` or `lapTrigger` value, by field, kept for the
    /// message (rare path only). A field's entry is read only when its slot, set in the same record, says
    /// it offended, so entries need no clearing between records.
    var offendingTexts: [JSONField: String] = [:]
    /// The `activity` string of the first top-level object, until we know what that object is.
    var pendingActivity: String?
    var report: TrackReadReport

    /// Whether an optional field of the wrong type is an error (else it is dropped and counted).
    let strict: Bool

    init(source: FormatSniffingInput, chunkSize: Int, expected: TrackFormat, strict: Bool = false) {
        scanner = JSONScanner(source: source, chunkSize: chunkSize)
        self.expected = expected
        self.strict = strict
        slots = Array(repeating: JSONFieldSlot(), count: JSONField.allCases.count)
        report = TrackReadReport(format: expected)
    }

    func deallocate() { scanner.deallocate() }

    // MARK: Top level

    mutating func run<Sink: TrackSampleSink>(into sink: inout Sink) throws -> TrackReadReport {
        try skipByteOrderMark()
        guard let first = try scanner.skipWhitespace() else {
            return report  // empty input: no samples, reported as the expected form
        }
        guard first == UInt8(ascii: "{") else {
            if first == UInt8(ascii: "[") {
                throw scanner.error("expected a JSON object (a document or an NDJSON record), found an array")
            }
            throw scanner.unexpected(first, expected: "a JSON object")
        }
        let isDocument = try parseObject(depth: 1, isFirst: true, into: &sink)
        if isDocument {
            report.format = .json
            if let extra = try scanner.skipWhitespace() {
                throw scanner.error("unexpected \(JSONScanner.describe(extra)) after the end of the JSON document")
            }
            return report
        }
        report.format = .ndjson
        var recordNumber = 1
        while true {
            try finishLine(recordNumber: recordNumber)
            guard let next = try scanner.skipWhitespace() else { break }
            recordNumber += 1
            scanner.recordNumber = recordNumber
            guard next == UInt8(ascii: "{") else {
                if next == UInt8(ascii: "[") { throw scanner.error("expected a sample object, found an array") }
                throw scanner.unexpected(next, expected: "a sample object")
            }
            _ = try parseObject(depth: 1, isFirst: false, into: &sink)
        }
        return report
    }

    private mutating func skipByteOrderMark() throws {
        guard try scanner.peek() == 0xEF else { return }
        scanner.advance()
        guard try scanner.peek() == 0xBB else { throw scanner.error("invalid byte order mark") }
        scanner.advance()
        guard try scanner.peek() == 0xBF else { throw scanner.error("invalid byte order mark") }
        scanner.advance()
    }

    /// After an NDJSON record: only spaces, tabs and carriage returns up to the line feed or the end.
    private mutating func finishLine(recordNumber: Int) throws {
        while let byte = try scanner.peek() {
            switch byte {
            case 0x20, 0x09, 0x0D:
                scanner.advance()
            case 0x0A:
                return  // skipWhitespace counts the line
            default:
                scanner.recordNumber = 0
                throw scanner.error(
                    "unexpected \(JSONScanner.describe(byte)) after record \(recordNumber): each NDJSON line holds one object"
                )
            }
        }
    }

    // MARK: Objects

    /// Parses the object whose `{` comes next: a sample record, an NDJSON header, or (only when
    /// `isFirst`) the whole document. Returns `true` when it was a document (it had `samples`).
    private mutating func parseObject<Sink: TrackSampleSink>(depth: Int, isFirst: Bool, into sink: inout Sink) throws -> Bool {
        let start = scanner.sourcePosition
        scanner.advance()
        var seen: UInt32 = 0
        var isDocument = false
        recordType = .unknown
        var next = try scanner.skipWhitespace()
        if next == UInt8(ascii: "}") {
            scanner.advance()
        } else {
            while true {
                guard next == 0x22 else { throw scanner.unexpected(next, expected: "a string key or '}'") }
                let keyLength = try scanner.scanString(capture: true)
                var field = JSONField.match(scanner, length: keyLength)
                if !isFirst && (field == .activity || field == .samples) { field = nil }
                if isDocument && field != .activity && field != .samples { field = nil }
                guard try scanner.skipWhitespace() == UInt8(ascii: ":") else {
                    throw scanner.unexpected(try scanner.peek(), expected: "':' after a key")
                }
                scanner.advance()
                guard let valueStart = try scanner.skipWhitespace() else {
                    throw scanner.unexpected(nil, expected: "a JSON value")
                }
                if let field {
                    if isFirst && field == .type && !isDocument {
                        scanner.recordNumber = 1  // the first object is an NDJSON record
                    }
                    if seen & field.bit != 0 {
                        throw scanner.error("duplicate field \"\(field.name)\"")
                    }
                    seen |= field.bit
                    if field == .samples {
                        scanner.recordNumber = 0
                        try beginDocument(seen: seen, into: &sink)
                        isDocument = true
                        try parseSamples(valueStart, depth: depth + 1, into: &sink)
                        scanner.recordNumber = 0
                    } else if field == .activity && isDocument {
                        try parseField(.activity, valueStart, depth: depth)
                        try reportActivity(into: &sink)
                    } else {
                        try parseField(field, valueStart, depth: depth)
                    }
                } else {
                    try scanner.skipValue(depth: depth)
                }
                next = try scanner.skipWhitespace()
                if next == UInt8(ascii: ",") {
                    scanner.advance()
                    next = try scanner.skipWhitespace()
                    continue
                }
                if next == UInt8(ascii: "}") {
                    scanner.advance()
                    break
                }
                throw scanner.unexpected(next, expected: "',' or '}' in an object")
            }
        }
        if isDocument { return true }
        if isFirst { scanner.recordNumber = 1 }
        try finishRecord(seen: seen, start: start, isFirst: isFirst, into: &sink)
        return false
    }

    /// The first object has a `samples` key, so it is the document: report an `activity` seen before it.
    private mutating func beginDocument<Sink: TrackSampleSink>(seen: UInt32, into sink: inout Sink) throws {
        if seen & JSONField.activity.bit != 0 {
            try reportActivity(into: &sink)
        }
    }

    /// Hands the `activity` slot to the sink (a string), ignores `null`, rejects anything else.
    private mutating func reportActivity<Sink: TrackSampleSink>(into sink: inout Sink) throws {
        let slot = slots[JSONField.activity.rawValue]
        switch slot.state {
        case .string:
            if let pendingActivity {
                report.activityName = pendingActivity
                try sink.trackActivity(named: pendingActivity)
            }
        case .null:
            break
        default:
            throw fieldError(.activity, slot, expected: "a string")
        }
    }

    /// Streams the `samples` array whose first byte is `first`.
    private mutating func parseSamples<Sink: TrackSampleSink>(_ first: UInt8, depth: Int, into sink: inout Sink) throws {
        guard first == UInt8(ascii: "[") else {
            scanner.fieldName = "samples"
            let kind = try peekKind(first)
            throw scanner.error("expected an array, found \(kind.name)")
        }
        scanner.advance()
        var next = try scanner.skipWhitespace()
        if next == UInt8(ascii: "]") {
            scanner.advance()
            return
        }
        var recordNumber = 0
        while true {
            recordNumber += 1
            scanner.recordNumber = recordNumber
            guard next == UInt8(ascii: "{") else {
                if next == UInt8(ascii: "[") { throw scanner.error("expected a sample object, found an array") }
                throw scanner.unexpected(next, expected: "a sample object")
            }
            _ = try parseObject(depth: depth + 1, isFirst: false, into: &sink)
            next = try scanner.skipWhitespace()
            if next == UInt8(ascii: ",") {
                scanner.advance()
                next = try scanner.skipWhitespace()
                continue
            }
            if next == UInt8(ascii: "]") {
                scanner.advance()
                return
            }
            throw scanner.unexpected(next, expected: "',' or ']' after a sample")
        }
    }

    /// The kind of the value starting with `byte`, for a message.
    private func peekKind(_ byte: UInt8) throws -> JSONValueKind {
        switch byte {
        case UInt8(ascii: "{"): return .object
        case UInt8(ascii: "["): return .array
        case 0x22: return .string
        case UInt8(ascii: "t"), UInt8(ascii: "f"): return .boolean
        case UInt8(ascii: "n"): return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number
        default: throw scanner.unexpected(byte, expected: "a JSON value")
        }
    }

    // MARK: Fields

    /// Reads the value of a known field into its slot. Syntax errors throw; a value of the wrong kind is
    /// recorded in the slot (and skipped) for `finishRecord` to judge.
    private mutating func parseField(_ field: JSONField, _ first: UInt8, depth: Int) throws {
        var slot = JSONFieldSlot()
        slot.position = scanner.sourcePosition
        scanner.fieldName = field.name
        defer { scanner.fieldName = nil }
        switch first {
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            slot.found = .number
            switch field {
            case .type, .event, .activity, .hasFix, .lapTrigger, .timerEvents:
                _ = try scanner.scanNumber(convert: false)
                slot.state = .mismatch
            default:
                slot.value = try scanner.scanNumber(convert: true)
                slot.state = slot.value.isFinite ? .number : .nonFinite
                if field == .time || field == .lapStartTime, slot.state == .number, !ISO8601Time.acceptedSeconds.contains(slot.value) {
                    slot.state = .timeOutOfRange
                    offendingTexts[field] = JSONText.number(slot.value)
                }
            }
        case 0x22:
            slot.found = .string
            switch field {
            case .type:
                let length = try scanner.scanString(capture: true)
                recordType = JSONRecordType.match(scanner, length: length)
                slot.state = .string
            case .event:
                let length = try scanner.scanString(capture: true)
                slot.state = .string
                if let kind = matchEvent(length) {
                    eventKind = kind
                } else {
                    slot.state = .unknownEvent
                    offendingTexts[field] = capturedText(length)
                }
            case .lapTrigger:
                let length = try scanner.scanString(capture: true)
                slot.state = .number  // known: the trigger itself is in `lapTrigger`
                lapTrigger = matchLapTrigger(length)
                if lapTrigger == nil {
                    slot.state = .unknownLapTrigger
                    offendingTexts[field] = capturedText(min(length, 64))
                }
            case .activity:
                let length = try scanner.scanString(capture: true)
                guard length <= JSONScanner.scratchCapacity else {
                    throw scanner.error("longer than \(JSONScanner.scratchCapacity) bytes", at: slot.position)
                }
                pendingActivity = capturedText(length)
                slot.state = .string
            case .time, .lapStartTime:
                let length = try scanner.scanString(capture: true)
                if length <= 64, let time = timeValue(length) {
                    slot.value = time
                    slot.state = .number
                    if !ISO8601Time.acceptedSeconds.contains(time) {
                        slot.state = .timeOutOfRange
                        offendingTexts[field] = "\"" + capturedText(length) + "\""
                    }
                } else {
                    slot.state = .invalidTime
                    offendingTexts[field] = capturedText(min(length, 64))
                }
            default:
                _ = try scanner.scanString(capture: false)
                slot.state = .mismatch
            }
        case UInt8(ascii: "t") where field == .hasFix || field == .timerEvents, UInt8(ascii: "f") where field == .hasFix || field == .timerEvents:
            // A boolean, held as 1 or 0.
            slot.found = try scanner.scanLiteral()
            slot.value = first == UInt8(ascii: "t") ? 1 : 0
            slot.state = .number
        default:
            slot.found = try scanner.skipValue(depth: depth)
            slot.state = slot.found == .null ? .null : .mismatch
        }
        slots[field.rawValue] = slot
    }

    private func matchEvent(_ length: Int) -> WorkoutEventSample.Kind? {
        for kind in WorkoutEventSample.Kind.allCases {
            let name = kind.rawValue.utf8
            if name.count == length && name.elementsEqual(UnsafeBufferPointer(start: scanner.scratch, count: length)) {
                return kind
            }
        }
        return nil
    }

    private func matchLapTrigger(_ length: Int) -> LapTrigger? {
        for trigger in LapTrigger.allCases {
            let name = trigger.rawValue.utf8
            if name.count == length && name.elementsEqual(UnsafeBufferPointer(start: scanner.scratch, count: length)) {
                return trigger
            }
        }
        return nil
    }

    private func capturedText(_ length: Int) -> String {
        String(decoding: UnsafeBufferPointer(start: scanner.scratch, count: min(length, JSONScanner.scratchCapacity)), as: UTF8.self)
    }

    /// Seconds since 1970 for the ISO 8601 text in `scratch` (the shared `ISO8601Time` profile).
    private func timeValue(_ length: Int) -> Double? {
        ISO8601Time.secondsSince1970(utf8: UnsafeBufferPointer(start: scanner.scratch, count: length))
    }

    // MARK: Records

    private func fieldError(_ field: JSONField, _ slot: JSONFieldSlot, expected: String) -> TrackFormatError {
        var scoped = scanner
        scoped.fieldName = field.name
        let message: String
        switch slot.state {
        case .nonFinite: message = "number out of range (not a finite Double)"
        case .invalidTime: message = "invalid ISO 8601 date-time \"\(offendingTexts[field] ?? "")\" (expected e.g. 2024-05-01T07:30:00.5+02:00)"
        case .timeOutOfRange: message = ISO8601Time.outOfRangeMessage(offendingTexts[field] ?? "")
        case .unknownEvent: message = "unknown event \"\(offendingTexts[field] ?? "")\" (expected pause, resume, lap or segment)"
        case .unknownLapTrigger:
            message = "unknown lap trigger \"\(offendingTexts[field] ?? "")\" (expected \(LapTrigger.allCases.map(\.rawValue).joined(separator: ", ")))"
        default: message = "expected \(expected), found \(slot.found.name)"
        }
        return scoped.error(message, at: slot.position)
    }

    private func missing(_ field: JSONField, start: SourcePosition) -> TrackFormatError {
        var scoped = scanner
        scoped.fieldName = field.name
        return scoped.error("missing", at: start)
    }

    @inline(__always)
    private func required(_ field: JSONField, _ seen: UInt32, start: SourcePosition) throws -> Double {
        guard seen & field.bit != 0 else { throw missing(field, start: start) }
        let slot = slots[field.rawValue]
        guard slot.state == .number else {
            throw fieldError(field, slot, expected: field == .time ? "a number or an ISO 8601 string" : "a number")
        }
        return slot.value
    }

    /// An optional field's value: `nil` when absent or `null`. One of the wrong type, or a number out of
    /// range, is dropped and counted in `report.skippedFields` (the record is kept), or is an error when
    /// strict.
    @inline(__always)
    private mutating func optional(_ field: JSONField, _ seen: UInt32, expected: String = "a number or null") throws -> Double? {
        guard seen & field.bit != 0 else { return nil }
        let slot = slots[field.rawValue]
        switch slot.state {
        case .number: return slot.value
        case .null: return nil
        default:
            guard !strict else { throw fieldError(field, slot, expected: expected) }
            let found = slot.state == .nonFinite ? "a number out of range" : slot.state == .unknownLapTrigger ? offendingTexts[field] ?? "" : slot.found.name
            SkippedField.note(String(describing: field.name), at: slot.position, value: found, in: &report.skippedFields)
            return nil
        }
    }

    /// Judges a finished record now that its `type` is known, and hands the sample to the sink.
    private mutating func finishRecord<Sink: TrackSampleSink>(
        seen: UInt32,
        start: SourcePosition,
        isFirst: Bool,
        into sink: inout Sink
    ) throws {
        guard seen & JSONField.type.bit != 0 else { throw missing(.type, start: start) }
        let typeSlot = slots[JSONField.type.rawValue]
        guard typeSlot.state == .string else { throw fieldError(.type, typeSlot, expected: "a string") }
        let sample: Sample
        switch recordType {
        case .unknown:
            report.skippedUnknownRecords += 1
            return
        case .header:
            guard isFirst else {
                throw scanner.error("a header record is only allowed as the first NDJSON line", at: start)
            }
            if seen & JSONField.activity.bit != 0 {
                try reportActivity(into: &sink)
            }
            if try optional(.timerEvents, seen, expected: "a boolean or null") == 1 {
                try sink.trackHasTimerEvents()
            }
            return
        case .location:
            let time = try required(.time, seen, start: start)
            let latitude = try required(.latitude, seen, start: start)
            let longitude = try required(.longitude, seen, start: start)
            sample = .location(LocationSample(
                time: time,
                latitude: latitude,
                longitude: longitude,
                altitudeMeters: try optional(.altitude, seen),
                horizontalAccuracyMeters: try optional(.horizontalAccuracy, seen),
                verticalAccuracyMeters: try optional(.verticalAccuracy, seen),
                speedMetersPerSecond: try optional(.speed, seen),
                courseDegrees: try optional(.course, seen),
                hasFix: try optional(.hasFix, seen, expected: "a boolean or null").map { $0 != 0 } ?? true
            ))
            report.locationCount += 1
        case .heartRate:
            let time = try required(.time, seen, start: start)
            sample = .heartRate(HeartRateSample(time: time, beatsPerMinute: try required(.bpm, seen, start: start)))
        case .activeEnergy:
            let time = try required(.time, seen, start: start)
            sample = .activeEnergy(ActiveEnergySample(time: time, kilocalories: try required(.kilocalories, seen, start: start)))
        case .cadence:
            let time = try required(.time, seen, start: start)
            sample = .cadence(CadenceSample(time: time, perMinute: try required(.perMinute, seen, start: start)))
        case .power:
            let time = try required(.time, seen, start: start)
            sample = .power(PowerSample(time: time, watts: try required(.watts, seen, start: start)))
        case .event:
            let time = try required(.time, seen, start: start)
            guard seen & JSONField.event.bit != 0 else { throw missing(.event, start: start) }
            let slot = slots[JSONField.event.rawValue]
            guard slot.state == .string else { throw fieldError(.event, slot, expected: "a string") }
            let trigger = try optional(.lapTrigger, seen, expected: "a lap trigger or null") != nil ? lapTrigger : nil
            let lapStart = try optional(.lapStartTime, seen, expected: "a number, an ISO 8601 string or null")
            sample = .event(WorkoutEventSample(time: time, kind: eventKind, lapTrigger: trigger, lapStartTime: lapStart))
        case .distance:
            let time = try required(.time, seen, start: start)
            sample = .distance(DistanceSample(time: time, cumulativeMeters: try required(.cumulativeMeters, seen, start: start),
                                              altitudeMeters: try optional(.altitude, seen), speedMetersPerSecond: try optional(.speed, seen)))
        case .weather:
            let time = try required(.time, seen, start: start)
            let given = seen & (JSONField.temperatureCelsius.bit | JSONField.humidityPercent.bit) != 0
            let temperature = try optional(.temperatureCelsius, seen)
            let humidity = try optional(.humidityPercent, seen)
            guard temperature != nil || humidity != nil else {
                // Values given but dropped (counted above): the record has nothing left to say.
                if given, !report.skippedFields.isEmpty { return }
                throw scanner.error("a weather record needs \"temperatureCelsius\" or \"humidityPercent\"", at: start)
            }
            sample = .weather(WeatherSample(time: time, temperatureCelsius: temperature, humidityPercent: humidity))
        }
        try sink.consume(sample)
        report.sampleCount += 1
    }
}
