/// When to retry the generator.
public struct GenerationRetryPolicy: Sendable, Hashable {
    /// Retries after a workout that fails the variation check (2, so at most 3 attempts).
    public var maximumRetries: Int

    /// A policy with `maximumRetries` retries (2 by default; a negative value is taken as 0).
    public init(maximumRetries: Int = 2) { self.maximumRetries = max(0, maximumRetries) }

    /// The seed of attempt `attempt` (0 for the first), derived from `seed` so runs are reproducible.
    public func seed(_ seed: UInt64, attempt: Int) -> UInt64 {
        guard attempt > 0 else { return seed }
        var generator = SeededGenerator(seed: seed &+ UInt64(attempt))
        return generator.next()
    }
}
