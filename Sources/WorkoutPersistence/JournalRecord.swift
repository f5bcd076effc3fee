import SessionSupport
public import WorkoutCore
import Foundation
public import WorkoutSamples

/// One record of a session journal: a sample the session ingested, a session-state change, or the
/// activity the input named.
public enum JournalRecord: Sendable, Hashable {
    /// A sample, exactly as the session received it (every field, bit for bit).
    case sample(Sample)
    /// A session-state change at a time (seconds since 1970, the session's time axis).
    case event(SessionEventKind, time: Double)
    /// The input named its activity: ``/WorkoutCore/WorkoutBuilder/adoptActivity(_:)``.
    case activity(ActivityType)
    /// The input's pauses are the device's timer events: ``/WorkoutCore/WorkoutBuilder/useDeviceTimer()``. (Journals
    /// written before this record existed never contain it and read as before.)
    case deviceTimer

    /// The record's time, if it has one.
    public var time: Double? {
        switch self {
        case .sample(let sample): sample.time
        case .event(_, let time): time
        case .activity, .deviceTimer: nil
        }
    }

    /// What the record gives a builder: the input it was made from, which `WorkoutBuilder.replay(_:)` gives
    /// again. A `pause`, `resume` or `lap` event is the call of that name (a lap with no trigger),
    /// an `end` with no finite time ends at the latest sample.
    public var input: WorkoutInput {
        switch self {
        case .sample(let sample): .sample(sample)
        case .event(let kind, let time):
            switch kind {
            case .start: .start(at: time)
            case .pause: .call(WorkoutEventSample(time: time, kind: .pause))
            case .resume: .call(WorkoutEventSample(time: time, kind: .resume))
            case .lap: .call(WorkoutEventSample(time: time, kind: .lap, lapTrigger: nil))
            case .end: .end(at: time.isFinite ? time : nil)
            }
        case .activity(let activity): .activity(activity)
        case .deviceTimer: .deviceTimer
        }
    }

    /// The record of what was given to the builder to make `outcome`: a sample as it came, a start, an end
    /// (at the time it took effect), an activity.
    public init(_ outcome: SampleOutcome) {
        switch outcome.input {
        case .sample(let sample): self = .sample(sample)
        case .call(let event):
            let time = event.time ?? outcome.stateChanges.first?.time ?? outcome.metrics.latestSampleTime ?? .nan
            switch event.kind {
            case .pause: self = .event(.pause, time: time)
            case .resume: self = .event(.resume, time: time)
            case .lap, .segmentStart: self = .event(.lap, time: time)
            }
        case .start(let time): self = .event(.start, time: time)
        case .end(let time): self = .event(.end, time: time ?? outcome.clock.endTime ?? .nan)
        case .activity(let activity): self = .activity(activity)
        case .deviceTimer: self = .deviceTimer
        }
    }
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
                buffer.append((event.time != nil ? 1 : 0) | (event.lapTrigger != nil ? 2 : 0) | (event.lapStartTime != nil ? 4 : 0))
                buffer.append(event.kind.journalCode)
                if let value = event.time { buffer.appendDouble(value) }
                if let trigger = event.lapTrigger { buffer.append(trigger.journalCode) }
                if let value = event.lapStartTime { buffer.appendDouble(value) }
            case .distance(let reading):
                // As a scalar sample, with flag bits 1 and 2 and the altitude and speed after the time when the
                // reading has them.
                buffer.append(JournalRecordType.distance)
                buffer.append((reading.time != nil ? 1 : 0) | (reading.altitudeMeters != nil ? 2 : 0) | (reading.speedMetersPerSecond != nil ? 4 : 0))
                buffer.appendDouble(reading.cumulativeMeters)
                if let value = reading.time { buffer.appendDouble(value) }
                if let value = reading.altitudeMeters { buffer.appendDouble(value) }
                if let value = reading.speedMetersPerSecond { buffer.appendDouble(value) }
            }
        case .event(let kind, let time):
            buffer.append(kind.rawValue)
            buffer.appendDouble(time)
        case .activity(let activity):
            buffer.append(JournalRecordType.activity)
            buffer.append(activity.journalCode)
        case .deviceTimer:
            buffer.append(JournalRecordType.deviceTimer)
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
        case JournalRecordType.distance:
            guard payload.count >= 1 else { return nil }
            let flags = reader.u8()
            guard flags & ~0x07 == 0, payload.count == 9 + 8 * flags.nonzeroBitCount else { return nil }
            let value = reader.f64()
            let time = optional(flags & 1 != 0)
            let altitude = optional(flags & 2 != 0)
            let speed = optional(flags & 4 != 0)
            return .sample(.distance(DistanceSample(time: time, cumulativeMeters: value, altitudeMeters: altitude, speedMetersPerSecond: speed)))
        case JournalRecordType.heartRate, JournalRecordType.activeEnergy, JournalRecordType.cadence, JournalRecordType.power:
            guard payload.count >= 1 else { return nil }
            let flags = reader.u8()
            guard flags <= 1, payload.count == 9 + 8 * Int(flags) else { return nil }
            let value = reader.f64()
            let time = optional(flags == 1)
            switch type {
            case JournalRecordType.heartRate: return .sample(.heartRate(HeartRateSample(time: time, beatsPerMinute: value)))
            case JournalRecordType.activeEnergy: return .sample(.activeEnergy(ActiveEnergySample(time: time, kilocalories: value)))
            case JournalRecordType.cadence: return .sample(.cadence(CadenceSample(time: time, perMinute: value)))
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
            // Flags: bit 0 time, bit 1 lap trigger (one byte), bit 2 lap start time.
            guard flags <= 7, payload.count == 2 + 8 * Int(flags & 1) + Int((flags >> 1) & 1) + 8 * Int(flags >> 2),
                  let kind = WorkoutEventSample.Kind(journalCode: reader.u8()) else { return nil }
            let time = optional(flags & 1 == 1)
            var trigger: LapTrigger?
            if flags & 2 == 2 {
                guard let decoded = LapTrigger(journalCode: reader.u8()) else { return nil }
                trigger = decoded
            }
            let lapStart = optional(flags & 4 == 4)
            return .sample(.event(WorkoutEventSample(time: time, kind: kind, lapTrigger: trigger, lapStartTime: lapStart)))
        case JournalRecordType.activity:
            guard payload.count == 1, let activity = ActivityType(journalCode: reader.u8()) else { return nil }
            return .activity(activity)
        case JournalRecordType.deviceTimer:
            guard payload.count == 0 else { return nil }
            return .deviceTimer
        default:
            guard let kind = SessionEventKind(rawValue: type), payload.count == 8 else { return nil }
            return .event(kind, time: reader.f64())
        }
    }
}
