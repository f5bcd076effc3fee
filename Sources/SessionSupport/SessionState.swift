/// The states of a workout session.
public enum SessionState: String, Sendable, Hashable, Codable {
    /// Created, not started yet: nothing is timed.
    case notStarted
    /// Started and not paused: elapsed time grows.
    case running
    /// Paused (by request, auto-pause or a recording gap): elapsed time stands still.
    case paused
    /// Ended: nothing more is timed or measured.
    case ended
}
