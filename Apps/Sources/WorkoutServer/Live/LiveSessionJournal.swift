public import Foundation
public import WorkoutEngine

/// Where live sessions are journaled, so a restarted node recovers them and another node can take one
/// over when its owner dies: the registry's one seam to persistence. Implementations: none (memory
/// only), ``FileLiveSessionJournal`` (a directory, several processes of one machine), and the store's
/// journal (several nodes on one PostgreSQL).
public protocol LiveSessionJournal: Sendable {
    /// Journals a new session; this node holds it until the writer is finished or released.
    func open(_ descriptor: LiveSessionDescriptor) async throws -> any LiveSessionJournalWriter
    /// Takes session `id` over when no live node holds it: its descriptor and every journaled input, in
    /// order (a session that was running ends paused), with a writer that continues its journal.
    func takeOver(_ id: UUID) async throws -> LiveSessionTakeover
    /// Sessions that are journaled but held by no live node (what a restarted node recovers).
    func abandonedSessions() async throws -> [UUID]
}

/// What ``LiveSessionJournal/takeOver(_:)`` found.
public enum LiveSessionTakeover: Sendable {
    /// The session, now held by this node.
    case recovered(LiveSessionDescriptor, inputs: [WorkoutInput], writer: any LiveSessionJournalWriter)
    /// Another live node holds it.
    case heldElsewhere(node: String)
    /// No such session (or one whose journal was discarded, which the journal logs).
    case notFound
}

/// One session's journal, held by this node: every outcome of the session goes in (``OutcomeRecorder``).
public protocol LiveSessionJournalWriter: OutcomeRecorder {
    /// Makes everything recorded so far durable.
    func sync() async
    /// The session ended and its workout is stored: its journal is no longer needed.
    func finish(summaryJSON: String) async
    /// This node stops holding the session (graceful shutdown): the journal is synced and kept, the lease
    /// freed, so another node (or this one, restarted) takes it over.
    func release() async
}

/// No journal: sessions live in memory and die with the node.
public struct MemoryOnlyJournal: LiveSessionJournal {
    /// The journal that keeps nothing.
    public init() {}

    public func open(_ descriptor: LiveSessionDescriptor) async throws -> any LiveSessionJournalWriter { NoJournalWriter() }
    public func takeOver(_ id: UUID) async throws -> LiveSessionTakeover { .notFound }
    public func abandonedSessions() async throws -> [UUID] { [] }
}

/// The writer of ``MemoryOnlyJournal``.
final class NoJournalWriter: LiveSessionJournalWriter {
    func record(_ outcome: SampleOutcome) {}
    func sync() async {}
    func finish(summaryJSON: String) async {}
    func release() async {}
}
