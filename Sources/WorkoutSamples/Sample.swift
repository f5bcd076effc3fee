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

    /// The same sample with its time replaced (`nil` makes it untimed). Replaying a recorded track as a
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
        case .event(var s): s.time = time; return .event(s)
        case .distance(var s): s.time = time; return .distance(s)
        }
    }
}
