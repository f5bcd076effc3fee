import Foundation
import Logging
import WorkoutEngine

/// The store backend of a session's journal: a ``/WorkoutCore/OutcomeRecorder`` whose journal bytes and
/// sync decisions are a ``/WorkoutPersistence/JournalAppender``'s (the file journal's logic, shared), and
/// whose syncs go to the node's ``LiveJournalWriter``: a batch is durable once the transaction that writes
/// it commits. At most one batch of a session is in flight; what is recorded meanwhile waits for the next.
///
/// Write failures never reach the session: records stay in memory (up to the policy's cap), ``status``
/// says why, one line is logged per change of health, and the sync is retried a second later. A lost lease
/// (another node took the session over) stops journaling for good: ``status`` fails with
/// `StoreError.leaseLost` and the journal in the store stays an exact prefix of the session.
final class StoreSessionRecorder: OutcomeRecorder, @unchecked Sendable {
    let sessionID: UUID
    let leaseEpoch: Int64
    private let writer: LiveJournalWriter
    private let logger: Logger
    private let now: @Sendable () -> Double
    private let retryDelay: Duration
    private let lock = NSLock()
    private var appender: JournalAppender
    private var currentStatus = JournalStatus<StoreError>.ok
    private var inFlight: JournalBatch?
    /// The batch whose commit failed: sent again as it was, so that a commit that did land (its answer
    /// lost with the connection) is recognised, never appended twice.
    private var retryBatch: JournalBatch?
    private var syncAgain = false
    private var waiters: [(target: Int, continuation: CheckedContinuation<Void, any Error>)] = []
    private var lost: StoreError?
    private var retryScheduled = false

    init(
        appender: JournalAppender, leaseEpoch: Int64, writer: LiveJournalWriter, logger: Logger,
        now: @escaping @Sendable () -> Double, retryDelay: Duration = .seconds(1)
    ) {
        self.sessionID = appender.sessionID
        self.appender = appender
        self.leaseEpoch = leaseEpoch
        self.writer = writer
        self.logger = logger
        self.now = now
        self.retryDelay = retryDelay
    }

    /// Whether the journal's commits succeed.
    var status: JournalStatus<StoreError> { lock.withLock { currentStatus } }
    /// Sample records known to be committed.
    var durableSampleCount: Int { lock.withLock { appender.durableSamples } }
    /// Bytes of the journal known to be committed.
    var durableBytes: Int { lock.withLock { appender.durableBytes } }
    /// Records not journaled because the memory cap was reached while commits failed.
    var droppedRecordCount: Int { lock.withLock { appender.droppedRecordCount } }

    func record(_ outcome: SampleOutcome) {
        lock.withLock {
            guard lost == nil else { return }
            switch appender.record(outcome, logger: logger) {
            case .none: break
            case .due, .now: submitLocked()
            }
        }
    }

    /// Returns once everything recorded so far is committed.
    /// - Throws: the `StoreError` of the commit that failed (the records stay in memory and are retried),
    ///   `StoreError.leaseLost`.
    func sync() async throws {
        enum Wait { case done, waiting, failed(StoreError) }
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            let wait: Wait = lock.withLock {
                if let lost { return .failed(lost) }
                if appender.pending.isEmpty, inFlight == nil { return .done }
                waiters.append((appender.recordedBytes, continuation))
                submitLocked()
                return .waiting
            }
            switch wait {
            case .done: continuation.resume()
            case .waiting: break
            case .failed(let error): continuation.resume(throwing: error)
            }
        }
    }

    /// Stops journaling (the session ended, was released or discarded): later outcomes are not recorded.
    func close() {
        lock.withLock { appender.close() }
    }

    /// What the writer says of the batch in flight.
    func committed(_ result: Result<Void, StoreError>) {
        var resumed: [CheckedContinuation<Void, any Error>] = []
        var failed: [(CheckedContinuation<Void, any Error>, StoreError)] = []
        lock.withLock {
            guard let batch = inFlight else { return }
            inFlight = nil
            switch result {
            case .success:
                retryBatch = nil
                appender.markDurable(batch)
                appender.snapshotWritten()
                if let error = currentStatus.noteSuccess(at: now()) {
                    logger.notice("live journal: commits succeed again; nothing kept in memory was lost", metadata: [
                        "session": "\(sessionID)", "durableBytes": "\(appender.durableBytes)", "after": "\(error)",
                    ])
                }
                let durable = appender.durableBytes
                resumed = waiters.filter { $0.target <= durable }.map(\.continuation)
                waiters.removeAll { $0.target <= durable }
                if !appender.pending.isEmpty, syncAgain || appender.isSyncDue || !waiters.isEmpty {
                    submitLocked()
                }
            case .failure(let error):
                retryBatch = batch
                failed = waiters.map { ($0.continuation, error) }
                waiters.removeAll()
                if case .leaseLost = error {
                    lost = error
                    appender.close()
                    _ = currentStatus.noteFailure(error, at: now())
                    logger.error("live journal: the lease is lost; journaling stops for this session", metadata: ["session": "\(sessionID)"])
                } else if case .nodeShutDown = error {
                    lost = error
                    appender.close()
                } else {
                    if currentStatus.noteFailure(error, at: now()) {
                        logger.error("live journal: commit failed; the session goes on in memory and the commit is retried", metadata: [
                            "session": "\(sessionID)", "error": "\(error)", "pendingBytes": "\(appender.pending.count)",
                        ])
                    }
                    scheduleRetryLocked()
                }
            }
            syncAgain = false
        }
        for continuation in resumed { continuation.resume() }
        for (continuation, error) in failed { continuation.resume(throwing: error) }
    }

    /// Hands the pending bytes to the writer, unless a batch is in flight (then they go when it returns).
    private func submitLocked() {
        guard lost == nil else { return }
        guard inFlight == nil else {
            syncAgain = true
            return
        }
        guard !appender.pending.isEmpty else { return }
        appender.beginSync()
        let batch = retryBatch ?? appender.batch
        inFlight = batch
        let activeAt = now()
        let snapshotJSON = appender.snapshot(lastActiveAt: activeAt, including: batch)
            .flatMap { try? $0.encoded() }.map { String(decoding: $0, as: UTF8.self) }
        let commit = LiveJournalCommit(
            sessionID: sessionID, leaseEpoch: leaseEpoch, batch: batch, state: appender.clock.state.rawValue,
            snapshotJSON: snapshotJSON, lastActiveAt: activeAt)
        writer.submit(commit, from: self)
    }

    /// A failed commit is retried once `retryDelay` has passed, if nothing else has synced by then.
    private func scheduleRetryLocked() {
        guard !retryScheduled else { return }
        retryScheduled = true
        let delay = retryDelay
        Task { [weak self] in
            try? await Task.sleep(for: delay)
            self?.retry()
        }
    }

    private func retry() {
        lock.withLock {
            retryScheduled = false
            if inFlight == nil { submitLocked() }
        }
    }
}
