import SessionSupport
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A monotonic clock that a synchronous caller can wait on: what ``RealTimePacer`` paces a replay with.
/// Injected, so tests can pace on a clock they move by hand.
public protocol WallClock: Sendable {
    /// Seconds on the clock's own monotonic axis.
    func nowSeconds() -> Double
    /// Blocks the calling thread until ``nowSeconds()`` reaches `seconds` (returns at once when it has).
    func sleep(untilSeconds seconds: Double)
}

/// The system's monotonic clock (`CLOCK_MONOTONIC`), slept on with absolute deadlines
/// (`clock_nanosleep` with `TIMER_ABSTIME`), so waiting never accumulates drift.
public struct SystemWallClock: WallClock {
    /// The system's monotonic clock; it holds no state.
    public init() {}

    public func nowSeconds() -> Double {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return Double(now.tv_sec) + Double(now.tv_nsec) * 1e-9
    }

    public func sleep(untilSeconds seconds: Double) {
        guard seconds.isFinite else { return }
        #if canImport(Darwin)
        while true {
            let remaining = seconds - nowSeconds()
            guard remaining > 0 else { return }
            var request = timespec(tv_sec: Int(remaining.rounded(.down)), tv_nsec: Int((remaining - remaining.rounded(.down)) * 1e9))
            nanosleep(&request, nil)
        }
        #else
        guard seconds > nowSeconds() else { return }
        let whole = seconds.rounded(.down)
        var request = timespec(tv_sec: Int(whole), tv_nsec: Int((seconds - whole) * 1e9))
        while clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &request, nil) == EINTR {}
        #endif
    }
}
