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
