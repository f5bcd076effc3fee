public import WorkoutEngine

/// What ``LiveSessions/recover(includeOrphans:units:throttleIntervalSeconds:)`` found.
public struct LiveRecovery: Sendable {
    /// The sessions now held by this node, each paused where its journal ends.
    public var sessions: [LiveSession] = []
    /// The sessions recovery did not offer, with the reason (their rows were removed).
    public var discarded: [DiscardedJournal] = []

    /// An empty recovery.
    public init() {}
}
