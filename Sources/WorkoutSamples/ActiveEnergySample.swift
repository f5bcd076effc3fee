/// Active energy burned since the previous `ActiveEnergySample` (an increment, not a running total).
public struct ActiveEnergySample: Sendable, Hashable {
    public var time: Double?
    public var kilocalories: Double
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
