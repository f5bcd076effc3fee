/// Where a planned workout came from.
public enum PlanSource: Sendable, Hashable {
    /// The generator, on attempt `attempt` (1 for the first).
    case generator(attempt: Int)
    /// The local composer.
    case fallback(FallbackReason)
}
