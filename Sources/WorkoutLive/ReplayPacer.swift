import WorkoutCore
public import WorkoutSamples

/// Waits until a session time is due on a real clock (``RealTimePacer``), or not at all (replaying as
/// fast as possible, on track time only).
public protocol ReplayPacer {
    /// Blocks until session time `seconds` is due. `origin` is the first sample's time.
    mutating func wait(untilSessionSeconds seconds: Double, origin: Double)
    /// The session time that is due now (for skipping late frames); `nil` when not pacing.
    func dueSessionSeconds(origin: Double) -> Double?
}

/// No pacing: the replay runs on track time only, so its output is the same on every run.
public struct UnpacedReplay: ReplayPacer {
    public init() {}
    public mutating func wait(untilSessionSeconds seconds: Double, origin: Double) {}
    public func dueSessionSeconds(origin: Double) -> Double? { nil }
}
