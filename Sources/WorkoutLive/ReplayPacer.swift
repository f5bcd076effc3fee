import SessionSupport
/// When session times are due on a clock: what paces a replay at a multiple of real time
/// (``RealTimePacer``), or nothing at all (``UnpacedReplay``: as fast as possible, on track time only).
public protocol ReplayPacer {
    /// Blocks until session time `seconds` is due. `origin` is the session time the replay started at.
    mutating func wait(untilSessionSeconds seconds: Double, origin: Double)
    /// The session time that is due now (for skipping late frames); `nil` when not pacing.
    func dueSessionSeconds(origin: Double) -> Double?
}
