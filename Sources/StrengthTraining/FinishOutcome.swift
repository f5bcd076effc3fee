import SessionSupport

/// The answer to finishing an exercise or the workout.
public enum FinishOutcome: Sendable, Hashable {
    /// Done.
    case finished
    /// Sets are still pending: `completed` of `total` sets are done. Nothing changed; finish again
    /// with `confirmed: true` to go ahead (pending sets then become skipped).
    case needsConfirmation(completed: Int, total: Int)
}
