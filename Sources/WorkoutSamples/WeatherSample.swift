/// Ambient conditions.
public struct WeatherSample: Sendable, Hashable {
    /// Seconds since 1970-01-01T00:00:00Z, or `nil` when the source has no time for this reading.
    public var time: Double?
    /// Air temperature in degrees Celsius, when measured.
    public var temperatureCelsius: Double?
    /// Relative humidity in percent (0...100), when measured.
    public var humidityPercent: Double?
    /// Weather at `time` (seconds since 1970, `nil` when unknown); either value may be missing.
    public init(time: Double?, temperatureCelsius: Double?, humidityPercent: Double? = nil) {
        self.time = time
        self.temperatureCelsius = temperatureCelsius
        self.humidityPercent = humidityPercent
    }
}

extension WeatherSample: Codable {
    /// Decodes a `weather` record (``SampleCodingKey``): `temperatureCelsius` and `humidityPercent`
    /// optional, `time` a number or an ISO 8601 string.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: SampleCodingKey.self)
        try container.checkType(.weather)
        self.init(
            time: try container.decodeTime(),
            temperatureCelsius: try container.decodeIfPresent(Double.self, forKey: .temperatureCelsius),
            humidityPercent: try container.decodeIfPresent(Double.self, forKey: .humidityPercent))
    }

    /// Encodes the conditions as one record: `{"type":"weather","time":…,"temperatureCelsius":…}`, `nil`
    /// values left out.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: SampleCodingKey.self)
        try container.encodeHead(.weather, time: time)
        try container.encodeIfPresent(temperatureCelsius, forKey: .temperatureCelsius)
        try container.encodeIfPresent(humidityPercent, forKey: .humidityPercent)
    }
}
