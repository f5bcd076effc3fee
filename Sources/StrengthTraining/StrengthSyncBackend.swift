import SessionSupport

/// A backend that receives completed workouts.
public protocol StrengthSyncBackend: Sendable {
    /// Uploads a completed workout and its summary.
    /// - Throws: ``StrengthBackendError`` (other errors count as ``StrengthBackendError/failed(_:)``).
    func uploadCompletedWorkout(_ workout: StrengthWorkout, summary: StrengthWorkoutSummary) async throws
}
