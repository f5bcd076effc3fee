/// Where in an input something was found: a 1-based line and column in a text format (GPX, TCX, JSON),
/// or a byte offset in a binary one (FIT).
public struct SourcePosition: Sendable, Hashable, CustomStringConvertible {
    /// 1-based line number; 0 for a position given as a byte offset.
    public var line: Int
    /// 1-based column number (in bytes); 0 for a position given as a byte offset.
    public var column: Int
    /// 0-based offset from the start of the input, for binary formats; `nil` in text formats.
    public var byteOffset: Int?

    /// A position in a text input.
    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
        self.byteOffset = nil
    }

    /// A position in a binary input.
    public init(byteOffset: Int) {
        self.line = 0
        self.column = 0
        self.byteOffset = byteOffset
    }

    /// `line:column`, or `byte N` for a byte offset.
    public var description: String {
        if let byteOffset { return "byte \(byteOffset)" }
        return "\(line):\(column)"
    }
}
