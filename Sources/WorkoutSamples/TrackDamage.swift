/// Where a binary input stopped being readable: the samples before it were delivered, nothing after it.
public struct TrackDamage: Sendable, Hashable, Codable, CustomStringConvertible {
    /// Offset of the first byte that could not be read, from the start of the input.
    public var byteOffset: Int
    /// What was wrong there (`file CRC mismatch`, `truncated record`, ...).
    public var reason: String

    /// Damage at byte `byteOffset`, for `reason`.
    public init(byteOffset: Int, reason: String) {
        self.byteOffset = byteOffset
        self.reason = reason
    }

    /// `byte <offset>: <reason>`.
    public var description: String { "byte \(byteOffset): \(reason)" }
}
