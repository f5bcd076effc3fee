/// Active energy burned since the previous `ActiveEnergySample` (an increment, not a running total).
public struct ActiveEnergySample: Sendable, Hashable {
    /// Seconds since 1970-01-01T00:00:00Z, or `nil` when the source has no time for this reading.
    public var time: Double?
    /// Kilocalories burned since the previous active-energy sample.
    public var kilocalories: Double
    /// An energy increment of `kilocalories` at `time` (seconds since 1970, `nil` when unknown).
    public init(time: Double?, kilocalories: Double) {
        self.time = time
        self.kilocalories = kilocalories
    }
}

extension ActiveEnergySample: Codable {
    /// Decodes a `activeEnergy` record (SampleCodingKey): `kilocalories` required, `time` a number or an ISO 8601 string.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: SampleCodingKey.self)
        try container.checkType(.activeEnergy)
        self.init(time: try container.decodeTime(), kilocalories: try container.decode(Double.self, forKey: .kilocalories))
    }

    /// Encodes the reading as one record: `{"type":"activeEnergy","time":…,"kilocalories":…}`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: SampleCodingKey.self)
        try container.encodeHead(.activeEnergy, time: time)
        try container.encode(kilocalories, forKey: .kilocalories)
    }
}
