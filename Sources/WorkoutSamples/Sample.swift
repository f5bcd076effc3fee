/// Anything a track or a live stream can carry. A plain value (no heap allocation), so a stream of
/// samples costs nothing per sample beyond its bytes.
public enum Sample: Sendable, Hashable {
    /// A position fix.
    case location(LocationSample)
    /// A heart-rate reading.
    case heartRate(HeartRateSample)
    /// An increment of active energy.
    case activeEnergy(ActiveEnergySample)
    /// A step or crank cadence reading.
    case cadence(CadenceSample)
    /// A power-meter reading.
    case power(PowerSample)
    /// Ambient temperature and humidity.
    case weather(WeatherSample)
    /// A pause, resume, lap or segment start carried by the input.
    case event(WorkoutEventSample)
    /// The device's own cumulative distance (used only when there are no positions).
    case distance(DistanceSample)

    /// The sample's time, seconds since 1970, if it has one.
    @inlinable
    public var time: Double? {
        switch self {
        case .location(let s): s.time
        case .heartRate(let s): s.time
        case .activeEnergy(let s): s.time
        case .cadence(let s): s.time
        case .power(let s): s.time
        case .weather(let s): s.time
        case .event(let s): s.time
        case .distance(let s): s.time
        }
    }

    /// The same sample with its time replaced (`nil` makes it untimed); a timed lap event's
    /// ``WorkoutEventSample/lapStartTime`` moves by as much as its time. Replaying a recorded track as a
    /// live session shifts every sample's time this way.
    @inlinable
    public func withTime(_ time: Double?) -> Sample {
        switch self {
        case .location(var s): s.time = time; return .location(s)
        case .heartRate(var s): s.time = time; return .heartRate(s)
        case .activeEnergy(var s): s.time = time; return .activeEnergy(s)
        case .cadence(var s): s.time = time; return .cadence(s)
        case .power(var s): s.time = time; return .power(s)
        case .weather(var s): s.time = time; return .weather(s)
        case .event(var s):
            // A lap's stated start moves with its time (a shifted replay, times corrected after reading).
            if let start = s.lapStartTime, let old = s.time, let time { s.lapStartTime = start + (time - old) }
            s.time = time
            return .event(s)
        case .distance(var s): s.time = time; return .distance(s)
        }
    }
}

extension Sample: Codable {
    /// Decodes one record of `Schemas/workout-samples.schema.json` (keys: ``SampleCodingKey``), choosing
    /// the case by its `type`. A type this engine does not know is an error here (the JSON reader skips
    /// and counts such records instead).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: SampleCodingKey.self)
        let type = try container.decode(String.self, forKey: .type)
        switch SampleRecordType(rawValue: type) {
        case .location: self = .location(try LocationSample(from: decoder))
        case .heartRate: self = .heartRate(try HeartRateSample(from: decoder))
        case .activeEnergy: self = .activeEnergy(try ActiveEnergySample(from: decoder))
        case .cadence: self = .cadence(try CadenceSample(from: decoder))
        case .power: self = .power(try PowerSample(from: decoder))
        case .weather: self = .weather(try WeatherSample(from: decoder))
        case .event: self = .event(try WorkoutEventSample(from: decoder))
        case .distance: self = .distance(try DistanceSample(from: decoder))
        case nil:
            throw DecodingError.dataCorruptedError(
                forKey: .type, in: container,
                debugDescription: "unknown sample type \"\(type)\" (expected location, heartRate, activeEnergy, cadence, power, weather, event or distance)")
        }
    }

    /// Encodes the sample as the one record of its type (see the case types' `encode(to:)`).
    public func encode(to encoder: any Encoder) throws {
        switch self {
        case .location(let s): try s.encode(to: encoder)
        case .heartRate(let s): try s.encode(to: encoder)
        case .activeEnergy(let s): try s.encode(to: encoder)
        case .cadence(let s): try s.encode(to: encoder)
        case .power(let s): try s.encode(to: encoder)
        case .weather(let s): try s.encode(to: encoder)
        case .event(let s): try s.encode(to: encoder)
        case .distance(let s): try s.encode(to: encoder)
        }
    }
}
