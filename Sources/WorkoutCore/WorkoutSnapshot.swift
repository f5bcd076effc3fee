import SessionSupport
public import WorkoutSamples
import RouteGeometry

/// The figures of a workout as of its latest sample, without route geometry. Values that cannot be known
/// (times of an untimed route, heart rate without a sensor) are `nil`.
public struct WorkoutSnapshot: Sendable, Hashable {
    public var activity: ActivityType
    public var filterMode: LocationFilterMode
    public var state: SessionState
    /// First sample's time, seconds since 1970.
    public var startTime: Double?
    /// Latest sample's time (or the end), seconds since 1970.
    public var endTime: Double?
    /// Running time: the sum of the running intervals (pauses, segment gaps and unrecorded gaps excluded).
    public var elapsedSeconds: Double?
    /// Time spent moving: steps between fixes whose speed reaches the activity's moving threshold.
    public var movingSeconds: Double?
    public var distanceMeters: Double
    /// Location samples received, accepted or not.
    public var receivedLocationCount: Int
    /// Location samples accepted into the route.
    public var locationCount: Int
    /// Location samples that arrived while the session was paused (not part of the route, not rejections).
    public var locationsWhilePaused: Int
    public var rejections: RejectionCounts
    /// Sensor readings and fix fields dropped as implausible (see ``ReadingRanges``), by kind.
    public var rejectedReadings = RejectedReadingCounts()
    public var segmentCount: Int
    public var maximumSpeedMetersPerSecond: Double?
    /// The most recent speed: device-reported when present, else the smoothed estimate.
    public var latestSpeedMetersPerSecond: Double?
    public var elevationGainMeters: Double?
    public var elevationLossMeters: Double?
    public var minimumElevationMeters: Double?
    public var maximumElevationMeters: Double?
    public var heartRateAverage: Double?
    public var heartRateMinimum: Double?
    public var heartRateMaximum: Double?
    public var cadenceAverage: Double?
    public var powerAverage: Double?
    /// Active energy, kilocalories (resting energy excluded): the input's own increments when it has any,
    /// else the estimate of ``energyModel``; `nil` when no model applied.
    public var activeEnergyKilocalories: Double?
    public var lapCount: Int
    public var pauseCount: Int
    public var sampleCount: Int
    /// Seconds in each of the five heart-rate zones, with their bounds (time-weighted like the average:
    /// a reading holds until the next one, at most ``WorkoutOptions/sensorHoldLimitSeconds``).
    public var heartRateZones: [HeartRateZoneTime] = []
    public var heartRateZoneMethod: HeartRateZoneMethod = .percentOfMaximum
    /// Banister TRIMP; `nil` without timed heart-rate readings.
    public var trimp: Double? = nil
    /// The model behind ``activeEnergyKilocalories``: the device's, or the estimate that covered the most
    /// running time (see ``energyModelSeconds`` for all of them).
    public var energyModel: EnergyModel? = nil
    /// Running seconds each estimating model covered.
    public var energyModelSeconds = EnergyModelSeconds()
    /// The athlete profile used, with defaults filled in and listed.
    public var profile = AthleteProfile().resolved
    /// What the engine had to assume about the input, in words (for example that its times are unusable).
    public var warnings: [String] = []

    /// Wall time from the first to the latest sample, pauses included.
    public var totalSeconds: Double? {
        guard let startTime, let endTime else { return nil }
        return endTime - startTime
    }

    /// Distance over moving time; over elapsed time when nothing counted as moving; `nil` without time.
    public var averageSpeedMetersPerSecond: Double? {
        if let movingSeconds, movingSeconds > 0 { return distanceMeters / movingSeconds }
        if let elapsedSeconds, elapsedSeconds > 0 { return distanceMeters / elapsedSeconds }
        return nil
    }

    /// Seconds per kilometre from the average speed, falling back to elapsed time over distance.
    public var averagePaceSecondsPerKilometer: Double? {
        Self.paceSecondsPerKilometer(speedMetersPerSecond: averageSpeedMetersPerSecond, elapsedSeconds: elapsedSeconds, distanceMeters: distanceMeters)
    }

    /// Pace (seconds per kilometre) from a speed; when there is no usable speed, elapsed time divided by
    /// distance in kilometres (time over distance: pace is the inverse of speed). `nil` when neither works.
    public static func paceSecondsPerKilometer(speedMetersPerSecond: Double?, elapsedSeconds: Double?, distanceMeters: Double) -> Double? {
        if let speed = speedMetersPerSecond, speed > 0, speed.isFinite { return 1000 / speed }
        if let elapsedSeconds, elapsedSeconds > 0, distanceMeters > 0 { return elapsedSeconds / (distanceMeters / 1000) }
        return nil
    }
}
