/// How a generator failed. ``timeout``, ``rateLimited`` and ``failed(_:)`` all send the planner
/// straight to the local fallback, without retrying; any other error is treated as ``failed(_:)``.
public enum GenerationFailure: Error, Sendable, Hashable {
    case timeout
    case rateLimited
    case failed(String)
}
