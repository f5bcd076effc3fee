/// Why the planner used the local fallback.
public enum FallbackReason: Sendable, Hashable {
    /// No generator was given.
    case noGenerator
    /// Every attempt failed the variation check; the ratio of the last one.
    case variationCheckFailed(lastRatio: Double)
    case timeout
    case rateLimited
    /// The generator failed otherwise, or returned an invalid workout.
    case failed(String)
}
