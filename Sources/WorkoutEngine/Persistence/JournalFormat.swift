public import Foundation
public import WorkoutSamples

/// The session-state changes a journal records besides samples.
public enum SessionEventKind: UInt8, Sendable, Hashable, CaseIterable, Codable {
    /// The session started (informational: the builder's clock starts at the first timed sample).
    case start = 0x10
    /// The user paused: ``WorkoutBuilder/pause(at:)``.
    case pause = 0x11
    /// The user resumed: ``WorkoutBuilder/resume(at:)``.
    case resume = 0x12
    /// The user marked a lap: a ``WorkoutEventSample`` of kind `lap` added to the builder.
    case lap = 0x13
    /// The session ended: ``WorkoutBuilder/end(at:)``.
    case end = 0x14
}

/// One record of a session journal: a sample the session ingested, a session-state change, or the
/// activity the input named.
public enum JournalRecord: Sendable, Hashable {
    /// A sample, exactly as the session received it (every field, bit for bit).
    case sample(Sample)
    /// A session-state change at a time (seconds since 1970, the session's time axis).
    case event(SessionEventKind, time: Double)
    /// The input named its activity: ``WorkoutBuilder/adoptActivity(_:)``.
    case activity(ActivityType)

    /// The record's time, if it has one.
    public var time: Double? {
        switch self {
        case .sample(let sample): sample.time
        case .event(_, let time): time
        case .activity: nil
        }
    }
}

extension WorkoutBuilder {
    /// Applies a journal record the way a live session applies what it records, so replaying a journal
    /// into a fresh builder rebuilds the same state: a sample is added, `pause`/`resume`/`end` call
    /// ``pause(at:)``/``resume(at:)``/``end(at:)``, `lap` adds a lap event sample, `start` changes
    /// nothing (the clock starts at the first timed sample), and `activity` calls ``adoptActivity(_:)``.
    ///
    /// A live session that records through ``PersistentSessionRecorder`` should drive its builder through
    /// this method (or the same mapping) so recovery is exact.
    public mutating func apply(_ record: JournalRecord) {
        switch record {
        case .sample(let sample):
            add(sample)
        case .event(let kind, let time):
            switch kind {
            case .start: break
            case .pause: pause(at: time)
            case .resume: resume(at: time)
            case .lap: add(.event(WorkoutEventSample(time: time, kind: .lap)))
            case .end: end(at: time)
            }
        case .activity(let activity):
            adoptActivity(activity)
        }
    }
}

/// The byte layout of session journals (`<session id>.wejournal`). Every integer and every `Double`
/// (as its IEEE 754 bit pattern) is little-endian, so decoding gives back exactly what was encoded.
///
/// Header (version 1, 76 bytes):
///
/// | offset | size | field |
/// |---:|---:|---|
/// | 0 | 8 | magic `89 57 45 4A 0D 0A 1A 0A` (`\x89WEJ\r\n\x1A\n`) |
/// | 8 | 2 | format version (u16) = 1 |
/// | 10 | 2 | header length in bytes, checksum included (u16) = 76 |
/// | 12 | 16 | session id (the UUID's 16 bytes) |
/// | 28 | 1 | activity code (0 running, 1 walking, 2 hiking, 3 cycling) |
/// | 29 | 1 | activity is explicit (0/1) |
/// | 30 | 1 | filter mode (0 default, 1 none) |
/// | 31 | 1 | reserved, 0 |
/// | 32 | 8 | start time (f64, seconds since 1970) |
/// | 40 | 8 | maximum horizontal accuracy, m (f64) |
/// | 48 | 8 | elevation hysteresis, m (f64) |
/// | 56 | 8 | sensor hold limit, s (f64) |
/// | 64 | 8 | simplification tolerance, m (f64) |
/// | 72 | 4 | CRC-32C of bytes 0..<72 (u32) |
///
/// Records follow the header back to back: `[payload length u32][type u8][payload][CRC-32C u32]`, the
/// checksum covering the type byte and the payload. Payloads (f64 = a `Double`'s bit pattern; `?` = only
/// when its flag bit is set):
///
/// | type | record | payload |
/// |---:|---|---|
/// | 0x01 | location | flags u8 (bit 0 time, 1 altitude, 2 horizontal accuracy, 3 vertical accuracy, 4 speed, 5 course, 6 hasFix), latitude f64, longitude f64, time?, altitude?, horizontal accuracy?, vertical accuracy?, speed?, course? |
/// | 0x02 | heart rate | flags u8 (bit 0 time), bpm f64, time? |
/// | 0x03 | active energy | flags u8 (bit 0 time), kcal f64, time? |
/// | 0x04 | cadence | flags u8 (bit 0 time), per minute f64, time? |
/// | 0x05 | power | flags u8 (bit 0 time), watts f64, time? |
/// | 0x06 | weather | flags u8 (bit 0 time, 1 temperature, 2 humidity), time?, temperature?, humidity? |
/// | 0x07 | event sample | flags u8 (bit 0 time, 1 lap trigger), kind u8 (0 pause, 1 resume, 2 lap, 3 segment), time?, lap trigger u8? (0 manual, 1 time, 2 distance, 3 position, 4 session end, 5 heart rate, 6 fitness equipment) |
/// | 0x08 | device distance | flags u8 (bit 0 time), cumulative metres f64, time? |
/// | 0x10-0x14 | session start, pause, resume, lap, end | time f64 |
/// | 0x20 | activity | activity code u8 |
///
/// Unused flag bits must be zero. A record whose length runs past the end of the file, whose checksum does not match, whose
/// type is unknown, or whose length is not the one its type and bitmask imply ends the valid journal.
public enum JournalFormat {
    /// The first eight bytes of every journal.
    public static let magic: [UInt8] = [0x89, 0x57, 0x45, 0x4A, 0x0D, 0x0A, 0x1A, 0x0A]
    /// The format version this code writes and reads.
    public static let version: UInt16 = 1
    /// The file name extension of journals.
    public static let journalExtension = "wejournal"
    /// The file name extension of snapshots.
    public static let snapshotExtension = "wesnapshot"
    /// The suffix of the summary file written when a session finishes.
    public static let summarySuffix = ".summary.json"
    /// Bytes of a record around its payload: length (4), type (1), checksum (4).
    public static let recordOverhead = 9
    /// No record type has a longer payload; a longer length is corruption.
    public static let maximumPayloadLength = 256

    /// `<directory>/<session id>.wejournal`.
    public static func journalPath(directory: String, sessionID: UUID) -> String {
        "\(directory)/\(sessionID.uuidString).\(journalExtension)"
    }

    /// `<directory>/<session id>.wesnapshot`.
    public static func snapshotPath(directory: String, sessionID: UUID) -> String {
        "\(directory)/\(sessionID.uuidString).\(snapshotExtension)"
    }

    /// `<directory>/<session id>.summary.json`.
    public static func summaryPath(directory: String, sessionID: UUID) -> String {
        "\(directory)/\(sessionID.uuidString)\(summarySuffix)"
    }
}

/// What a journal's header says about its session.
public struct JournalHeader: Sendable, Hashable {
    /// The header's size in bytes (format version 1).
    public static let encodedLength = 76

    public var sessionID: UUID
    /// The options the session's builder was created with. `rules` is not stored: a recovered builder
    /// uses the activity's default rules.
    public var options: WorkoutOptions
    /// When the session started (seconds since 1970).
    public var startTime: Double

    public init(sessionID: UUID, options: WorkoutOptions, startTime: Double) {
        self.sessionID = sessionID
        self.options = options
        self.startTime = startTime
    }

    /// The header's bytes.
    public func encoded() -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(Self.encodedLength)
        bytes.append(contentsOf: JournalFormat.magic)
        bytes.appendLittleEndian(JournalFormat.version)
        bytes.appendLittleEndian(UInt16(Self.encodedLength))
        withUnsafeBytes(of: sessionID.uuid) { bytes.append(contentsOf: $0) }
        bytes.append(options.activity.journalCode)
        bytes.append(options.activityIsExplicit ? 1 : 0)
        bytes.append(options.filterMode == .none ? 1 : 0)
        bytes.append(0)
        bytes.appendLittleEndian(startTime.bitPattern)
        bytes.appendLittleEndian(options.maximumHorizontalAccuracyMeters.bitPattern)
        bytes.appendLittleEndian(options.elevationHysteresisMeters.bitPattern)
        bytes.appendLittleEndian(options.sensorHoldLimitSeconds.bitPattern)
        bytes.appendLittleEndian(options.simplificationToleranceMeters.bitPattern)
        bytes.appendLittleEndian(CRC32C.checksum(bytes))
        return bytes
    }

    /// Why a header could not be read.
    public enum DecodingError: Error, Sendable, Hashable, CustomStringConvertible {
        /// Not a journal, cut short, or damaged (the reason in words).
        case unreadable(String)
        /// A journal of a format version this code does not read.
        case unknownFormatVersion(UInt16)

        public var description: String {
            switch self {
            case .unreadable(let why): "unreadable header: \(why)"
            case .unknownFormatVersion(let version): "unknown format version \(version)"
            }
        }
    }

    /// Decodes the header at the start of `bytes`.
    /// - Throws: ``DecodingError``.
    public static func decode(_ bytes: UnsafeRawBufferPointer) throws(DecodingError) -> JournalHeader {
        guard bytes.count >= 12 else { throw .unreadable("file is \(bytes.count) bytes, shorter than a header") }
        for (index, byte) in JournalFormat.magic.enumerated() where bytes[index] != byte {
            throw .unreadable("not a WorkoutEngine journal (bad magic)")
        }
        var reader = ByteReader(bytes, offset: 8)
        let version = reader.u16()
        guard version == JournalFormat.version else { throw .unknownFormatVersion(version) }
        let length = Int(reader.u16())
        guard length == encodedLength else { throw .unreadable("header length \(length), expected \(encodedLength)") }
        guard bytes.count >= length else { throw .unreadable("header cut short (\(bytes.count) of \(length) bytes)") }
        let stored = ByteReader(bytes, offset: length - 4).peekU32()
        guard CRC32C.checksum(UnsafeRawBufferPointer(rebasing: bytes[..<(length - 4)])) == stored else {
            throw .unreadable("header checksum mismatch")
        }
        var uuid: uuid_t = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        withUnsafeMutableBytes(of: &uuid) { target in
            target.copyMemory(from: UnsafeRawBufferPointer(rebasing: bytes[12..<28]))
        }
        reader = ByteReader(bytes, offset: 28)
        guard let activity = ActivityType(journalCode: reader.u8()) else { throw .unreadable("unknown activity code") }
        let explicit = reader.u8()
        let filter = reader.u8()
        _ = reader.u8()
        guard explicit <= 1, filter <= 1 else { throw .unreadable("bad option flags") }
        let startTime = reader.f64()
        let options = WorkoutOptions(
            activity: activity,
            activityIsExplicit: explicit == 1,
            filterMode: filter == 1 ? .none : .default,
            maximumHorizontalAccuracyMeters: reader.f64(),
            elevationHysteresisMeters: reader.f64(),
            sensorHoldLimitSeconds: reader.f64(),
            simplificationToleranceMeters: reader.f64())
        return JournalHeader(sessionID: UUID(uuid: uuid), options: options, startTime: startTime)
    }
}

extension ActivityType {
    /// The activity's code in journal headers and records (stable; never reorder).
    var journalCode: UInt8 {
        switch self {
        case .running: 0
        case .walking: 1
        case .hiking: 2
        case .cycling: 3
        }
    }

    init?(journalCode: UInt8) {
        switch journalCode {
        case 0: self = .running
        case 1: self = .walking
        case 2: self = .hiking
        case 3: self = .cycling
        default: return nil
        }
    }
}

// MARK: - Records

/// Record type bytes (stable; never reuse a value).
enum JournalRecordType {
    static let location: UInt8 = 0x01
    static let heartRate: UInt8 = 0x02
    static let activeEnergy: UInt8 = 0x03
    static let cadence: UInt8 = 0x04
    static let power: UInt8 = 0x05
    static let weather: UInt8 = 0x06
    static let eventSample: UInt8 = 0x07
    static let distance: UInt8 = 0x08
    // 0x10...0x14: SessionEventKind raw values.
    static let activity: UInt8 = 0x20
}

extension JournalRecord {
    /// Appends the record (length, type, payload, checksum) to `buffer`. Allocates nothing when
    /// `buffer` has capacity.
    /// - Complexity: O(1).
    public func encode(into buffer: inout [UInt8]) {
        let start = buffer.count
        buffer.appendLittleEndian(UInt32(0))  // payload length, patched below
        switch self {
        case .sample(let sample):
            switch sample {
            case .location(let fix):
                buffer.append(JournalRecordType.location)
                var flags: UInt8 = 0
                if fix.time != nil { flags |= 1 << 0 }
                if fix.altitudeMeters != nil { flags |= 1 << 1 }
                if fix.horizontalAccuracyMeters != nil { flags |= 1 << 2 }
                if fix.verticalAccuracyMeters != nil { flags |= 1 << 3 }
                if fix.speedMetersPerSecond != nil { flags |= 1 << 4 }
                if fix.courseDegrees != nil { flags |= 1 << 5 }
                if fix.hasFix { flags |= 1 << 6 }
                buffer.append(flags)
                buffer.appendDouble(fix.latitude)
                buffer.appendDouble(fix.longitude)
                if let value = fix.time { buffer.appendDouble(value) }
                if let value = fix.altitudeMeters { buffer.appendDouble(value) }
                if let value = fix.horizontalAccuracyMeters { buffer.appendDouble(value) }
                if let value = fix.verticalAccuracyMeters { buffer.appendDouble(value) }
                if let value = fix.speedMetersPerSecond { buffer.appendDouble(value) }
                if let value = fix.courseDegrees { buffer.appendDouble(value) }
            case .heartRate(let reading):
                buffer.appendScalarSample(JournalRecordType.heartRate, time: reading.time, value: reading.beatsPerMinute)
            case .activeEnergy(let reading):
                buffer.appendScalarSample(JournalRecordType.activeEnergy, time: reading.time, value: reading.kilocalories)
            case .cadence(let reading):
                buffer.appendScalarSample(JournalRecordType.cadence, time: reading.time, value: reading.perMinute)
            case .power(let reading):
                buffer.appendScalarSample(JournalRecordType.power, time: reading.time, value: reading.watts)
            case .weather(let reading):
                buffer.append(JournalRecordType.weather)
                var flags: UInt8 = 0
                if reading.time != nil { flags |= 1 << 0 }
                if reading.temperatureCelsius != nil { flags |= 1 << 1 }
                if reading.humidityPercent != nil { flags |= 1 << 2 }
                buffer.append(flags)
                if let value = reading.time { buffer.appendDouble(value) }
                if let value = reading.temperatureCelsius { buffer.appendDouble(value) }
                if let value = reading.humidityPercent { buffer.appendDouble(value) }
            case .event(let event):
                buffer.append(JournalRecordType.eventSample)
                buffer.append((event.time != nil ? 1 : 0) | (event.lapTrigger != nil ? 2 : 0))
                buffer.append(event.kind.journalCode)
                if let value = event.time { buffer.appendDouble(value) }
                if let trigger = event.lapTrigger { buffer.append(trigger.journalCode) }
            case .distance(let reading):
                buffer.appendScalarSample(JournalRecordType.distance, time: reading.time, value: reading.cumulativeMeters)
            }
        case .event(let kind, let time):
            buffer.append(kind.rawValue)
            buffer.appendDouble(time)
        case .activity(let activity):
            buffer.append(JournalRecordType.activity)
            buffer.append(activity.journalCode)
        }
        let payloadLength = buffer.count - start - 5
        buffer.withUnsafeMutableBytes { bytes in
            bytes.storeBytes(of: UInt32(payloadLength).littleEndian, toByteOffset: start, as: UInt32.self)
        }
        let checksum = buffer.withUnsafeBytes { bytes in
            CRC32C.checksum(UnsafeRawBufferPointer(rebasing: bytes[(start + 4)...]))
        }
        buffer.appendLittleEndian(checksum)
    }

    /// The record's bytes (length, type, payload, checksum).
    public func encoded() -> [UInt8] {
        var bytes: [UInt8] = []
        encode(into: &bytes)
        return bytes
    }

    /// Decodes a record's type and payload (already checked against its checksum). `nil` when the type
    /// is unknown or the payload's length or flags do not fit the type.
    static func decode(type: UInt8, payload: UnsafeRawBufferPointer) -> JournalRecord? {
        var reader = ByteReader(payload, offset: 0)
        func optional(_ present: Bool) -> Double? { present ? reader.f64() : nil }
        switch type {
        case JournalRecordType.location:
            guard payload.count >= 1 else { return nil }
            let flags = reader.u8()
            guard flags & 0x80 == 0, payload.count == 17 + 8 * (flags & 0x3F).nonzeroBitCount else { return nil }
            let latitude = reader.f64()
            let longitude = reader.f64()
            let time = optional(flags & (1 << 0) != 0)
            let altitude = optional(flags & (1 << 1) != 0)
            let horizontal = optional(flags & (1 << 2) != 0)
            let vertical = optional(flags & (1 << 3) != 0)
            let speed = optional(flags & (1 << 4) != 0)
            let course = optional(flags & (1 << 5) != 0)
            return .sample(.location(LocationSample(
                time: time, latitude: latitude, longitude: longitude, altitudeMeters: altitude,
                horizontalAccuracyMeters: horizontal, verticalAccuracyMeters: vertical,
                speedMetersPerSecond: speed, courseDegrees: course, hasFix: flags & (1 << 6) != 0)))
        case JournalRecordType.heartRate, JournalRecordType.activeEnergy, JournalRecordType.cadence, JournalRecordType.power,
             JournalRecordType.distance:
            guard payload.count >= 1 else { return nil }
            let flags = reader.u8()
            guard flags <= 1, payload.count == 9 + 8 * Int(flags) else { return nil }
            let value = reader.f64()
            let time = optional(flags == 1)
            switch type {
            case JournalRecordType.heartRate: return .sample(.heartRate(HeartRateSample(time: time, beatsPerMinute: value)))
            case JournalRecordType.activeEnergy: return .sample(.activeEnergy(ActiveEnergySample(time: time, kilocalories: value)))
            case JournalRecordType.cadence: return .sample(.cadence(CadenceSample(time: time, perMinute: value)))
            case JournalRecordType.distance: return .sample(.distance(DistanceSample(time: time, cumulativeMeters: value)))
            default: return .sample(.power(PowerSample(time: time, watts: value)))
            }
        case JournalRecordType.weather:
            guard payload.count >= 1 else { return nil }
            let flags = reader.u8()
            guard flags & ~0x07 == 0, payload.count == 1 + 8 * flags.nonzeroBitCount else { return nil }
            let time = optional(flags & (1 << 0) != 0)
            let temperature = optional(flags & (1 << 1) != 0)
            let humidity = optional(flags & (1 << 2) != 0)
            return .sample(.weather(WeatherSample(time: time, temperatureCelsius: temperature, humidityPercent: humidity)))
        case JournalRecordType.eventSample:
            guard payload.count >= 2 else { return nil }
            let flags = reader.u8()
            guard flags <= 3, payload.count == 2 + 8 * Int(flags & 1) + Int(flags >> 1),
                  let kind = WorkoutEventSample.Kind(journalCode: reader.u8()) else { return nil }
            let time = optional(flags & 1 == 1)
            var trigger: LapTrigger?
            if flags & 2 == 2 {
                guard let decoded = LapTrigger(journalCode: reader.u8()) else { return nil }
                trigger = decoded
            }
            return .sample(.event(WorkoutEventSample(time: time, kind: kind, lapTrigger: trigger)))
        case JournalRecordType.activity:
            guard payload.count == 1, let activity = ActivityType(journalCode: reader.u8()) else { return nil }
            return .activity(activity)
        default:
            guard let kind = SessionEventKind(rawValue: type), payload.count == 8 else { return nil }
            return .event(kind, time: reader.f64())
        }
    }
}

extension LapTrigger {
    /// The trigger's code in event-sample records (stable; never reorder).
    var journalCode: UInt8 {
        switch self {
        case .manual: 0
        case .time: 1
        case .distance: 2
        case .position: 3
        case .sessionEnd: 4
        case .heartRate: 5
        case .fitnessEquipment: 6
        }
    }

    init?(journalCode: UInt8) {
        switch journalCode {
        case 0: self = .manual
        case 1: self = .time
        case 2: self = .distance
        case 3: self = .position
        case 4: self = .sessionEnd
        case 5: self = .heartRate
        case 6: self = .fitnessEquipment
        default: return nil
        }
    }
}

extension WorkoutEventSample.Kind {
    var journalCode: UInt8 {
        switch self {
        case .pause: 0
        case .resume: 1
        case .lap: 2
        case .segmentStart: 3
        }
    }

    init?(journalCode: UInt8) {
        switch journalCode {
        case 0: self = .pause
        case 1: self = .resume
        case 2: self = .lap
        case 3: self = .segmentStart
        default: return nil
        }
    }
}

// MARK: - Little-endian helpers

extension Array where Element == UInt8 {
    @inline(__always)
    mutating func appendLittleEndian<T: FixedWidthInteger>(_ value: T) {
        Swift.withUnsafeBytes(of: value.littleEndian) { append(contentsOf: $0) }
    }

    @inline(__always)
    mutating func appendDouble(_ value: Double) {
        appendLittleEndian(value.bitPattern)
    }

    @inline(__always)
    mutating func appendScalarSample(_ type: UInt8, time: Double?, value: Double) {
        append(type)
        append(time != nil ? 1 : 0)
        appendDouble(value)
        if let time { appendDouble(time) }
    }
}

/// Reads little-endian values from a buffer. The caller checks lengths first; reads never go past the
/// end of the buffer (they return zero there), so a wrong length can never crash.
struct ByteReader {
    let bytes: UnsafeRawBufferPointer
    var offset: Int

    init(_ bytes: UnsafeRawBufferPointer, offset: Int) {
        self.bytes = bytes
        self.offset = offset
    }

    @inline(__always)
    private func has(_ count: Int) -> Bool { offset >= 0 && offset + count <= bytes.count }

    @inline(__always)
    mutating func u8() -> UInt8 {
        guard has(1) else { return 0 }
        defer { offset += 1 }
        return bytes[offset]
    }

    @inline(__always)
    mutating func u16() -> UInt16 {
        guard has(2) else { return 0 }
        defer { offset += 2 }
        return UInt16(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt16.self))
    }

    @inline(__always)
    func peekU32() -> UInt32 {
        guard has(4) else { return 0 }
        return UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt32.self))
    }

    @inline(__always)
    mutating func u32() -> UInt32 {
        defer { offset += 4 }
        return peekU32()
    }

    @inline(__always)
    mutating func f64() -> Double {
        guard has(8) else { return 0 }
        defer { offset += 8 }
        return Double(bitPattern: UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self)))
    }
}
