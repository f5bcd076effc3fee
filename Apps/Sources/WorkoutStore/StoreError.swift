/// What can go wrong in the store, saying what and where.
public enum StoreError: Error, Sendable, Hashable, CustomStringConvertible {
    /// `--store` is neither `sqlite:PATH` nor a `postgres://` URL.
    case badLocation(String)
    /// A stored value cannot be read back (a packed channel of the wrong length, an unknown activity).
    case corrupt(String)
    /// The database refused or failed an operation: which one, and the server's or SQLite's message.
    case database(operation: String, message: String)
    /// The source file cannot be read.
    case unreadable(path: String, message: String)
    /// The engine could not make a workout of the file (for example no usable fix).
    case unusable(path: String, message: String)

    public var description: String {
        switch self {
        case .badLocation(let text):
            return "--store \(text): expected sqlite:PATH or postgres://USER@HOST:PORT/DATABASE"
        case .corrupt(let what):
            return "corrupt store: \(what)"
        case .database(let operation, let message):
            return "database: \(operation): \(message)"
        case .unreadable(let path, let message):
            return "\(path): \(message)"
        case .unusable(let path, let message):
            return "\(path): \(message)"
        }
    }
}
