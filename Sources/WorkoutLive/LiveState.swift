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
    /// The latest running interval a pause or the end closed, as the outcomes' state changes gave it:
    /// it lets ``frame(at:index:)`` show a time a little before the latest pause or resume as it was.
    private var lastClosedInterval: ClosedInterval?

    /// A running interval, from a start or resume to the pause or end that closed it (session seconds).
    private struct ClosedInterval: Sendable, Hashable {
        var start: Double
        var end: Double
    }

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
        var openSince = clock.openIntervalStart
        for change in outcome.stateChanges {
            switch change.kind {
            case .start, .resume: openSince = change.time
            case .pause, .end:
                // An end while paused closes nothing; an interval whose times are not usable is forgotten.
                if let start = openSince {
                    let usable = start.isFinite && change.time.isFinite && change.time >= start
                    lastClosedInterval = usable ? ClosedInterval(start: start, end: change.time) : nil
                }
                openSince = nil
            case .lap: break
            }
        }
        clock = outcome.clock
        metrics = outcome.metrics
    }

    /// The frame as of `time`: the session's state and running time at `time`, pace and speed as the
    /// throttle publishes them at `time`, every other figure as of the latest outcome.
    ///
    /// `time` may lie a little before the latest state change (a live frame that fell due before a pause
    /// reached the screen, made after it). Within the last running interval a pause or the end closed, the
    /// frame is running, with the running time up to `time`; between that interval's close and the latest
    /// change it is paused. Pace and speed are then the throttle's latest, which may have been published
    /// between `time` and the pause. Before the session started it is not started, with no running time.
    /// Any other time (two or more changes since, or a change at a time that is not finite) reads as the
    /// session is now, with running time up to `time`.
    public func frame(at time: Double, index: Int) -> WorkoutFrame {
        let (state, elapsedSeconds) = reading(at: time)
        let shown = state == .running
            ? throttle.advanced(
                toElapsedSeconds: elapsedSeconds,
                rawSpeedMetersPerSecond: metrics.speedMetersPerSecond, rawPaceSecondsPerKilometer: rawPaceSecondsPerKilometer)
            : throttle
        return WorkoutFrame(
            index: index,
            time: time,
            state: state,
            elapsedSeconds: elapsedSeconds,
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

    /// The session's state and running time as of `time` (see ``frame(at:index:)``).
    private func reading(at time: Double) -> (SessionState, Double) {
        let now = (clock.state, clock.elapsedSeconds(at: time))
        if let start = clock.startTime, time < start { return (.notStarted, 0) }
        let latestChange: Double? = switch clock.state {
        case .running: clock.openIntervalStart
        case .paused: lastClosedInterval?.end
        case .ended: clock.endTime
        case .notStarted: nil
        }
        guard let latestChange, latestChange.isFinite, time < latestChange,
              let closed = lastClosedInterval, time >= closed.start
        else { return now }
        if time >= closed.end { return (.paused, clock.accumulatedSeconds) }
        return (.running, clock.accumulatedSeconds - (closed.end - time))
    }
}
