/// The figures of one stretch of a workout (a split or a lap).
public struct IntervalFigures: Sendable, Hashable {
    /// Where the stretch starts and ends on the workout's distance, metres.
    public var startDistanceMeters: Double
    /// Where the stretch ends on the workout's distance, metres.
    public var endDistanceMeters: Double
    /// Running time (pauses excluded), seconds.
    public var elapsedSeconds: Double
    /// Wall time (pauses included), seconds.
    public var totalSeconds: Double
    /// Moving time, seconds (steps at or above the activity's moving threshold).
    public var movingSeconds: Double
    /// Rises and falls of the smoothed altitude within the stretch, metres (plain sums of the smoothed
    /// profile's steps, without the summary's 3 m hysteresis); `nil` without altitude.
    public var elevationGainMeters: Double?
    /// Falls of the smoothed altitude within the stretch, metres; `nil` without altitude.
    public var elevationLossMeters: Double?
    /// Time-weighted averages of the sensors over the stretch's running time; `nil` without readings.
    public var averageHeartRateBPM: Double?
    /// Time-weighted average cadence, per minute; `nil` without readings.
    public var averageCadence: Double?
    /// Time-weighted average power, watts; `nil` without readings.
    public var averagePowerWatts: Double?

    /// Creates the value from its parts.
    public init(
        startDistanceMeters: Double, endDistanceMeters: Double, elapsedSeconds: Double, totalSeconds: Double,
        movingSeconds: Double, elevationGainMeters: Double?, elevationLossMeters: Double?,
        averageHeartRateBPM: Double?, averageCadence: Double?, averagePowerWatts: Double?
    ) {
        self.startDistanceMeters = startDistanceMeters
        self.endDistanceMeters = endDistanceMeters
        self.elapsedSeconds = elapsedSeconds
        self.totalSeconds = totalSeconds
        self.movingSeconds = movingSeconds
        self.elevationGainMeters = elevationGainMeters
        self.elevationLossMeters = elevationLossMeters
        self.averageHeartRateBPM = averageHeartRateBPM
        self.averageCadence = averageCadence
        self.averagePowerWatts = averagePowerWatts
    }

    /// The stretch's distance, metres.
    public var distanceMeters: Double { endDistanceMeters - startDistanceMeters }

    /// Average speed, m/s: distance over moving time (over running time when nothing counted as moving),
    /// as the summary's average; `nil` without time.
    public var averageSpeedMetersPerSecond: Double? {
        let seconds = movingSeconds > 0 ? movingSeconds : elapsedSeconds
        return seconds > 0 ? distanceMeters / seconds : nil
    }

    /// Average pace, seconds per kilometre (1000 / average speed); `nil` when standing.
    public var averagePaceSecondsPerKilometer: Double? {
        averageSpeedMetersPerSecond.flatMap { $0 > 0 ? 1000 / $0 : nil }
    }
}

/// What the figures of a stretch are computed from.
struct IntervalContext {
    let track: AnalysisTrack
    let heartRate: SensorIntegral
    let cadence: SensorIntegral
    let power: SensorIntegral
    let hasAltitude: Bool

    /// The figures between two positions on the fix series, with their wall and running times given
    /// (laps know them from their events) or taken from the positions.
    func figures(from a: TrackPosition, to b: TrackPosition, times: (start: Double, end: Double)? = nil,
                 elapsed: (start: Double, end: Double)? = nil) -> IntervalFigures {
        let e0 = elapsed?.start ?? a.value(in: track.elapsed), e1 = elapsed?.end ?? b.value(in: track.elapsed)
        let t0 = times?.start ?? a.value(in: track.times), t1 = times?.end ?? b.value(in: track.times)
        return IntervalFigures(
            startDistanceMeters: a.value(in: track.distances), endDistanceMeters: b.value(in: track.distances),
            elapsedSeconds: max(0, e1 - e0), totalSeconds: max(0, t1 - t0),
            movingSeconds: max(0, b.value(in: track.moving) - a.value(in: track.moving)),
            elevationGainMeters: hasAltitude ? b.value(in: track.gains) - a.value(in: track.gains) : nil,
            elevationLossMeters: hasAltitude ? b.value(in: track.losses) - a.value(in: track.losses) : nil,
            averageHeartRateBPM: heartRate.average(from: e0, to: e1),
            averageCadence: cadence.average(from: e0, to: e1),
            averagePowerWatts: power.average(from: e0, to: e1))
    }
}
