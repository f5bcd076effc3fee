import SessionSupport

/// The rest after a set, measured from timestamps on the session's time axis (seconds since 1970),
/// never by counting ticks: elapsed rest is a ``/SessionSupport/SessionClock`` (accumulated seconds plus the open
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
        case exerciseID = "exerciseId", setIndex, targetSeconds, completionDelivered, startedAt, accumulatedSeconds, runningSince, pausedAt
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
        let pausedAt = try container.decodeIfPresent(Double.self, forKey: .pausedAt)
        guard targetSeconds.isFinite, targetSeconds >= 0, startedAt.isFinite, accumulated.isFinite, accumulated >= 0,
              runningSince.map(\.isFinite) ?? true, pausedAt.map(\.isFinite) ?? true
        else {
            throw DecodingError.dataCorruptedError(forKey: .accumulatedSeconds, in: container, debugDescription: "rest timer times out of range")
        }
        clock = SessionClockRecord(
            state: runningSince == nil ? .paused : .running, startTime: startedAt,
            accumulatedSeconds: accumulated, openIntervalStart: runningSince, pausedAt: pausedAt
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
        try container.encodeIfPresent(clock.pausedAt, forKey: .pausedAt)
    }
}
