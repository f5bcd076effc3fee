/// Where in an input something was found: 1-based line and column, or a record number for NDJSON
/// and JSON arrays.
public struct SourcePosition: Sendable, Hashable, CustomStringConvertible {
    /// 1-based line number.
    public var line: Int
    /// 1-based column number (in bytes).
    public var column: Int

    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    public var description: String { "\(line):\(column)" }
}

/// A malformed input: which file, where, and what is wrong. `description` is
/// `<file>:<line>:<column>: <message>`, the form the CLI prints after `route-replay: error: `.
public struct TrackFormatError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The file path as the user gave it, or `-` for standard input.
    public var file: String
    public var position: SourcePosition
    /// What is wrong, naming the element, attribute or field (for example `trkpt: attribute lat: "abc" is not a number`).
    public var message: String

    public init(file: String, position: SourcePosition, message: String) {
        self.file = file
        self.position = position
        self.message = message
    }

    public var description: String { "\(file):\(position.line):\(position.column): \(message)" }
}
