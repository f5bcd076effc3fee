import Foundation

/// An output could not be created or written.
public struct FileOutputError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What went wrong.
    public enum Stage: String, Sendable, Hashable {
        /// The file could not be created (a missing or read-only directory): nothing was written.
        case create
        /// Writing, flushing or putting the file in place failed (a full disk, a closed pipe): the old file,
        /// if any, is untouched.
        case write
    }

    /// The output's path, or `-` for standard output.
    public var path: String
    /// Whether creating the file or writing it failed.
    public var stage: Stage
    /// The system's words for the failure (`strerror`), or what went wrong.
    public var reason: String

    /// An error about `path` (`-` for standard output) at `stage`.
    public init(path: String, stage: Stage = .write, reason: String) {
        self.path = path
        self.stage = stage
        self.reason = reason
    }

    public var description: String {
        let name = path == "-" ? "standard output" : path
        return "\(name): cannot \(stage == .create ? "create" : "write"): \(reason)"
    }
}

extension FileOutputError: LocalizedError {
    /// The same text as ``description``, so that `localizedDescription` says what went wrong.
    public var errorDescription: String? { description }
}
