/// What saving an imported workout did.
public enum SaveOutcome: Sendable, Hashable {
    /// A new workout, with its id.
    case stored(id: Int64)
    /// The same source bytes (same content hash) were stored before, as this id: nothing was written.
    case alreadyStored(id: Int64)

    /// The workout's id either way.
    public var id: Int64 {
        switch self {
        case .stored(let id), .alreadyStored(let id): return id
        }
    }
}
