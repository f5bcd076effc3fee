import SessionSupport
import WorkoutCore
public import WorkoutSamples

/// The live state of one workout: a ``WorkoutBuilder`` plus what a screen needs on top of it (the
/// display throttle, auto-pause, the latest heart rate) and frames computed as of any instant.
/// A value type with no I/O and no clock of its own: ``WorkoutSession`` wraps it in an actor for
/// concurrent use; `route-replay replay` drives it directly.
public struct LiveWorkout: Sendable {
    public private(set) var builder: WorkoutBuilder
    public private(set) var throttle: DisplayThrottle
    public let units: DisplayUnits
    public private(set) var isAutoPaused = false
    /// The latest heart-rate reading.
    public private(set) var heartRateBPM: Double?
    private var autoPause: AutoPauseDetector?
    private var previousRawFix: LocationSample?

    /// - Parameters:
    ///   - autoPause: the auto-pause thresholds, or `nil` for none.
    ///   - throttleIntervalSeconds: pace and speed are republished this often (running time).
    public init(options: WorkoutOptions, units: DisplayUnits = .metric, autoPause: AutoPausePolicy? = nil, throttleIntervalSeconds: Double = 5) {
        self.builder = WorkoutBuilder(options: options)
        self.throttle = DisplayThrottle(intervalSeconds: throttleIntervalSeconds)
        self.units = units
        self.autoPause = autoPause.map(AutoPauseDetector.init(policy:))
    }

    public var state: SessionState { builder.clock.state }
    public var activity: ActivityType { builder.options.activity }

    /// Running time as of `time`.
    public func elapsedSeconds(at time: Double) -> Double { builder.clock.elapsedSeconds(at: time) }

    /// Pace from the current speed, falling back to elapsed time over distance.
    public var rawPaceSecondsPerKilometer: Double? {
        let end = builder.latestSampleTime
        return WorkoutSnapshot.paceSecondsPerKilometer(
            speedMetersPerSecond: builder.currentSpeedMetersPerSecond,
            elapsedSeconds: end.map { builder.clock.elapsedSeconds(at: $0) },
            distanceMeters: builder.distanceMeters)
    }

    /// Switches to the activity the input names before any sample (see ``WorkoutBuilder/adoptActivity(_:)``).
    public mutating func adoptActivity(named name: String) {
        guard let activity = ActivityType(parsing: name) else { return }
        builder.adoptActivity(activity)
    }

    /// Call before generating frames up to `sample`'s time: an unrecorded gap before it pauses the
    /// session at the latest sample's time (see ``WorkoutBuilder/prepare(for:)``).
    public mutating func prepare(for sample: Sample) -> SessionStateChange? {
        guard builder.clock.state == .running, let last = builder.latestSampleTime else { return nil }
        advanceThrottle(to: last)
        guard builder.prepare(for: sample) else { return nil }
        return SessionStateChange(kind: .pause, time: last, cause: .recordingGap, elapsedSeconds: elapsedSeconds(at: last), state: .paused)
    }

    /// Takes in one sample in order. Returns the state change it caused, if any (start, an input event, or
    /// an auto-pause decision).
    public mutating func ingest(_ sample: Sample) -> SessionStateChange? {
        let before = builder.clock.state
        if let time = sample.time, before == .running {
            // Publish throttled values for boundaries crossed before this sample changes anything.
            advanceThrottle(to: time)
        }
        if case .heartRate(let reading) = sample, ReadingRanges.heartRateBPM.contains(reading.beatsPerMinute) {
            heartRateBPM = reading.beatsPerMinute
        }
        if case .event(let event) = sample, event.kind == .resume || event.kind == .pause {
            isAutoPaused = false
            autoPause?.reset()
        }
        builder.add(sample)
        let after = builder.clock.state
        let isInputEvent: Bool
        if case .event(let event) = sample, event.kind != .segmentStart { isInputEvent = true } else { isInputEvent = false }
        var change = transition(from: before, to: after, time: sample.time, cause: isInputEvent || before == .notStarted ? .request : .recordingGap)
        if case .event(let event) = sample, event.kind == .lap, let time = event.time ?? builder.latestSampleTime {
            change = SessionStateChange(kind: .lap, time: time, cause: .request, elapsedSeconds: elapsedSeconds(at: time), state: after)
        }
        if case .location(let fix) = sample, let decision = observeAutoPause(fix) {
            switch decision {
            case .pause(let time):
                guard builder.clock.state == .running else { break }
                builder.pause(at: time)
                isAutoPaused = true
                change = transition(from: .running, to: builder.clock.state, time: time, cause: .autoPause)
            case .resume(let time):
                guard builder.clock.state == .paused else { break }
                builder.resume(at: time)
                isAutoPaused = false
                change = transition(from: .paused, to: builder.clock.state, time: time, cause: .autoPause)
            }
        }
        return change
    }

    /// Starts the session at `time` (the first timed sample would start it too).
    public mutating func start(at time: Double) -> SessionStateChange? {
        let before = builder.clock.state
        builder.start(at: time)
        return transition(from: before, to: builder.clock.state, time: time, cause: .request)
    }

    /// Pauses at `time` (a user action).
    public mutating func pause(at time: Double) -> SessionStateChange? {
        ingest(.event(WorkoutEventSample(time: time, kind: .pause)))
    }

    /// Resumes at `time` (a user action).
    public mutating func resume(at time: Double) -> SessionStateChange? {
        ingest(.event(WorkoutEventSample(time: time, kind: .resume)))
    }

    /// Ends the session at `time`.
    public mutating func end(at time: Double) -> SessionStateChange? {
        let before = builder.clock.state
        if before == .running { advanceThrottle(to: time) }
        builder.end(at: time)
        return transition(from: before, to: builder.clock.state, time: time, cause: .request)
    }

    /// The frame as of `time`: running time up to `time`, the throttle advanced to it, and every other
    /// metric as of the latest sample at or before it.
    public mutating func frame(at time: Double, index: Int) -> WorkoutFrame {
        if builder.clock.state == .running { advanceThrottle(to: time) }
        let fix = builder.lastAcceptedFix
        return WorkoutFrame(
            index: index,
            time: time,
            state: builder.clock.state,
            elapsedSeconds: elapsedSeconds(at: time),
            distanceMeters: builder.distanceMeters,
            speedMetersPerSecond: throttle.speedMetersPerSecond,
            paceSecondsPerKilometer: throttle.paceSecondsPerKilometer,
            rawSpeedMetersPerSecond: builder.currentSpeedMetersPerSecond,
            rawPaceSecondsPerKilometer: rawPaceSecondsPerKilometer,
            heartRateBPM: heartRateBPM,
            activeEnergyKilocalories: builder.activeEnergyKilocalories,
            fourthStat: FourthStat(
                activity: activity, units: units,
                speedMetersPerSecond: throttle.speedMetersPerSecond,
                paceSecondsPerKilometer: throttle.paceSecondsPerKilometer,
                heartRateBPM: heartRateBPM),
            latitude: fix?.latitude,
            longitude: fix?.longitude)
    }

    private mutating func advanceThrottle(to time: Double) {
        throttle.advance(
            toElapsedSeconds: elapsedSeconds(at: time),
            rawSpeedMetersPerSecond: builder.currentSpeedMetersPerSecond,
            rawPaceSecondsPerKilometer: rawPaceSecondsPerKilometer)
    }

    private mutating func observeAutoPause(_ fix: LocationSample) -> AutoPauseDetector.Decision? {
        guard var detector = autoPause, let time = fix.time else { return nil }
        defer { previousRawFix = fix }
        let speed: Double
        if let reported = fix.speedMetersPerSecond {
            speed = reported
        } else if let previous = previousRawFix, let t0 = previous.time, time > t0 {
            speed = LocalScale.approximateDistanceMeters(from: previous, to: fix) / (time - t0)
        } else {
            return nil
        }
        guard builder.clock.state == .running || (builder.clock.state == .paused && isAutoPaused) else { return nil }
        let decision = detector.observe(time: time, speedMetersPerSecond: speed, isAutoPaused: isAutoPaused)
        autoPause = detector
        return decision
    }

    private func transition(from before: SessionState, to after: SessionState, time: Double?, cause: SessionStateChange.Cause) -> SessionStateChange? {
        guard before != after, let time = time ?? builder.latestSampleTime else { return nil }
        let kind: SessionStateChange.Kind
        switch (before, after) {
        case (.notStarted, .running): kind = .start
        case (.running, .paused): kind = .pause
        case (.paused, .running): kind = .resume
        case (_, .ended): kind = .end
        default: return nil
        }
        return SessionStateChange(kind: kind, time: time, cause: cause, elapsedSeconds: elapsedSeconds(at: time), state: after)
    }
}
