import WorkoutCore
public import WorkoutSamples

/// One accepted fix of a workout, ready to export: the fix as read, the sensor values recorded with it,
/// and the engine's metrics at the moment it was accepted.
public struct ExportPoint: Sendable, Hashable {
    /// The fix as the engine took it: as the input gave it, less a time it could not use or a field it
    /// dropped as implausible.
    public var location: LocationSample
    /// Beats per minute recorded with this fix, if any.
    public var heartRate: Double?
    /// Cadence per minute recorded with this fix, if any.
    public var cadence: Double?
    /// Air temperature recorded with this fix, °C.
    public var temperatureCelsius: Double?
    /// Power recorded with this fix, watts.
    public var powerWatts: Double?
    /// The workout's distance when the fix was accepted, metres (the engine's measure: smoothed in the
    /// default filter mode, a plain geodesic sum with `--filter none`; gaps add nothing). Never less
    /// than the previous fix's.
    public var distanceMeters: Double
    /// Running time when the fix was accepted, seconds (pauses excluded); `nil` for an untimed fix.
    public var elapsedSeconds: Double?
    /// The engine's current speed at this fix, m/s (device-reported when present, else the smoother's);
    /// `nil` at the first fix of a segment and at an untimed fix.
    public var speedMetersPerSecond: Double?
    /// Seconds per kilometre from ``speedMetersPerSecond``; `nil` while not moving (speed under the
    /// activity's moving threshold) or without speed.
    public var paceSecondsPerKilometer: Double?
    /// The session was paused between the previous fix of this segment and this one (an unrecorded gap:
    /// the route and its distance go on across it; maps mark the pause).
    public var followsPause = false

    /// A point for `location` with the sensor values read with it and the workout's figures at that fix
    /// (distance in metres, times in seconds, speed in metres per second, pace in seconds per kilometre).
    public init(
        location: LocationSample, heartRate: Double? = nil, cadence: Double? = nil, temperatureCelsius: Double? = nil,
        distanceMeters: Double = 0, elapsedSeconds: Double? = nil, speedMetersPerSecond: Double? = nil,
        paceSecondsPerKilometer: Double? = nil
    ) {
        self.location = location
        self.heartRate = heartRate
        self.cadence = cadence
        self.temperatureCelsius = temperatureCelsius
        self.distanceMeters = distanceMeters
        self.elapsedSeconds = elapsedSeconds
        self.speedMetersPerSecond = speedMetersPerSecond
        self.paceSecondsPerKilometer = paceSecondsPerKilometer
    }
}
