public import Foundation
public import WorkoutEngine

/// A live session's journal in the store, held by this node, for an application that keeps the session's
/// state itself (workout-server's sessions are an `ExportRecorder` each): an ``/WorkoutCore/OutcomeRecorder``
/// whose every outcome is journaled and committed as the node's policy says, under the session's lease.
/// ``LiveSession`` is the same journal with a ``/WorkoutLive/WorkoutSession`` around it. Get one from
/// ``LiveSessions/openJournal(athlete:options:sessionID:metadata:)`` or
/// ``LiveSessions/acquireJournal(_:optionsBeforeStart:)``.
///
/// ```swift
/// let journal = try await node.openJournal(athlete: "ana", options: options, metadata: descriptorJSON)
/// journal.record(builder.add(sample))          // committed within the policy's second
/// try await journal.sync()                     // everything so far is committed
/// // On another node, once this one died:
/// let taken = try await other.acquireJournal(id)
/// for input in taken.recoveredInputs { _ = builder.apply(input) }   // paused where the journal ends
/// ```
public final class LiveJournal: OutcomeRecorder, Sendable {
    /// The session's id.
    public let id: UUID
    /// Who records it.
    public let athlete: String
    /// What the application gave ``LiveSessions/openJournal(athlete:options:sessionID:metadata:)``.
    public let metadata: String?
    /// What recovery rebuilt when the journal was acquired from the store (`nil` for a new one, and for one
    /// acquired before its session started).
    public let recovered: RecoveredSession?
    /// The inputs of the acquired journal, in order, recovery's pause of a running session included (it is
    /// committed): replayed into a builder of the journal's options they give ``recovered``'s builder.
    /// Empty for a new journal, and for a ``LiveSession``.
    public let recoveredInputs: [WorkoutInput]
    /// The lease epoch this node holds the session at.
    public let leaseEpoch: Int64
    let recorder: StoreSessionRecorder
    private let node: LiveSessions

    init(
        id: UUID, athlete: String, metadata: String?, recovered: RecoveredSession?, recoveredInputs: [WorkoutInput],
        recorder: StoreSessionRecorder, node: LiveSessions
    ) {
        self.id = id
        self.athlete = athlete
        self.metadata = metadata
        self.recovered = recovered
        self.recoveredInputs = recoveredInputs
        self.leaseEpoch = recorder.leaseEpoch
        self.recorder = recorder
        self.node = node
    }

    /// Journals what one input did (committed as the node's policy says; at once on start, pause and end).
    public func record(_ outcome: SampleOutcome) { recorder.record(outcome) }

    /// Whether the journal's commits succeed; `.failing(StoreError.leaseLost...)` once another node took
    /// the session over (nothing more is journaled).
    public var status: JournalStatus<StoreError> { recorder.status }
    /// Sample records known to be committed (recovered ones included).
    public var durableSampleCount: Int { recorder.durableSampleCount }
    /// Records not journaled because the memory cap was reached while commits failed.
    public var droppedRecordCount: Int { recorder.droppedRecordCount }

    /// Returns once everything recorded so far is committed to the store.
    /// - Throws: the `StoreError` of a failed commit (the records stay in memory and are retried a second
    ///   later), `StoreError.leaseLost`.
    public func sync() async throws { try await recorder.sync() }

    /// Gives the lease up after committing what is recorded (graceful shutdown): the session stays in the
    /// store and any node may acquire it; this node no longer journals it.
    public func release() async throws { try await node.release(self) }

    /// Removes the session and its journal from the store (for example once the application stored the
    /// session's workout itself); later outcomes are not journaled.
    /// - Throws: `StoreError.leaseLost` when another node holds the session now, `StoreError.database`.
    public func discard() async throws { try await node.discard(self) }
}
