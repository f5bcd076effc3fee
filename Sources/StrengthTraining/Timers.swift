import SessionSupport

/// The persisted form of a ``SessionClock``: what it needs to be rebuilt after a restart.
struct SessionClockRecord: Sendable, Hashable, Codable {
    var state: SessionState
    var startTime: Double?
    var accumulatedSeconds: Double
    var openIntervalStart: Double?

    init(state: SessionState, startTime: Double?, accumulatedSeconds: Double, openIntervalStart: Double?) {
        self.state = state
        self.startTime = startTime
        self.accumulatedSeconds = accumulatedSeconds
        self.openIntervalStart = openIntervalStart
    }

    /// Rebuilds the clock through its public transitions: start, pause after the accumulated
    /// seconds, then resume at the open interval's start when it was running.
    var clock: SessionClock {
        var clock = SessionClock()
        guard state != .notStarted, let start = startTime else { return clock }
        clock.start(at: start)
        clock.pause(at: start + max(0, accumulatedSeconds.isFinite ? accumulatedSeconds : 0))
        switch state {
        case .running: clock.resume(at: openIntervalStart ?? start + accumulatedSeconds)
        case .ended: clock.end(at: start + accumulatedSeconds)
        case .paused, .notStarted: break
        }
        return clock
    }
}

/// The rest after a set, measured from timestamps on the session's time axis (seconds since 1970),
/// never by counting ticks: elapsed rest is a ``SessionClock`` (accumulated seconds plus the open
/// interval), so pausing stops it and a late tick reads the right value.
///
/// After the target, the timer keeps counting as overtime until the next set is logged or the rest
/// is skipped. ``takeCompletion(at:)`` reports reaching the target exactly once, even across a
/// restart (the flag is persisted).
public struct RestTimer: Sendable, Hashable, Codable {
    /// The exercise whose set started the rest.
    public var exerciseID: String
    /// The index of the set that started the rest.
    public var setIndex: Int
    /// The planned rest in seconds.
    public var targetSeconds: Double
    /// Whether the completion was already reported.
    public private(set) var completionDelivered: Bool
    private var clock: SessionClock

    /// A rest that starts at `time`.
    public init(exerciseID: String, setIndex: Int, targetSeconds: Double, startedAt time: Double) {
        self.exerciseID = exerciseID
        self.setIndex = setIndex
        self.targetSeconds = max(0, targetSeconds)
        self.completionDelivered = false
        self.clock = SessionClock()
        clock.start(at: time)
    }

    /// When the rest started.
    public var startedAt: Double { clock.startTime ?? 0 }
    /// Whether the rest is paused.
    public var isPaused: Bool { clock.state == .paused }
    /// Rest seconds counted by `time` (paused time excluded).
    public func elapsedSeconds(at time: Double) -> Double { clock.elapsedSeconds(at: time) }
    /// Seconds left until the target, never below zero.
    public func remainingSeconds(at time: Double) -> Double { max(0, targetSeconds - elapsedSeconds(at: time)) }
    /// Seconds past the target, zero before it.
    public func overtimeSeconds(at time: Double) -> Double { max(0, elapsedSeconds(at: time) - targetSeconds) }
    /// Whether the target was reached by `time`.
    public func isDue(at time: Double) -> Bool { elapsedSeconds(at: time) >= targetSeconds }
    /// When the target is reached if the timer keeps running; `nil` while paused.
    public var dueTime: Double? {
        clock.openIntervalStart.map { $0 + (targetSeconds - clock.accumulatedSeconds) }
    }

    /// Pauses at `time`; ignored when paused.
    public mutating func pause(at time: Double) { clock.pause(at: time) }
    /// Resumes at `time`; ignored unless paused.
    public mutating func resume(at time: Double) { clock.resume(at: time) }

    /// The completion event if the target was reached by `time` and it was not reported yet; it is
    /// then marked reported, so each rest yields it exactly once.
    public mutating func takeCompletion(at time: Double) -> RestCompletion? {
        guard !completionDelivered, isDue(at: time) else { return nil }
        completionDelivered = true
        return RestCompletion(exerciseID: exerciseID, setIndex: setIndex, targetSeconds: targetSeconds, overtimeSeconds: overtimeSeconds(at: time))
    }

    private enum CodingKeys: String, CodingKey {
        case exerciseID = "exerciseId", setIndex, targetSeconds, completionDelivered, startedAt, accumulatedSeconds, runningSince
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        exerciseID = try container.decode(String.self, forKey: .exerciseID)
        setIndex = try container.decode(Int.self, forKey: .setIndex)
        targetSeconds = try container.decode(Double.self, forKey: .targetSeconds)
        completionDelivered = try container.decode(Bool.self, forKey: .completionDelivered)
        let startedAt = try container.decode(Double.self, forKey: .startedAt)
        let accumulated = try container.decode(Double.self, forKey: .accumulatedSeconds)
        let runningSince = try container.decodeIfPresent(Double.self, forKey: .runningSince)
        guard targetSeconds.isFinite, targetSeconds >= 0, startedAt.isFinite, accumulated.isFinite, accumulated >= 0,
              runningSince.map(\.isFinite) ?? true
        else {
            throw DecodingError.dataCorruptedError(forKey: .accumulatedSeconds, in: container, debugDescription: "rest timer times out of range")
        }
        clock = SessionClockRecord(
            state: runningSince == nil ? .paused : .running, startTime: startedAt,
            accumulatedSeconds: accumulated, openIntervalStart: runningSince
        ).clock
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(exerciseID, forKey: .exerciseID)
        try container.encode(setIndex, forKey: .setIndex)
        try container.encode(targetSeconds, forKey: .targetSeconds)
        try container.encode(completionDelivered, forKey: .completionDelivered)
        try container.encode(startedAt, forKey: .startedAt)
        try container.encode(clock.accumulatedSeconds, forKey: .accumulatedSeconds)
        try container.encodeIfPresent(clock.openIntervalStart, forKey: .runningSince)
    }
}

/// A rest reached its target (reported once per rest).
public struct RestCompletion: Sendable, Hashable {
    /// The exercise whose set started the rest.
    public var exerciseID: String
    /// The index of the set that started the rest.
    public var setIndex: Int
    /// The planned rest in seconds.
    public var targetSeconds: Double
    /// How far past the target the completion was noticed (0 when noticed on time).
    public var overtimeSeconds: Double
}

/// The workout's active time: a ``SessionClock`` (accumulated seconds plus the open interval).
/// Leaving the workout pauses it, coming back resumes it; the final duration counts active time only.
public struct WorkoutTimer: Sendable, Hashable, Codable {
    private var clock = SessionClock()

    /// A timer not started yet.
    public init() {}

    /// Whether it is counting.
    public var isRunning: Bool { clock.state == .running }
    /// Seconds of the closed intervals.
    public var accumulatedSeconds: Double { clock.accumulatedSeconds }
    /// When it first started, if it has.
    public var startedAt: Double? { clock.startTime }
    /// Active seconds as of `time`.
    public func activeSeconds(at time: Double) -> Double { clock.elapsedSeconds(at: time) }

    /// Starts, or resumes after a pause, at `time`.
    public mutating func run(at time: Double) {
        if clock.state == .notStarted { clock.start(at: time) } else { clock.resume(at: time) }
    }
    /// Pauses at `time`, closing the open interval.
    public mutating func pause(at time: Double) { clock.pause(at: time) }
    /// Stops for good at `time`; returns the active seconds.
    @discardableResult
    public mutating func end(at time: Double) -> Double {
        clock.end(at: time)
        return clock.accumulatedSeconds
    }

    private enum CodingKeys: String, CodingKey { case state, startedAt, accumulatedSeconds, runningSince }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let state = try container.decode(SessionState.self, forKey: .state)
        let startedAt = try container.decodeIfPresent(Double.self, forKey: .startedAt)
        let accumulated = try container.decode(Double.self, forKey: .accumulatedSeconds)
        let runningSince = try container.decodeIfPresent(Double.self, forKey: .runningSince)
        guard accumulated.isFinite, accumulated >= 0, startedAt.map(\.isFinite) ?? true, runningSince.map(\.isFinite) ?? true,
              state == .notStarted || startedAt != nil
        else {
            throw DecodingError.dataCorruptedError(forKey: .accumulatedSeconds, in: container, debugDescription: "workout timer out of range")
        }
        clock = SessionClockRecord(state: state, startTime: startedAt, accumulatedSeconds: accumulated, openIntervalStart: runningSince).clock
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(clock.state, forKey: .state)
        try container.encodeIfPresent(clock.startTime, forKey: .startedAt)
        try container.encode(clock.accumulatedSeconds, forKey: .accumulatedSeconds)
        try container.encodeIfPresent(clock.openIntervalStart, forKey: .runningSince)
    }
}
