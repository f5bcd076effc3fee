/// Elapsed time accumulated per running interval: `accumulatedSeconds` plus the open interval.
/// Pausing closes the interval; resuming opens a new one. Elapsed time is never derived from the
/// start date, so paused time never counts.
///
/// Times are seconds on any monotonic axis the caller chooses (track time in seconds since 1970 for a
/// recorded track, a `Clock`'s instants converted to seconds for a live session).
public struct SessionClock: Sendable, Hashable {
    /// Where the session is: not started, running, paused or ended.
    public private(set) var state: SessionState = .notStarted
    /// Seconds of the running intervals already closed.
    public private(set) var accumulatedSeconds: Double = 0
    /// When the open running interval began; `nil` unless running.
    public private(set) var openIntervalStart: Double?
    /// When the session started, if it has.
    public private(set) var startTime: Double?
    /// When the session ended, if it has.
    public private(set) var endTime: Double?
    /// When the current pause began; `nil` unless paused.
    public private(set) var pausedAt: Double?

    /// A clock that has not started: no time accumulated.
    public init() {}

    /// Starts the session at `time`. Ignored unless not started.
    public mutating func start(at time: Double) {
        guard state == .notStarted else { return }
        state = .running
        startTime = time
        openIntervalStart = time
    }

    /// Pauses at `time`, closing the open interval. Ignored unless running.
    public mutating func pause(at time: Double) {
        guard state == .running, let open = openIntervalStart else { return }
        accumulatedSeconds += max(0, time - open)
        openIntervalStart = nil
        pausedAt = max(time, open)
        state = .paused
    }

    /// Resumes at `time`, opening a new interval, or where the pause began when `time` is before that
    /// (time does not run back across a pause: a chain of two copies of one FIT file resumed its timer at
    /// the start of the copy and counted the workout twice). Ignored unless paused.
    public mutating func resume(at time: Double) {
        guard state == .paused else { return }
        openIntervalStart = max(time, pausedAt ?? time)
        pausedAt = nil
        state = .running
    }

    /// Restores when the current pause began, for a clock rebuilt from a persisted record through
    /// ``start(at:)`` and ``pause(at:)`` (which put it at the end of the accumulated time, no later than the
    /// pause really began). Ignored unless paused, and for a time before that.
    package mutating func restorePause(beganAt time: Double) {
        guard state == .paused, time.isFinite else { return }
        pausedAt = max(time, pausedAt ?? time)
    }

    /// Ends the session at `time`, closing the open interval if running.
    public mutating func end(at time: Double) {
        switch state {
        case .running: pause(at: time)
        case .paused, .notStarted: break
        case .ended: return
        }
        state = .ended
        endTime = time
        pausedAt = nil
    }

    /// Elapsed running seconds as of `time`: accumulated plus `time` minus the open interval's start.
    public func elapsedSeconds(at time: Double) -> Double {
        guard let open = openIntervalStart else { return accumulatedSeconds }
        return accumulatedSeconds + max(0, time - open)
    }
}
