/// Where an exercise stands.
public enum ExerciseStatus: String, Sendable, Hashable, Codable {
    /// Sets may still be logged.
    case open
    /// Finished (every set done, or the user confirmed finishing early).
    case finished
    /// Skipped by the user: its pending sets became skipped.
    case skipped
}
