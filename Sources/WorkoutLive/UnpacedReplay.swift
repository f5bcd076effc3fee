import SessionSupport
/// No pacing: the replay runs on track time only, so its output is the same on every run.
public struct UnpacedReplay: ReplayPacer {
    /// A pacer that never waits.
    public init() {}
    public mutating func wait(untilSessionSeconds seconds: Double, origin: Double) {}
    public func dueSessionSeconds(origin: Double) -> Double? { nil }
}
