/// Mechanical power, watts.
public struct PowerSample: Sendable, Hashable {
    public var time: Double?
    public var watts: Double
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
