public import Foundation
public import WorkoutEngine

/// A live session this node holds the lease of: a ``/WorkoutLive/WorkoutSession`` (frames, snapshot,
/// summary) whose every outcome is journaled into the store. Get one from ``LiveSessions/create(athlete:configuration:sessionID:)``
/// or ``LiveSessions/acquire(_:units:throttleIntervalSeconds:)``.
///
/// Samples and calls go through this type or straight to ``workout`` (the journal sees both). Records are
/// committed as the node's ``/WorkoutPersistence/JournalDurabilityPolicy`` says (about once a second, and at
/// once on start, pause and end); ``sync()`` waits until everything so far is committed.
///
/// ```swift
/// let session = try await node.create(athlete: "ana", configuration: .init(options: .init(activity: .running)))
/// await session.ingest(sample)                      // journaled; committed within the policy's second
/// await session.pause(at: t)                        // committed at once
/// let frames = scheduler.frames(of: session.workout)
/// let stored = try await session.end(at: t2)        // a stored workout; the live rows are gone
/// ```
public final class LiveSession: Sendable {
    /// The session's id.
    public let id: UUID
    /// Who records it.
    public let athlete: String
    /// The live workout: ingest, pause, resume, frames, snapshot, summary.
    public let workout: WorkoutSession
    /// What recovery rebuilt when the session was acquired from the store (`nil` for a new one): among
    /// others, ``/WorkoutPersistence/RecoveredSession/journaledSampleCount`` tells a feed where to go on.
    public var recovered: RecoveredSession? { journal.recovered }
    /// The lease epoch this node holds the session at.
    public var leaseEpoch: Int64 { journal.leaseEpoch }
    /// The session's journal, which ``workout`` records into.
    let journal: LiveJournal
    private let node: LiveSessions

    /// The session of `journal`, its outcomes recorded by `workout`.
    init(journal: LiveJournal, workout: WorkoutSession, node: LiveSessions) {
        self.id = journal.id
        self.athlete = journal.athlete
        self.workout = workout
        self.journal = journal
        self.node = node
    }

    /// Whether the journal's commits succeed; `.failing(StoreError.leaseLost...)` once another node took
    /// the session over (the session goes on in memory, unjournaled).
    public var status: JournalStatus<StoreError> { journal.status }
    /// Sample records known to be committed (recovered ones included).
    public var durableSampleCount: Int { journal.durableSampleCount }
    /// Records not journaled because the memory cap was reached while commits failed.
    public var droppedRecordCount: Int { journal.droppedRecordCount }

    /// Starts the session at `time` (the first timed sample starts it too).
    public func start(at time: Double) async { await workout.start(at: time) }

    /// Takes in one sample.
    /// - Returns: what the sample did.
    @discardableResult
    public func ingest(_ sample: Sample) async -> SampleOutcome { await workout.ingest(sample) }

    /// Takes in every sample of `samples`, in order.
    public func ingest(contentsOf samples: some Sequence<Sample>) async {
        for sample in samples { await workout.ingest(sample) }
    }

    /// The user paused at `time`; committed at once.
    public func pause(at time: Double) async { await workout.pause(at: time) }
    /// The user resumed at `time`.
    public func resume(at time: Double) async { await workout.resume(at: time) }
    /// The user marked a lap at `time`.
    public func markLap(at time: Double) async { await workout.markLap(at: time) }

    /// Returns once everything recorded so far is committed to the store.
    /// - Throws: the `StoreError` of a failed commit (the records stay in memory and are retried a second
    ///   later), `StoreError.leaseLost`.
    public func sync() async throws { try await journal.sync() }

    /// Ends the session at `time` (unless it had ended), commits the journal, and turns it into a stored
    /// workout in one transaction: the journal is replayed through the engine and saved like an import
    /// (`source_name` `live:<id>`, the content hash the journal's SHA-256), and the live session's rows are
    /// removed. The node no longer holds the session.
    /// - Throws: `StoreError.leaseLost` (another node has it now), `StoreError.database`,
    ///   `StoreError.unusable` when the engine cannot make a workout of it (the session stays, ended: call
    ///   ``discard()``).
    @discardableResult
    public func end(at time: Double) async throws -> SaveOutcome {
        if await workout.state != .ended { await workout.end(at: time) }
        try await journal.sync()
        return try await node.finish(journal)
    }

    /// Gives the lease up after committing what is recorded (graceful shutdown): the session stays in the
    /// store and any node may acquire it; this node no longer journals it.
    public func release() async throws { try await journal.release() }

    /// Removes the session and its journal from the store without storing a workout.
    public func discard() async throws { try await journal.discard() }
}
