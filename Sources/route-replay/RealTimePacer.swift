import WorkoutEngine
#if canImport(Glibc)
import Glibc
#endif

/// Paces a replay on the monotonic wall clock: session time `t` is due at
/// `start + (t - origin) / speed`, an absolute deadline (clock_nanosleep with TIMER_ABSTIME), so waiting
/// never accumulates drift.
struct RealTimePacer: ReplayPacer {
    let speed: Double
    private var wallStart: Double?

    init(speed: Double) { self.speed = speed }

    mutating func wait(untilSessionSeconds seconds: Double, origin: Double) {
        let start = wallStart ?? Self.monotonicSeconds()
        wallStart = start
        let deadline = start + (seconds - origin) / speed
        guard deadline > Self.monotonicSeconds() else { return }
        var request = timespec(tv_sec: Int(deadline.rounded(.down)), tv_nsec: Int((deadline - deadline.rounded(.down)) * 1e9))
        while clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &request, nil) == EINTR {}
    }

    func dueSessionSeconds(origin: Double) -> Double? {
        guard let wallStart else { return nil }
        return origin + (Self.monotonicSeconds() - wallStart) * speed
    }

    static func monotonicSeconds() -> Double {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return Double(now.tv_sec) + Double(now.tv_nsec) * 1e-9
    }
}
