/// Ambient conditions.
public struct WeatherSample: Sendable, Hashable {
    public var time: Double?
    public var temperatureCelsius: Double?
    public var humidityPercent: Double?
    public init(time: Double?, temperatureCelsius: Double?, humidityPercent: Double? = nil) {
        self.time = time
        self.temperatureCelsius = temperatureCelsius
        self.humidityPercent = humidityPercent
    }
}
