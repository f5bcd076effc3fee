import SessionSupport

/// What ``StrengthSync/merge(local:server:)`` did.
public struct SyncMergeReport: Sendable, Hashable {
    /// Sets the server had completed whose values replaced different local ones.
    public var serverWonSets: Int
    /// Sets kept from the local state (pending edits and local completions not yet on the server).
    public var keptLocalSets: Int
    /// Exercises only the server had, appended.
    public var addedExercises: Int
}
