import SessionSupport

/// Why a backend refused a completed workout.
public enum StrengthBackendError: Error, Sendable, Hashable {
    /// The server no longer has the workout's session (expired, deleted).
    case sessionGone
    /// Any other failure, in words.
    case failed(String)
}
