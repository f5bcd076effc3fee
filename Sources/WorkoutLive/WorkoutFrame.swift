import SessionSupport
import WorkoutCore
import WorkoutSamples

/// What a screen shows at one instant: the metrics as of the frame's own time.
public struct WorkoutFrame: Sendable, Hashable {
    /// Frame number, from 0, counted over the whole session (frames are not numbered while paused).
    public var index: Int
    /// Session time of the frame, seconds (track time in a replay).
    public var time: Double
    /// The session's state as of the frame.
    public var state: SessionState
    /// Running time as of ``time``: accumulated plus the open interval up to ``time``.
    public var elapsedSeconds: Double
    /// Distance so far, metres.
    public var distanceMeters: Double
    /// Throttled speed (republished every ``DisplayThrottle/intervalSeconds`` of running time).
    public var speedMetersPerSecond: Double?
    /// Throttled pace, seconds per kilometre.
    public var paceSecondsPerKilometer: Double?
    /// The raw values behind the throttled ones.
    public var rawSpeedMetersPerSecond: Double?
    /// The raw pace, seconds per kilometre, behind ``paceSecondsPerKilometer``.
    public var rawPaceSecondsPerKilometer: Double?
    /// The latest heart rate.
    public var heartRateBPM: Double?
    /// Active energy so far, kilocalories; `nil` while no energy model applies.
    public var activeEnergyKilocalories: Double?
    /// The activity's fourth stat, in display units.
    public var fourthStat: FourthStat
    /// The latest accepted position.
    public var latitude: Double?
    /// The latest accepted position's longitude, degrees east (WGS84).
    public var longitude: Double?

    /// ``elapsedSeconds`` as `M:SS` under an hour and `H:MM:SS` above.
    public var elapsed: String { DisplayFormatting.duration(seconds: elapsedSeconds) }
}

extension WorkoutFrame: Codable {
    /// The JSON keys of a frame record (README "Live pipeline"), in the order it writes them.
    private enum CodingKeys: String, CodingKey {
        case type, frame, trackTime, state, elapsedSeconds, elapsed, distanceMeters, speedMetersPerSecond
        case paceSecondsPerKilometer, rawSpeedMetersPerSecond, rawPaceSecondsPerKilometer, heartRateBPM
        case activeEnergyKilocalories, fourthStat, latitude, longitude
    }

    /// Decodes a frame record, `{"type":"frame","frame":…,"trackTime":…,…}` (`type`, when present, must
    /// be `frame`; `elapsed` is not read: it follows from `elapsedSeconds`). Every key the frame JSON
    /// writes comes back to the same value.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        if let type = try container.decodeIfPresent(String.self, forKey: .type), type != "frame" {
            throw DecodingError.dataCorruptedError(forKey: .type, in: container, debugDescription: "expected \"frame\", found \"\(type)\"")
        }
        self.init(
            index: try container.decode(Int.self, forKey: .frame),
            time: try container.decode(Double.self, forKey: .trackTime),
            state: try container.decode(SessionState.self, forKey: .state),
            elapsedSeconds: try container.decode(Double.self, forKey: .elapsedSeconds),
            distanceMeters: try container.decode(Double.self, forKey: .distanceMeters),
            speedMetersPerSecond: try container.decodeIfPresent(Double.self, forKey: .speedMetersPerSecond),
            paceSecondsPerKilometer: try container.decodeIfPresent(Double.self, forKey: .paceSecondsPerKilometer),
            rawSpeedMetersPerSecond: try container.decodeIfPresent(Double.self, forKey: .rawSpeedMetersPerSecond),
            rawPaceSecondsPerKilometer: try container.decodeIfPresent(Double.self, forKey: .rawPaceSecondsPerKilometer),
            heartRateBPM: try container.decodeIfPresent(Double.self, forKey: .heartRateBPM),
            activeEnergyKilocalories: try container.decodeIfPresent(Double.self, forKey: .activeEnergyKilocalories),
            fourthStat: try container.decode(FourthStat.self, forKey: .fourthStat),
            latitude: try container.decodeIfPresent(Double.self, forKey: .latitude),
            longitude: try container.decodeIfPresent(Double.self, forKey: .longitude))
    }

    /// Encodes the frame record the replay prints: `{"type":"frame","frame":…,"trackTime":…,"state":…,
    /// "elapsedSeconds":…,"elapsed":"M:SS",…,"fourthStat":{…},"latitude":…,"longitude":…}`, `null` where
    /// unknown.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode("frame", forKey: .type)
        try container.encode(index, forKey: .frame)
        try container.encodeNumberOrNull(time, forKey: .trackTime)
        try container.encode(state, forKey: .state)
        try container.encodeNumberOrNull(elapsedSeconds, forKey: .elapsedSeconds)
        try container.encode(elapsed, forKey: .elapsed)
        try container.encodeNumberOrNull(distanceMeters, forKey: .distanceMeters)
        try container.encodeNumberOrNull(speedMetersPerSecond, forKey: .speedMetersPerSecond)
        try container.encodeNumberOrNull(paceSecondsPerKilometer, forKey: .paceSecondsPerKilometer)
        try container.encodeNumberOrNull(rawSpeedMetersPerSecond, forKey: .rawSpeedMetersPerSecond)
        try container.encodeNumberOrNull(rawPaceSecondsPerKilometer, forKey: .rawPaceSecondsPerKilometer)
        try container.encodeNumberOrNull(heartRateBPM, forKey: .heartRateBPM)
        try container.encodeNumberOrNull(activeEnergyKilocalories, forKey: .activeEnergyKilocalories)
        try container.encode(fourthStat, forKey: .fourthStat)
        try container.encodeNumberOrNull(latitude, forKey: .latitude)
        try container.encodeNumberOrNull(longitude, forKey: .longitude)
    }
}
