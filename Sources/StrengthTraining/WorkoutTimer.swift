import SessionSupport

/// The workout's active time: a ``/SessionSupport/SessionClock`` (accumulated seconds plus the open interval).
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

    private enum CodingKeys: String, CodingKey { case state, startedAt, accumulatedSeconds, runningSince, pausedAt }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let state = try container.decode(SessionState.self, forKey: .state)
        let startedAt = try container.decodeIfPresent(Double.self, forKey: .startedAt)
        let accumulated = try container.decode(Double.self, forKey: .accumulatedSeconds)
        let runningSince = try container.decodeIfPresent(Double.self, forKey: .runningSince)
        let pausedAt = try container.decodeIfPresent(Double.self, forKey: .pausedAt)
        guard accumulated.isFinite, accumulated >= 0, startedAt.map(\.isFinite) ?? true, runningSince.map(\.isFinite) ?? true, pausedAt.map(\.isFinite) ?? true,
              state == .notStarted || startedAt != nil
        else {
            throw DecodingError.dataCorruptedError(forKey: .accumulatedSeconds, in: container, debugDescription: "workout timer out of range")
        }
        clock = SessionClockRecord(state: state, startTime: startedAt, accumulatedSeconds: accumulated, openIntervalStart: runningSince,
                                   pausedAt: pausedAt).clock
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(clock.state, forKey: .state)
        try container.encodeIfPresent(clock.startTime, forKey: .startedAt)
        try container.encode(clock.accumulatedSeconds, forKey: .accumulatedSeconds)
        try container.encodeIfPresent(clock.openIntervalStart, forKey: .runningSince)
        try container.encodeIfPresent(clock.pausedAt, forKey: .pausedAt)
    }
}
