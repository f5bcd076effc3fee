import SessionSupport
public import WorkoutSamples
import RouteGeometry

/// The figures of a workout as of its latest sample, without route geometry. Values that cannot be known
/// (times of an untimed route, heart rate without a sensor) are `nil`.
public struct WorkoutSnapshot: Sendable, Hashable {
    /// The activity measured.
    public var activity: ActivityType
    /// The location filter that applied.
    public var filterMode: LocationFilterMode
    /// The session's state as of the snapshot.
    public var state: SessionState
    /// First sample's time, seconds since 1970.
    public var startTime: Double?
    /// Latest sample's time (or the end), seconds since 1970.
    public var endTime: Double?
    /// Running time: the sum of the running intervals (pauses, segment gaps and unrecorded gaps excluded).
    public var elapsedSeconds: Double?
    /// Time spent moving: steps between fixes whose speed reaches the activity's moving threshold.
    public var movingSeconds: Double?
    /// Distance covered, metres: geodesic per segment (see README, "Distance"); the device's own distance
    /// for a workout without positions.
    public var distanceMeters: Double
    /// Location samples received, accepted or not.
    public var receivedLocationCount: Int
    /// Location samples accepted into the route.
    public var locationCount: Int
    /// Location samples that arrived while the session was paused (not part of the route, not rejections).
    public var locationsWhilePaused: Int
    /// Location samples rejected by the filter, by reason.
    public var rejections: RejectionCounts
    /// Sensor readings and fix fields dropped as implausible (see ``ReadingRanges``), by kind.
    public var rejectedReadings = RejectedReadingCounts()
    /// Route segments with at least one accepted fix (a new one after each pause and each input segment).
    public var segmentCount: Int
    /// The highest speed, metres per second: the largest median of five consecutive step speeds, so a
    /// single bad fix cannot set it (the largest step speed while there are fewer steps); `nil` when no speed was measured.
    public var maximumSpeedMetersPerSecond: Double?
    /// The most recent speed: device-reported when present, else the smoothed estimate.
    public var latestSpeedMetersPerSecond: Double?
    /// Total climb, metres, counted with hysteresis on the smoothed altitude; `nil` without altitudes.
    public var elevationGainMeters: Double?
    /// Total descent, metres, counted like ``elevationGainMeters``; `nil` without altitudes.
    public var elevationLossMeters: Double?
    /// The lowest altitude, metres; `nil` without altitudes.
    public var minimumElevationMeters: Double?
    /// The highest altitude, metres; `nil` without altitudes.
    public var maximumElevationMeters: Double?
    /// Time-weighted average heart rate, beats per minute; `nil` without readings.
    public var heartRateAverage: Double?
    /// Lowest heart rate, beats per minute; `nil` without readings.
    public var heartRateMinimum: Double?
    /// Highest heart rate, beats per minute; `nil` without readings.
    public var heartRateMaximum: Double?
    /// Time-weighted average cadence, per minute; `nil` without readings.
    public var cadenceAverage: Double?
    /// Time-weighted average power, watts; `nil` without readings.
    public var powerAverage: Double?
    /// Active energy, kilocalories (resting energy excluded): the input's own increments when it has any,
    /// else the estimate of ``energyModel``; `nil` when no model applied.
    public var activeEnergyKilocalories: Double?
    /// Laps the session completed (lap events and requests with a time: their own, or the latest
    /// sample's).
    public var lapCount: Int
    /// Pauses of any cause: requests, auto-pauses and recording gaps.
    public var pauseCount: Int
    /// Samples the builder received, of every kind (calls such as pause and resume are not samples).
    public var sampleCount: Int
    /// Seconds in each of the five heart-rate zones, with their bounds (time-weighted like the average:
    /// a reading holds until the next one, at most ``WorkoutOptions/sensorHoldLimitSeconds``).
    public var heartRateZones: [HeartRateZoneTime] = []
    /// How the zone bounds in ``heartRateZones`` were computed.
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
    /// What the engine had to assume about the input, in words: that its times are unusable, that some of
    /// its fixes were too fast for the activity and were left out, that the location filter left every fix
    /// out, or that an earlier workout later in the file (dated before the latest time) was left out.
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
