import WorkoutSamples
import WorkoutCore
import Foundation

/// An output file could not be created or written.
public struct FileOutputError: Error, Sendable, Hashable, CustomStringConvertible {
    public var path: String
    public var reason: String
    public init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }
    public var description: String { "\(path): cannot write: \(reason)" }
}
