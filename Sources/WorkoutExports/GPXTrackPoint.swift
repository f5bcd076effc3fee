import WorkoutCore
public import WorkoutSamples

/// One track point to write: a position fix and the sensor values recorded with it.
public struct GPXTrackPoint: Sendable, Hashable {
    /// The fix: latitude, longitude, and optionally time, altitude, accuracies, speed, course, fix state.
    public var location: LocationSample
    /// Beats per minute (Garmin TrackPointExtension `hr`).
    public var heartRate: Double?
    /// Per minute (Garmin TrackPointExtension `cad`).
    public var cadence: Double?
    /// Air temperature, °C (Garmin TrackPointExtension `atemp`).
    public var temperatureCelsius: Double?

    /// A point for `location` with the sensor values to write in its extensions.
    public init(location: LocationSample, heartRate: Double? = nil, cadence: Double? = nil, temperatureCelsius: Double? = nil) {
        self.location = location
        self.heartRate = heartRate
        self.cadence = cadence
        self.temperatureCelsius = temperatureCelsius
    }
}
