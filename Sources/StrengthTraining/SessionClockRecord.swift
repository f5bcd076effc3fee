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
