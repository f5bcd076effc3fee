import SessionSupport

/// The answer to completing a workout with a backend.
public enum CompletionResult: Sendable, Hashable {
    /// Sets are still pending and the completion was not confirmed: `completed` of `total` done.
    case needsConfirmation(completed: Int, total: Int)
    /// Completed and uploaded.
    case synced(StrengthWorkoutSummary)
    /// Completed; the server session was gone, so the workout is kept locally with this summary.
    case savedLocally(StrengthWorkoutSummary)
    /// Completed locally; the upload failed and may be retried with the summary.
    case uploadFailed(StrengthWorkoutSummary, String)
}
