/// The distance a device measured itself since the recording began (FIT `record.distance`, TCX
/// `DistanceMeters`): a wheel sensor, a foot pod or a treadmill. The engine uses it only for a workout
/// without positions (an indoor ride, a treadmill run); with positions, distance is geodesic.
public struct DistanceSample: Sendable, Hashable {
    /// Seconds since 1970-01-01T00:00:00Z, or `nil` when the source has no time for this reading.
    public var time: Double?
    /// Metres since the start of the recording (a running total, not an increment).
    public var cumulativeMeters: Double
    /// The altitude the device stated with it, metres, when it stated no position (a watch without GPS
    /// but with a barometer): the elevation of a workout without positions.
    public var altitudeMeters: Double?
    /// The speed the device stated with it, m/s, when it stated no position (a foot pod's, a treadmill's):
    /// the workout's speed where its distance runs in steps.
    public var speedMetersPerSecond: Double?
    /// A device distance of `cumulativeMeters` since the start of the recording, at `time`, and the
    /// altitude and speed stated with it.
    public init(time: Double?, cumulativeMeters: Double, altitudeMeters: Double? = nil, speedMetersPerSecond: Double? = nil) {
        self.time = time
        self.cumulativeMeters = cumulativeMeters
        self.altitudeMeters = altitudeMeters
        self.speedMetersPerSecond = speedMetersPerSecond
    }
}

extension DistanceSample: Codable {
    /// Decodes a `distance` record (SampleCodingKey): `cumulativeMeters` required, `time` a number or an ISO 8601
    /// string, `altitude` and `speed` optional.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: SampleCodingKey.self)
        try container.checkType(.distance)
        self.init(time: try container.decodeTime(), cumulativeMeters: try container.decode(Double.self, forKey: .cumulativeMeters),
                  altitudeMeters: try container.decodeIfPresent(Double.self, forKey: .altitude),
                  speedMetersPerSecond: try container.decodeIfPresent(Double.self, forKey: .speed))
    }

    /// Encodes the reading as one record: `{"type":"distance","time":…,"cumulativeMeters":…}`, with
    /// `"altitude"` and `"speed"` when known.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: SampleCodingKey.self)
        try container.encodeHead(.distance, time: time)
        try container.encode(cumulativeMeters, forKey: .cumulativeMeters)
        try container.encodeIfPresent(altitudeMeters, forKey: .altitude)
        try container.encodeIfPresent(speedMetersPerSecond, forKey: .speed)
    }
}
