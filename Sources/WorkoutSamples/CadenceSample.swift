/// Step cadence (running, walking) or crank cadence (cycling), per minute.
public struct CadenceSample: Sendable, Hashable {
    /// Seconds since 1970-01-01T00:00:00Z, or `nil` when the source has no time for this reading.
    public var time: Double?
    /// Steps per minute (running, walking, hiking) or crank revolutions per minute (cycling).
    public var perMinute: Double
    /// A cadence reading of `perMinute` at `time` (seconds since 1970, `nil` when unknown).
    public init(time: Double?, perMinute: Double) {
        self.time = time
        self.perMinute = perMinute
    }
}

extension CadenceSample: Codable {
    /// Decodes a `cadence` record (SampleCodingKey): `perMinute` required, `time` a number or an ISO 8601 string.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: SampleCodingKey.self)
        try container.checkType(.cadence)
        self.init(time: try container.decodeTime(), perMinute: try container.decode(Double.self, forKey: .perMinute))
    }

    /// Encodes the reading as one record: `{"type":"cadence","time":…,"perMinute":…}`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: SampleCodingKey.self)
        try container.encodeHead(.cadence, time: time)
        try container.encode(perMinute, forKey: .perMinute)
    }
}
