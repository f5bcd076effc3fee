import WorkoutSamples

/// Decides auto-pause transitions from a stream of (time, speed) observations. O(1), no allocation.
package struct AutoPauseDetector: Sendable, Hashable {
    package enum Decision: Sendable, Hashable {
        case pause(at: Double)
        case resume(at: Double)
    }

    let policy: AutoPausePolicy
    private var slowSince: Double?
    private var fastSince: Double?

    package init(policy: AutoPausePolicy) { self.policy = policy }

    /// Takes one observation; `isAutoPaused` is whether the session is currently auto-paused.
    package mutating func observe(time: Double, speedMetersPerSecond speed: Double, isAutoPaused: Bool) -> Decision? {
        if isAutoPaused {
            slowSince = nil
            guard speed > policy.resumeAboveMetersPerSecond else { fastSince = nil; return nil }
            let since = fastSince ?? time
            fastSince = since
            if time - since >= policy.resumeAfterSeconds {
                fastSince = nil
                return .resume(at: time)
            }
        } else {
            fastSince = nil
            guard speed < policy.pauseBelowMetersPerSecond else { slowSince = nil; return nil }
            let since = slowSince ?? time
            slowSince = since
            if time - since >= policy.pauseAfterSeconds {
                slowSince = nil
                return .pause(at: time)
            }
        }
        return nil
    }

    package mutating func reset() {
        slowSince = nil
        fastSince = nil
    }
}
