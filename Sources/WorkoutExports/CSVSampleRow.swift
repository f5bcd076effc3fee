import WorkoutSamples
import WorkoutCore
/// One row of a sample CSV: a position fix, the sensor values recorded with it and the metrics derived
/// up to it. Plain numbers, so any layer can fill it in; `nil` (or a non-finite value) is an empty field.
public struct CSVSampleRow: Sendable, Hashable {
    /// Seconds since 1970 (written as ISO 8601 UTC with milliseconds).
    public var time: Double?
    /// 0-based index of the route segment (a pause or gap starts a new one).
    public var segment: Int
    /// Degrees north, WGS84.
    public var latitude: Double
    /// Degrees east, WGS84.
    public var longitude: Double
    /// Altitude, metres, as the fix gave it.
    public var elevationMeters: Double?
    /// Heart rate read with the fix, beats per minute.
    public var heartRate: Double?
    /// Cadence read with the fix, per minute.
    public var cadence: Double?
    /// Distance from the start, metres (gaps between segments add nothing).
    public var distanceMeters: Double?
    /// Current speed, metres per second.
    public var speedMetersPerSecond: Double?
    /// Current pace, seconds per kilometre.
    public var paceSecondsPerKilometer: Double?
    /// Running time since the start, seconds (pauses excluded).
    public var elapsedSeconds: Double?

    /// A row: `time` (seconds since 1970), the segment and the position are required, the rest optional.
    public init(
        time: Double?, segment: Int, latitude: Double, longitude: Double, elevationMeters: Double? = nil,
        heartRate: Double? = nil, cadence: Double? = nil, distanceMeters: Double? = nil,
        speedMetersPerSecond: Double? = nil, paceSecondsPerKilometer: Double? = nil, elapsedSeconds: Double? = nil
    ) {
        self.time = time
        self.segment = segment
        self.latitude = latitude
        self.longitude = longitude
        self.elevationMeters = elevationMeters
        self.heartRate = heartRate
        self.cadence = cadence
        self.distanceMeters = distanceMeters
        self.speedMetersPerSecond = speedMetersPerSecond
        self.paceSecondsPerKilometer = paceSecondsPerKilometer
        self.elapsedSeconds = elapsedSeconds
    }
}
