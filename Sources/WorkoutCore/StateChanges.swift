/// The state changes one input caused, in order: at most three (an unrecorded gap's pause and resume, then
/// an auto-pause), stored inline so an outcome costs no allocation.
public struct StateChanges: RandomAccessCollection, Sendable, Hashable {
    private var first: SessionStateChange?
    private var second: SessionStateChange?
    private var third: SessionStateChange?
    public private(set) var count = 0

    /// No state change.
    public init() {}

    public var startIndex: Int { 0 }
    public var endIndex: Int { count }

    public subscript(position: Int) -> SessionStateChange {
        switch position {
        case 0: if let first { return first }
        case 1: if let second { return second }
        case 2: if let third { return third }
        default: break
        }
        preconditionFailure("StateChanges index \(position) out of range 0..<\(count)")
    }

    /// Appends a change; a fourth one in one input replaces the third (no input causes more than three).
    mutating func append(_ change: SessionStateChange) {
        switch count {
        case 0: first = change
        case 1: second = change
        default: third = change
        }
        count = Swift.min(count + 1, 3)
    }
}
