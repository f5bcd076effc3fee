import SessionSupport

/// Where the workout is in its life. Only an ``active`` workout is persisted for resuming.
public enum WorkoutPhase: String, Sendable, Hashable, Codable {
    /// Being generated or composed; nothing to resume yet.
    case generating
    /// Being done: sets are logged, timers run.
    case active
    /// Completed by the user; never resumed.
    case completed
}
