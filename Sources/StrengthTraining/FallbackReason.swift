/// Why the planner used the local fallback.
public enum FallbackReason: Sendable, Hashable {
    /// No generator was given.
    case noGenerator
    /// Every attempt failed the variation check; the ratio of the last one.
    case variationCheckFailed(lastRatio: Double)
    /// The generator timed out.
    case timeout
    /// The generator refused the request for its rate limit.
    case rateLimited
    /// The generator failed otherwise, or returned an invalid workout.
    case failed(String)
}
