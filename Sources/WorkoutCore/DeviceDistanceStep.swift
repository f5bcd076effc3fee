/// A step of a device's own distance (a treadmill, a wheel sensor, a watch without GPS) that the builder
/// counted as the workout's distance, the route having no fix: what the analysis takes in place of fixes, so
/// that a workout without positions still has splits, laps with distances, best efforts and a speed curve.
public struct DeviceDistanceStep: Sendable, Hashable {
    /// The reading's time, seconds since 1970.
    public var time: Double
    /// The workout's distance after the step, metres.
    public var distanceMeters: Double
    /// Running time at the reading, seconds (pauses excluded).
    public var elapsedSeconds: Double
    /// The step's speed, m/s; `nil` when the reading ends no step (the first one, or after a pause).
    public var speedMetersPerSecond: Double?
    /// The step's moving time, seconds: its time when its speed reached the activity's moving threshold,
    /// else 0 (as the summary counts it).
    public var movingSeconds: Double
    /// Whether the session paused, or a new segment began, since the previous step (or this is the first).
    public var followsBreak: Bool
    /// The smoothed altitude once this step was measured, metres, when the reading came with an altitude
    /// (as ``AcceptedFix/smoothedAltitudeMeters``).
    public var altitudeMeters: Double?

    /// Creates the value from its parts.
    public init(time: Double, distanceMeters: Double, elapsedSeconds: Double, speedMetersPerSecond: Double?,
                movingSeconds: Double, followsBreak: Bool, altitudeMeters: Double? = nil) {
        self.time = time
        self.distanceMeters = distanceMeters
        self.elapsedSeconds = elapsedSeconds
        self.speedMetersPerSecond = speedMetersPerSecond
        self.movingSeconds = movingSeconds
        self.followsBreak = followsBreak
        self.altitudeMeters = altitudeMeters
    }
}
