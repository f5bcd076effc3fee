/// The figures a live screen shows, as of the latest input: what every ``SampleOutcome`` carries, so a
/// consumer never has to read the builder.
public struct LiveMetrics: Sendable, Hashable {
    /// Distance so far, metres (the open chord of the default mode included).
    public var distanceMeters: Double
    /// The most recent speed, m/s: the device's when the fix carries one, else the smoother's estimate.
    public var speedMetersPerSecond: Double?
    /// The latest plausible heart-rate reading.
    public var heartRateBPM: Double?
    /// Active energy so far, kilocalories.
    public var activeEnergyKilocalories: Double?
    /// The latest accepted position.
    public var latitude: Double?
    /// The latest accepted position's longitude, degrees east (WGS84); `nil` before the first accepted fix.
    public var longitude: Double?
    /// The latest sample's time, seconds.
    public var latestSampleTime: Double?

    /// Figures with the given values; distance defaults to zero and the rest to unknown (`nil`).
    public init(
        distanceMeters: Double = 0, speedMetersPerSecond: Double? = nil, heartRateBPM: Double? = nil,
        activeEnergyKilocalories: Double? = nil, latitude: Double? = nil, longitude: Double? = nil, latestSampleTime: Double? = nil
    ) {
        self.distanceMeters = distanceMeters
        self.speedMetersPerSecond = speedMetersPerSecond
        self.heartRateBPM = heartRateBPM
        self.activeEnergyKilocalories = activeEnergyKilocalories
        self.latitude = latitude
        self.longitude = longitude
        self.latestSampleTime = latestSampleTime
    }
}
