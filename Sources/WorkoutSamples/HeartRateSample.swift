/// A heart-rate reading.
public struct HeartRateSample: Sendable, Hashable {
    /// Seconds since 1970-01-01T00:00:00Z, or `nil` when the source has no time for this reading.
    public var time: Double?
    /// Beats per minute.
    public var beatsPerMinute: Double
    /// A heart rate of `beatsPerMinute` at `time` (seconds since 1970, `nil` when unknown).
    public init(time: Double?, beatsPerMinute: Double) {
        self.time = time
        self.beatsPerMinute = beatsPerMinute
    }
}

extension HeartRateSample: Codable {
    /// Decodes a `heartRate` record (SampleCodingKey): `bpm` required, `time` a number or an ISO 8601 string.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: SampleCodingKey.self)
        try container.checkType(.heartRate)
        self.init(time: try container.decodeTime(), beatsPerMinute: try container.decode(Double.self, forKey: .bpm))
    }

    /// Encodes the reading as one record: `{"type":"heartRate","time":…,"bpm":…}`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: SampleCodingKey.self)
        try container.encodeHead(.heartRate, time: time)
        try container.encode(beatsPerMinute, forKey: .bpm)
    }
}
