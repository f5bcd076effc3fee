/// The states of a workout session.
public enum SessionState: String, Sendable, Hashable, Codable {
    case notStarted
    case running
    case paused
    case ended
}
