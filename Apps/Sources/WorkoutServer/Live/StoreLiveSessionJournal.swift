public import Foundation
public import Logging
import WorkoutEngine
public import WorkoutStore

/// Live sessions journaled into the store, through the store's ``/WorkoutStore/LiveSessions`` (this
/// node's liveness lock and group commit): each session is a row of `live_sessions` with its lease and
/// the server's ``LiveSessionDescriptor`` as JSON (`metadata_json`), and its journal is `live_journal`'s
/// rows, the engine's journal bytes. Nodes on one PostgreSQL (or processes sharing one SQLite file) take
/// each other's sessions over: a node killed with `kill -9` loses its liveness lock at once, and the next
/// request for one of its sessions on another node takes the lease and rebuilds the session from the
/// journal (``/WorkoutStore/LiveSessions/acquireJournal(_:optionsBeforeStart:)``: the store's recovery,
/// `SessionRecovery.recover(journal:)`, so a running session comes back paused at its last record).
///
/// An ended session's workout is stored by the server (``SessionController``, as with every journal);
/// ``LiveSessionJournalWriter/finish(summaryJSON:)`` then removes the session's live rows. Should the node
/// die between the two, the session is taken over ended, and its next `end` finds the workout already
/// stored (the same content hash) and removes the rows.
public struct StoreLiveSessionJournal: LiveSessionJournal {
    /// This node's live sessions in the store.
    public let node: LiveSessions
    let logger: Logger

    /// A journal over `node` (``/WorkoutStore/LiveSessions/shutdown()`` it after the registry released
    /// its sessions).
    public init(node: LiveSessions, logger: Logger) {
        self.node = node
        self.logger = logger
    }

    public func open(_ descriptor: LiveSessionDescriptor) async throws -> any LiveSessionJournalWriter {
        let metadata = String(decoding: try JSONEncoder().encode(descriptor), as: UTF8.self)
        let journal = try await node.openJournal(athlete: descriptor.athlete, options: descriptor.options, sessionID: descriptor.id, metadata: metadata)
        return StoreJournalWriter(journal: journal, logger: logger)
    }

    public func takeOver(_ id: UUID) async throws -> LiveSessionTakeover {
        let journal: LiveJournal
        do {
            journal = try await node.acquireJournal(id) { info in Self.descriptor(info.metadata)?.options }
        } catch StoreError.leaseHeld(_, let owner) {
            return .heldElsewhere(node: owner)
        } catch StoreError.noSuchLiveSession {
            return .notFound
        } catch StoreError.liveSessionDiscarded(let discarded) {
            logger.warning("live session: journal discarded", metadata: ["session": "\(id)", "reason": "\(discarded.reason)"])
            return .notFound
        }
        guard let descriptor = Self.descriptor(journal.metadata), descriptor.id == id else {
            logger.error("live session: no readable descriptor in the store, not recovered", metadata: ["session": "\(id)"])
            try? await journal.discard()
            return .notFound
        }
        logger.info("live session: taken over", metadata: ["session": "\(id)", "records": "\(journal.recoveredInputs.count)", "node": "\(node.nodeID)"])
        return .recovered(descriptor, inputs: journal.recoveredInputs, writer: StoreJournalWriter(journal: journal, logger: logger))
    }

    public func abandonedSessions() async throws -> [UUID] {
        try await node.abandonedSessions(includeOrphans: true)
    }

    /// The descriptor kept as a session's metadata, if readable.
    static func descriptor(_ metadata: String?) -> LiveSessionDescriptor? {
        metadata.flatMap { try? JSONDecoder().decode(LiveSessionDescriptor.self, from: Data($0.utf8)) }
    }
}

/// A session's journal in the store, held through its lease. Records are committed by the node's group
/// commit as its policy says; the server waits for them when it acknowledges a request (``sync()``).
/// Commit failures are the store recorder's to log and retry; the session goes on in memory meanwhile.
final class StoreJournalWriter: LiveSessionJournalWriter {
    let journal: LiveJournal
    let logger: Logger

    init(journal: LiveJournal, logger: Logger) {
        self.journal = journal
        self.logger = logger
    }

    func record(_ outcome: SampleOutcome) { journal.record(outcome) }

    func sync() async {
        do { try await journal.sync() } catch {
            logger.debug("live session: sync failed; the commit is retried", metadata: ["session": "\(journal.id)", "error": "\(error)"])
        }
    }

    /// The workout is stored (by the server): the session's live rows go.
    func finish(summaryJSON: String) async {
        do { try await journal.discard() } catch {
            logger.error("live session: its live rows could not be removed", metadata: ["session": "\(journal.id)", "error": "\(error)"])
        }
    }

    func release() async {
        do { try await journal.release() } catch {
            logger.error("live session: could not be released", metadata: ["session": "\(journal.id)", "error": "\(error)"])
        }
    }
}
