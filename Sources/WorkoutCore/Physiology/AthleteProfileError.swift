import WorkoutSamples
import Foundation

/// A profile that could not be read. `description` is `<file>: <field>: <message>`, the form the CLI
/// prints after `route-replay: error: `.
public enum AthleteProfileError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The file is missing or unreadable (the CLI exits with 66).
    case cannotRead(file: String, reason: String)
    /// The content is not valid JSON or a value is of the wrong type or out of range; `field` is the
    /// JSON key when one is at fault (the CLI exits with 65).
    case malformed(file: String, field: String?, message: String)

    public var description: String {
        switch self {
        case .cannotRead(let file, let reason): "\(file): cannot read profile: \(reason)"
        case .malformed(let file, let field?, let message): "\(file): profile field \(field): \(message)"
        case .malformed(let file, nil, let message): "\(file): malformed profile: \(message)"
        }
    }

    init(file: String, decodingError: DecodingError) {
        func field(_ path: [any CodingKey]) -> String? {
            path.isEmpty ? nil : path.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }.joined(separator: ".")
        }
        switch decodingError {
        case .typeMismatch(let type, let context):
            let expected = type == Double.self ? "a number" : type == String.self ? "a string" : "\(type)"
            let isObject = context.codingPath.isEmpty
            self = .malformed(file: file, field: field(context.codingPath), message: isObject ? "expected a JSON object" : "expected \(expected)")
        case .valueNotFound(_, let context):
            self = .malformed(file: file, field: field(context.codingPath), message: "missing value")
        case .keyNotFound(let key, let context):
            self = .malformed(file: file, field: field(context.codingPath + [key]), message: "missing")
        case .dataCorrupted(let context):
            let message = context.codingPath.isEmpty ? "not valid JSON" : context.debugDescription
            self = .malformed(file: file, field: field(context.codingPath), message: message)
        @unknown default:
            self = .malformed(file: file, field: nil, message: "\(decodingError)")
        }
    }
}

extension AthleteProfileError: LocalizedError {
    /// The same text as ``description``, so that `localizedDescription` says what went wrong.
    public var errorDescription: String? { description }
}
