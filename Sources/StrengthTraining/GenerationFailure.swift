/// How a generator failed. ``timeout``, ``rateLimited`` and ``failed(_:)`` all send the planner
/// straight to the local fallback, without retrying; any other error is treated as ``failed(_:)``.
public enum GenerationFailure: Error, Sendable, Hashable {
    /// The generator did not answer in time.
    case timeout
    /// The generator refused the request for its rate limit.
    case rateLimited
    /// Any other failure, with a description.
    case failed(String)
}
