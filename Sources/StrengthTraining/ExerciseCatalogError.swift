import SessionSupport
public import SessionSupport

/// Why a catalog file could not be used.
public enum ExerciseCatalogError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The file could not be read.
    case unreadable(FileSystemError)
    /// The file is not a JSON array of exercise definitions (the detail in words).
    case malformed(path: String, detail: String)
    /// Two entries share an id.
    case duplicateID(String)
    /// The catalog lists no exercise.
    case empty

    public var description: String {
        switch self {
        case .unreadable(let error): "exercise catalog unreadable: \(error)"
        case .malformed(let path, let detail): "exercise catalog \(path) is malformed: \(detail)"
        case .duplicateID(let id): "exercise catalog lists id \(id) twice"
        case .empty: "exercise catalog is empty"
        }
    }
}
