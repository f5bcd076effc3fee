import SessionSupport

/// A rest reached its target (reported once per rest).
public struct RestCompletion: Sendable, Hashable {
    /// The exercise whose set started the rest.
    public var exerciseID: String
    /// The index of the set that started the rest.
    public var setIndex: Int
    /// The planned rest in seconds.
    public var targetSeconds: Double
    /// How far past the target the completion was noticed (0 when noticed on time).
    public var overtimeSeconds: Double
}
