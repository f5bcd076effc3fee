public import Foundation
public import WorkoutEngine

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
    /// A live node's id is empty, longer than 64 characters, or holds characters other than letters, digits,
    /// `.`, `_` and `-`.
    case badNodeID(String)
    /// Another running process holds this live node's id (its liveness lock is taken).
    case nodeInUse(node: String)
    /// The store keeps no live sessions (a `WorkoutStore` other than SQLite's or PostgreSQL's).
    case liveSessionsUnsupported
    /// No live session has this id (it never existed, ended, or was discarded).
    case noSuchLiveSession(UUID)
    /// Another node that is alive holds the session's lease.
    case leaseHeld(session: UUID, owner: String)
    /// This node no longer holds the session's lease (another node took it over, or it was released or
    /// removed): nothing more is journaled for it here.
    case leaseLost(session: UUID)
    /// Recovery did not offer the session (expired, unreadable header, ...); its rows were removed.
    case liveSessionDiscarded(DiscardedJournal)
    /// The live node was shut down; its sessions were released.
    case nodeShutDown(node: String)

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
        case .badNodeID(let node):
            return "live node id \"\(node)\": expected 1 to 64 letters, digits, '.', '_' or '-'"
        case .nodeInUse(let node):
            return "live node \(node): another running process holds this node id"
        case .liveSessionsUnsupported:
            return "this store keeps no live sessions (SQLite and PostgreSQL stores do)"
        case .noSuchLiveSession(let id):
            return "live session \(id): no such session in the store"
        case .leaseHeld(let session, let owner):
            return "live session \(session): held by node \(owner), which is alive"
        case .leaseLost(let session):
            return "live session \(session): this node no longer holds its lease (taken over, released or removed)"
        case .liveSessionDiscarded(let discarded):
            return "live session \(discarded.sessionID?.uuidString ?? discarded.file): discarded, \(discarded.reason)"
        case .nodeShutDown(let node):
            return "live node \(node) was shut down"
        }
    }
}
