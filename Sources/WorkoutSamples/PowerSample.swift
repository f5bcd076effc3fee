/// Mechanical power, watts.
public struct PowerSample: Sendable, Hashable {
    /// Seconds since 1970-01-01T00:00:00Z, or `nil` when the source has no time for this reading.
    public var time: Double?
    /// Watts, as the power meter reports them.
    public var watts: Double
    /// A power reading of `watts` at `time` (seconds since 1970, `nil` when unknown).
    public init(time: Double?, watts: Double) {
        self.time = time
        self.watts = watts
    }
}

extension PowerSample: Codable {
    /// Decodes a `power` record (SampleCodingKey): `watts` required, `time` a number or an ISO 8601 string.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: SampleCodingKey.self)
        try container.checkType(.power)
        self.init(time: try container.decodeTime(), watts: try container.decode(Double.self, forKey: .watts))
    }

    /// Encodes the reading as one record: `{"type":"power","time":…,"watts":…}`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: SampleCodingKey.self)
        try container.encodeHead(.power, time: time)
        try container.encode(watts, forKey: .watts)
    }
}
