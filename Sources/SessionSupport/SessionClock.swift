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
    /// The latest running interval a pause or the end closed; `nil` until one is. Only the latest is kept:
    /// it lets ``reading(at:)`` answer for a time a little before the latest state change.
    public private(set) var lastClosedInterval: RunningInterval?

    /// One running interval, from a start or resume to the pause or end that closed it (session seconds).
    public struct RunningInterval: Sendable, Hashable {
        /// When the interval opened.
        public var start: Double
        /// When it closed.
        public var end: Double

        /// The interval from `start` to `end`.
        public init(start: Double, end: Double) {
            self.start = start
            self.end = end
        }
    }

    /// The clock's state and running time as of one instant.
    public struct Reading: Sendable, Hashable {
        /// The state the session was in at that instant.
        public var state: SessionState
        /// Running seconds as of that instant.
        public var elapsedSeconds: Double

        /// A reading of `state` with `elapsedSeconds` of running time.
        public init(state: SessionState, elapsedSeconds: Double) {
            self.state = state
            self.elapsedSeconds = elapsedSeconds
        }
    }

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
        lastClosedInterval = RunningInterval(start: open, end: time)
        openIntervalStart = nil
        state = .paused
    }

    /// Resumes at `time`, opening a new interval. Ignored unless paused.
    public mutating func resume(at time: Double) {
        guard state == .paused else { return }
        openIntervalStart = time
        state = .running
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
    }

    /// Forgets ``lastClosedInterval``: a clock rebuilt from persisted totals through its transitions has
    /// only a made-up one, and ``reading(at:)`` must not answer from it.
    package mutating func forgetLastClosedInterval() { lastClosedInterval = nil }

    /// Elapsed running seconds as of `time`: accumulated plus `time` minus the open interval's start.
    public func elapsedSeconds(at time: Double) -> Double {
        guard let open = openIntervalStart else { return accumulatedSeconds }
        return accumulatedSeconds + max(0, time - open)
    }

    /// The state and running time as of `time`, which may lie before the latest state change: a live
    /// screen's frame that fell due before a pause (or a pause and a resume) reached it but is made after.
    ///
    /// From the latest state change on, the clock's state and ``elapsedSeconds(at:)``. Before it, within
    /// ``lastClosedInterval``: running, with the running time up to `time`; between that interval's close
    /// and the latest change: paused (or, before an end that followed a pause, paused). Before the
    /// session started: not started, 0 s. Earlier than the last closed interval while the session had
    /// started, the clock no longer knows (two or more state changes since): `nil`.
    /// - Complexity: O(1).
    public func reading(at time: Double) -> Reading? {
        guard let start = startTime, time >= start else {
            if state == .ended, let end = endTime, time >= end { return Reading(state: .ended, elapsedSeconds: accumulatedSeconds) }
            return Reading(state: .notStarted, elapsedSeconds: 0)
        }
        let latestChange: Double? = switch state {
        case .running: openIntervalStart
        case .paused: lastClosedInterval?.end
        case .ended: endTime
        case .notStarted: nil
        }
        if let latestChange, time >= latestChange {
            return Reading(state: state, elapsedSeconds: elapsedSeconds(at: time))
        }
        guard let closed = lastClosedInterval else { return nil }
        if time >= closed.end { return Reading(state: .paused, elapsedSeconds: accumulatedSeconds) }
        if time >= closed.start {
            return Reading(state: .running, elapsedSeconds: accumulatedSeconds - (closed.end - time))
        }
        return nil
    }
}
