/// A malformed input: which file, where, and what is wrong. `description` is
/// `<file>:<line>:<column>: <message>` (or `<file>:byte <offset>: <message>` for a binary input), the form
/// the CLI prints after `route-replay: error: `. With `import WorkoutEngine` the error is also a Foundation
/// `LocalizedError` whose `localizedDescription` is that same text.
public struct TrackFormatError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The file path as the user gave it, or `-` for standard input.
    public var file: String
    /// Where in the file: line and column for text, a byte offset for binary input.
    public var position: SourcePosition
    /// What is wrong, naming the element, attribute or field (for example `trkpt: attribute lat: "abc" is not a number`).
    public var message: String

    /// An error about `file` (as the user named it, `-` for standard input) at `position`.
    public init(file: String, position: SourcePosition, message: String) {
        self.file = file
        self.position = position
        self.message = message
    }

    public var description: String { "\(file):\(position): \(message)" }
}
