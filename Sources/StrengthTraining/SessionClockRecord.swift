import SessionSupport

/// The persisted form of a ``SessionClock``: what it needs to be rebuilt after a restart.
struct SessionClockRecord: Sendable, Hashable, Codable {
    var state: SessionState
    var startTime: Double?
    var accumulatedSeconds: Double
    var openIntervalStart: Double?
    /// When the current pause began, for a paused clock (a resume dated before it resumes there); `nil`
    /// in records written before it was kept, when the pause is taken to begin at the end of the
    /// accumulated time.
    var pausedAt: Double?

    init(state: SessionState, startTime: Double?, accumulatedSeconds: Double, openIntervalStart: Double?, pausedAt: Double? = nil) {
        self.state = state
        self.startTime = startTime
        self.accumulatedSeconds = accumulatedSeconds
        self.openIntervalStart = openIntervalStart
        self.pausedAt = pausedAt
    }

    /// Rebuilds the clock through its public transitions: start, pause after the accumulated
    /// seconds (where the pause began, when the record says), then resume at the open interval's start
    /// when it was running.
    var clock: SessionClock {
        var clock = SessionClock()
        guard state != .notStarted, let start = startTime else { return clock }
        clock.start(at: start)
        clock.pause(at: start + max(0, accumulatedSeconds.isFinite ? accumulatedSeconds : 0))
        switch state {
        case .running: clock.resume(at: openIntervalStart ?? start + accumulatedSeconds)
        case .ended: clock.end(at: start + accumulatedSeconds)
        case .paused: if let pausedAt { clock.restorePause(beganAt: pausedAt) }
        case .notStarted: break
        }
        return clock
    }
}
