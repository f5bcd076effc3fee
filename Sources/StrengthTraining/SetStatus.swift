/// Where a set stands.
public enum SetStatus: String, Sendable, Hashable, Codable {
    /// Not done yet; its targets can still change.
    case pending
    /// Done: ``ExerciseSet/actualReps``, ``ExerciseSet/actualLoadKg`` and ``ExerciseSet/completedAt`` are set.
    case completed
    /// Passed over; never cascaded into, never counted as done.
    case skipped
}
