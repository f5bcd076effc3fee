public import SessionSupport
public import WorkoutCore
public import WorkoutSamples

/// One session as a screen shows it, kept from the builder's outcomes: the clock, the latest figures and
/// the display throttle. A value type; it changes only when it is given an outcome, and reading a frame
/// changes nothing, so frames can be read as often as a screen likes.
public struct LiveState: Sendable, Hashable {
    /// The activity (it decides the fourth stat); an outcome of an activity change updates it.
    public private(set) var activity: ActivityType
    /// Metric or imperial, for the fourth stat.
    public let units: DisplayUnits
    /// The session clock as of the latest outcome.
    public private(set) var clock = SessionClock()
    /// The figures as of the latest outcome.
    public private(set) var metrics = LiveMetrics()
    /// Pace and speed as last published (every ``DisplayThrottle/intervalSeconds`` of running time).
    public private(set) var throttle: DisplayThrottle

    /// The state before any outcome, for `activity`, shown in `units`, with pace and speed republished
    /// every `throttleIntervalSeconds` of running time.
    public init(activity: ActivityType, units: DisplayUnits = .metric, throttleIntervalSeconds: Double = 5) {
        self.activity = activity
        self.units = units
        self.throttle = DisplayThrottle(intervalSeconds: throttleIntervalSeconds)
    }

    /// The session's state.
    public var state: SessionState { clock.state }

    /// Running time as of `time`.
    public func elapsedSeconds(at time: Double) -> Double { clock.elapsedSeconds(at: time) }

    /// Pace from the current speed, falling back to elapsed time over distance.
    public var rawPaceSecondsPerKilometer: Double? {
        WorkoutSnapshot.paceSecondsPerKilometer(
            speedMetersPerSecond: metrics.speedMetersPerSecond,
            elapsedSeconds: metrics.latestSampleTime.map { clock.elapsedSeconds(at: $0) },
            distanceMeters: metrics.distanceMeters)
    }

    /// Takes what one input did. Throttle boundaries the running time crossed before the input took
    /// effect (its first state change, else its own time) are published first, with the figures as they
    /// were before it.
    /// - Complexity: O(1).
    public mutating func apply(_ outcome: SampleOutcome) {
        if clock.state == .running, let time = outcome.stateChanges.first?.time ?? outcome.input.time {
            throttle = throttle.advanced(
                toElapsedSeconds: clock.elapsedSeconds(at: time),
                rawSpeedMetersPerSecond: metrics.speedMetersPerSecond, rawPaceSecondsPerKilometer: rawPaceSecondsPerKilometer)
        }
        if case .activity(let adopted) = outcome.input { activity = adopted }
        clock = outcome.clock
        metrics = outcome.metrics
    }

    /// The frame as of `time`: the session's state and running time at `time`, pace and speed as the
    /// throttle publishes them at `time`, every other figure as of the latest outcome.
    ///
    /// `time` may lie before the latest state change (a frame that fell due before a pause reached the
    /// screen, made after it): the state and running time are then those of `time`
    /// (``/SessionSupport/SessionClock/reading(at:)``): running up to the pause, paused after it. Pace and speed are the
    /// throttle's latest, which may have been published between `time` and the pause. A time before the
    /// last closed running interval (two or more state changes since), which the clock no longer knows, reads
    /// as paused, with the running time that interval began with.
    public func frame(at time: Double, index: Int) -> WorkoutFrame {
        let reading = clock.reading(at: time) ?? SessionClock.Reading(
            state: .paused,
            elapsedSeconds: clock.accumulatedSeconds - (clock.lastClosedInterval.map { max(0, $0.end - $0.start) } ?? 0))
        let shown = reading.state == .running
            ? throttle.advanced(
                toElapsedSeconds: reading.elapsedSeconds,
                rawSpeedMetersPerSecond: metrics.speedMetersPerSecond, rawPaceSecondsPerKilometer: rawPaceSecondsPerKilometer)
            : throttle
        return WorkoutFrame(
            index: index,
            time: time,
            state: reading.state,
            elapsedSeconds: reading.elapsedSeconds,
            distanceMeters: metrics.distanceMeters,
            speedMetersPerSecond: shown.speedMetersPerSecond,
            paceSecondsPerKilometer: shown.paceSecondsPerKilometer,
            rawSpeedMetersPerSecond: metrics.speedMetersPerSecond,
            rawPaceSecondsPerKilometer: rawPaceSecondsPerKilometer,
            heartRateBPM: metrics.heartRateBPM,
            activeEnergyKilocalories: metrics.activeEnergyKilocalories,
            fourthStat: FourthStat(
                activity: activity, units: units,
                speedMetersPerSecond: shown.speedMetersPerSecond,
                paceSecondsPerKilometer: shown.paceSecondsPerKilometer,
                heartRateBPM: metrics.heartRateBPM),
            latitude: metrics.latitude,
            longitude: metrics.longitude)
    }
}
