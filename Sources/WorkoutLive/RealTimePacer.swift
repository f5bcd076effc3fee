import SessionSupport
/// Paces a replay at ``speed`` times real time on an injected ``WallClock``: session time `t` is due at
/// `start + (t - origin) / speed`, an absolute deadline, so waiting never accumulates drift.
public struct RealTimePacer<Clock: WallClock>: ReplayPacer {
    /// Session seconds per second of the clock.
    public let speed: Double
    private let clock: Clock
    private var wallStart: Double?

    /// - Parameter speed: times real time, positive and finite (anything else paces at 1).
    /// - Parameter clock: the clock waited on (``SystemWallClock`` live; a manual clock in tests).
    public init(speed: Double, clock: Clock) {
        self.speed = speed > 0 && speed.isFinite ? speed : 1
        self.clock = clock
    }

    public mutating func wait(untilSessionSeconds seconds: Double, origin: Double) {
        let start = wallStart ?? clock.nowSeconds()
        wallStart = start
        clock.sleep(untilSeconds: start + (seconds - origin) / speed)
    }

    public func dueSessionSeconds(origin: Double) -> Double? {
        guard let wallStart else { return nil }
        return origin + (clock.nowSeconds() - wallStart) * speed
    }
}

extension RealTimePacer where Clock == SystemWallClock {
    /// Paces on the system's monotonic clock.
    public init(speed: Double) {
        self.init(speed: speed, clock: SystemWallClock())
    }
}
