import Foundation

/// How JSON keys are spelled.
public enum JSONKeyStyle: String, Sendable, Hashable, CaseIterable {
    /// `targetLoadKg`, as the Swift properties (the default).
    case camelCase
    /// `target_load_kg`, for backends that use snake case.
    case snakeCase
}
