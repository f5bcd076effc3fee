public import Foundation
public import Logging
public import ServiceLifecycle
import WorkoutEngine

/// The live sessions this node serves, by id, behind one journal (``LiveSessionJournal``): a new
/// session is journaled from its creation; a session this node does not hold is taken over from the
/// journal on its first request when no live node holds it; at start the node recovers what nobody
/// holds; at graceful shutdown every session is synced and released.
public actor LiveSessionRegistry {
    /// What a lookup found.
    public enum Lookup: Sendable {
        /// Served here (possibly just taken over).
        case here(LiveSession)
        /// Another live node holds it.
        case heldElsewhere(node: String)
        /// No such session.
        case notFound
    }

    /// The journal sessions are kept in.
    public nonisolated let journal: any LiveSessionJournal
    /// This node's name.
    public nonisolated let nodeName: String
    private let logger: Logger
    private var sessions: [UUID: LiveSession] = [:]
    private var takeovers: [UUID: Task<Lookup, any Error>] = [:]

    /// A registry journaling into `journal`.
    public init(journal: any LiveSessionJournal, nodeName: String, logger: Logger) {
        self.journal = journal
        self.nodeName = nodeName
        self.logger = logger
    }

    /// Sessions served here.
    public var count: Int { sessions.count }

    /// The sessions of `athlete` served here.
    public func sessions(of athlete: String) -> [LiveSession] {
        sessions.values.filter { $0.descriptor.athlete == athlete }.sorted { $0.descriptor.createdAt < $1.descriptor.createdAt }
    }

    /// Creates and journals a session.
    public func create(_ descriptor: LiveSessionDescriptor) async throws -> LiveSession {
        let writer = try await journal.open(descriptor)
        let session = LiveSession(descriptor: descriptor, journal: writer)
        sessions[descriptor.id] = session
        ServerMetrics.liveSessions(sessions.count)
        return session
    }

    /// The session `id`: served here, taken over from the journal, held by another node, or unknown.
    public func lookup(_ id: UUID) async throws -> Lookup {
        if let session = sessions[id] { return .here(session) }
        if let pending = takeovers[id] { return try await pending.value }
        let journal = self.journal
        let task = Task { () throws -> Lookup in
            switch try await journal.takeOver(id) {
            case .notFound: return .notFound
            case .heldElsewhere(let node): return .heldElsewhere(node: node)
            case .recovered(let descriptor, let inputs, let writer):
                return .here(LiveSession(descriptor: descriptor, journal: writer, inputs: inputs))
            }
        }
        takeovers[id] = task
        defer { takeovers[id] = nil }
        let found = try await task.value
        if case .here(let session) = found {
            sessions[id] = session
            ServerMetrics.liveSessions(sessions.count)
            let samples = await session.sampleCount
            logger.info("live session taken over", metadata: ["session": "\(id)", "samples": "\(samples)"])
        }
        return found
    }

    /// Forgets a session (it ended and is stored).
    public func remove(_ id: UUID) {
        sessions[id] = nil
        ServerMetrics.liveSessions(sessions.count)
    }

    /// Takes over every session the journal has that no live node holds (a restarted node's own).
    /// - Returns: the sessions recovered.
    @discardableResult
    public func recoverAbandoned() async -> [LiveSession] {
        var recovered: [LiveSession] = []
        do {
            for id in try await journal.abandonedSessions() {
                if case .here(let session) = try await lookup(id) { recovered.append(session) }
            }
        } catch {
            logger.error("live sessions: recovery failed", metadata: ["error": "\(error)"])
        }
        return recovered
    }

    /// Syncs and releases every session (graceful shutdown); they stay journaled for the next node.
    public func releaseAll() async {
        let all = sessions.values
        sessions.removeAll()
        for session in all { await session.release() }
        ServerMetrics.liveSessions(0)
        logger.info("live sessions released", metadata: ["count": "\(all.count)"])
    }
}

/// Runs a registry's life with the server's: recovery at start, release at graceful shutdown (services
/// stop in reverse order, so this runs after the HTTP server has stopped taking requests).
public struct LiveSessionService: Service {
    let registry: LiveSessionRegistry

    /// The service of `registry`.
    public init(registry: LiveSessionRegistry) {
        self.registry = registry
    }

    public func run() async throws {
        await registry.recoverAbandoned()
        try? await gracefulShutdown()
        await registry.releaseAll()
    }
}
