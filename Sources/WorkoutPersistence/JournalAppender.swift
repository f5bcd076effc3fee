import SessionSupport
import WorkoutCore
public import Foundation
public import Logging
import WorkoutSamples

/// The part of journaling every backend shares: it turns a session's outcomes into the journal's bytes
/// (the header once the session starts, then framed records; see ``JournalFormat``), decides when they must
/// be made durable (``JournalDurabilityPolicy``), and keeps count of what is durable. A backend (the file
/// journal of ``PersistentSessionRecorder``, a database's) only writes the bytes of a ``JournalBatch`` at its
/// offset, says when they are durable with ``markDurable(_:)``, and stores the ``snapshot(lastActiveAt:including:)``.
///
/// The journal opens when the session starts (its first timed sample, or a start call); what comes before
/// (a segment marker, an activity named by the input, untimed samples) is held and written right after
/// the header, and at most ``maximumHeldRecords`` inputs are held.
///
/// A value type with no lock: its owner serialises the calls (the recorders hold one lock around it).
///
/// ## Example
/// ```swift
/// var appender = JournalAppender(sessionID: id, options: options)
/// if appender.record(outcome) != .none {
///     appender.beginSync()
///     let batch = appender.batch
///     try write(batch.bytes, at: batch.offset)      // the backend's durable write
///     appender.markDurable(batch)
/// }
/// ```
public struct JournalAppender: Sendable {
    /// At most this many inputs are held before the session starts; past it, the journal opens anyway
    /// (an untimed track never starts the clock, and its samples must not pile up in memory).
    public static let maximumHeldRecords = 64

    /// What recording an outcome asks of the backend.
    public enum SyncNeed: Sendable, Hashable {
        /// Nothing yet: the policy allows the records to wait.
        case none
        /// The policy's interval or record count is reached: sync the journal (the snapshot only if
        /// ``isSnapshotDue(force:)`` says so).
        case due
        /// The session started, paused or ended: sync the journal and the snapshot now.
        case now
    }

    /// The session's id.
    public let sessionID: UUID
    /// The options of the session's builder, stored in the header.
    public private(set) var options: WorkoutOptions
    /// When the journal must be made durable, and how much may wait in memory.
    public let policy: JournalDurabilityPolicy
    /// The header, once the journal has opened.
    public private(set) var header: JournalHeader?
    /// Bytes recorded and not yet durable: the header first when the journal has just opened, then records.
    public private(set) var pending: [UInt8] = []
    /// Bytes of the journal known to be durable (the header included).
    public private(set) var durableBytes = 0
    /// Records known to be durable.
    public private(set) var durableRecords = 0
    /// Sample records known to be durable.
    public private(set) var durableSamples = 0
    /// The latest time among the durable records.
    public private(set) var durableLatestTime: Double?
    /// Records not journaled because the memory cap was reached while writes failed.
    public private(set) var droppedRecordCount = 0
    /// Whether the memory cap was reached: from then on nothing is journaled, so the journal stays an exact
    /// prefix of the session.
    public private(set) var isOverflowed = false
    /// Whether ``close()`` was called: nothing more is journaled.
    public private(set) var isClosed = false
    /// The session clock of the latest outcome (what the snapshot says).
    public private(set) var clock = SessionClock()

    private var held: [JournalRecord] = []
    private var pendingRecords = 0
    private var pendingSamples = 0
    private var pendingLatestTime: Double?
    private var latestTime: Double?
    private var lastAttemptTime: Double?
    private var recordsSinceAttempt = 0
    private var lastSnapshotTime: Double?

    /// An appender for a new session; its journal opens when the session starts.
    public init(sessionID: UUID, options: WorkoutOptions, policy: JournalDurabilityPolicy = .default) {
        self.sessionID = sessionID
        self.options = options
        self.policy = policy
        pending.reserveCapacity(4096)
    }

    /// An appender that continues a recovered session's journal after its last valid record: `header`, the
    /// first `validLength` bytes, `recordCount` records of which `sampleCount` samples, the latest record
    /// time `lastRecordTime`, and the recovered builder's `clock`. When recovery paused a running session
    /// (`pausedAt`), that pause is journaled first, so replaying the journal again gives the recovered
    /// builder.
    public init(
        continuing header: JournalHeader, validLength: Int, recordCount: Int, sampleCount: Int, lastRecordTime: Double?,
        clock: SessionClock, pausedAt: Double?, policy: JournalDurabilityPolicy = .default
    ) {
        self.init(sessionID: header.sessionID, options: header.options, policy: policy)
        self.header = header
        durableBytes = validLength
        durableRecords = recordCount
        durableSamples = sampleCount
        durableLatestTime = lastRecordTime
        latestTime = lastRecordTime
        lastAttemptTime = lastRecordTime
        self.clock = clock
        if let pausedAt { append(.event(.pause, time: pausedAt)) }
    }

    /// An appender that continues the session `recovered` holds (see ``init(continuing:validLength:recordCount:sampleCount:lastRecordTime:clock:pausedAt:policy:)``).
    public init(continuing recovered: RecoveredSession, policy: JournalDurabilityPolicy = .default) {
        self.init(
            continuing: recovered.header, validLength: recovered.validJournalLength, recordCount: recovered.recordCount,
            sampleCount: recovered.journaledSampleCount, lastRecordTime: recovered.lastRecordTime,
            clock: recovered.builder.clock, pausedAt: recovered.pausedAt, policy: policy)
    }

    /// Every byte recorded so far, durable or not: the journal's length once everything is synced.
    public var recordedBytes: Int { durableBytes + pending.count }

    /// Journals what one input did, and says whether the backend must sync now.
    /// - Parameter outcome: what the builder did with the input (its record, and the session clock after it).
    /// - Parameter logger: where the one line goes when the memory cap is reached.
    /// - Complexity: O(1) amortised.
    public mutating func record(_ outcome: SampleOutcome, logger: Logger = .quiet) -> SyncNeed {
        clock = outcome.clock
        let record = JournalRecord(outcome)
        guard header != nil || open(for: outcome, adding: record, logger: logger) else { return .none }
        guard append(record, logger: logger) else { return .none }
        if outcome.stateChanges.contains(where: { $0.kind == .pause || $0.kind == .end || $0.kind == .start }) {
            return .now
        }
        return isSyncDue ? .due : .none
    }

    /// Appends one record to the pending bytes; `false` when it was dropped (the journal is not open, is
    /// closed, or is over the memory cap).
    @discardableResult
    public mutating func append(_ record: JournalRecord, logger: Logger = .quiet) -> Bool {
        guard header != nil, !isClosed else { return false }
        if isOverflowed {
            droppedRecordCount += 1
            return false
        }
        let before = pending.count
        record.encode(into: &pending)
        if pending.count > policy.maximumPendingBytes {
            pending.removeSubrange(before...)
            isOverflowed = true
            droppedRecordCount += 1
            logger.error("journal: unsynced records exceed the memory cap; journaling stops for this session", metadata: [
                "session": "\(sessionID)", "pendingBytes": "\(before)",
            ])
            return false
        }
        pendingRecords += 1
        if case .sample = record { pendingSamples += 1 }
        recordsSinceAttempt += 1
        if let time = record.time, time.isFinite {
            latestTime = max(latestTime ?? time, time)
            pendingLatestTime = latestTime
            if lastAttemptTime == nil { lastAttemptTime = time }
        }
        return true
    }

    /// Whether the policy's interval or record count has been reached since the last sync attempt.
    public var isSyncDue: Bool {
        let dueByCount = recordsSinceAttempt >= policy.maximumRecordsBetweenSyncs
        let dueByTime = latestTime.flatMap { latest in lastAttemptTime.map { latest - $0 >= policy.syncIntervalSeconds } } ?? false
        return dueByCount || dueByTime
    }

    /// Notes that a sync is being attempted now: the policy's interval and count start again.
    public mutating func beginSync() {
        recordsSinceAttempt = 0
        if let latestTime { lastAttemptTime = latestTime }
    }

    /// The pending bytes to make durable, at their offset in the journal.
    public var batch: JournalBatch {
        JournalBatch(offset: durableBytes, bytes: pending, recordCount: pendingRecords, sampleCount: pendingSamples, latestTime: pendingLatestTime)
    }

    /// Notes that `batch` (taken from ``batch`` earlier) is durable: its bytes leave the pending ones. Records
    /// appended since it was taken stay pending.
    public mutating func markDurable(_ batch: JournalBatch) {
        guard batch.offset == durableBytes, batch.bytes.count <= pending.count else { return }
        pending.removeSubrange(..<batch.bytes.count)
        durableBytes += batch.bytes.count
        durableRecords += batch.recordCount
        durableSamples += batch.sampleCount
        pendingRecords -= batch.recordCount
        pendingSamples -= batch.sampleCount
        durableLatestTime = batch.latestTime ?? durableLatestTime
        if pendingRecords == 0 { pendingLatestTime = nil }
    }

    /// Whether the snapshot should be written with this sync: when `force`d, when none was written yet,
    /// and every ``JournalDurabilityPolicy/snapshotIntervalSeconds`` of session time.
    public func isSnapshotDue(force: Bool) -> Bool {
        force || lastSnapshotTime == nil
            || (latestTime.flatMap { latest in lastSnapshotTime.map { latest - $0 >= policy.snapshotIntervalSeconds } } ?? false)
    }

    /// Notes that the snapshot was written.
    public mutating func snapshotWritten() {
        lastSnapshotTime = latestTime ?? lastSnapshotTime
    }

    /// The session's state as of the durable records, last active at `lastActiveAt` (wall-clock seconds
    /// since 1970); with `batch`, as of that batch being durable too (a backend that writes the snapshot in
    /// the batch's own transaction). `nil` before the journal opens.
    public func snapshot(lastActiveAt: Double, including batch: JournalBatch? = nil) -> SessionSnapshot? {
        guard let header else { return nil }
        return SessionSnapshot(
            sessionID: header.sessionID, activity: header.options.activity, state: clock.state,
            accumulatedSeconds: clock.accumulatedSeconds, openIntervalStart: clock.openIntervalStart,
            startTime: clock.startTime ?? header.startTime, recordCount: durableRecords + (batch?.recordCount ?? 0),
            sampleCount: durableSamples + (batch?.sampleCount ?? 0), lastRecordTime: batch?.latestTime ?? durableLatestTime,
            lastActiveAt: lastActiveAt, journalDurableOffset: durableBytes + (batch?.bytes.count ?? 0))
    }

    /// Stops journaling: later records are dropped (the session finished, or its journal was handed over).
    public mutating func close() {
        isClosed = true
    }

    /// Takes the options the session's builder measures with, for the header; only before the journal
    /// opens (the header, once written, stays).
    /// - Returns: whether they were taken (`false` once the header is written).
    @discardableResult
    public mutating func adopt(options: WorkoutOptions) -> Bool {
        guard header == nil else { return false }
        self.options = options
        return true
    }

    /// Holds `record` until the session starts; writes the header (and what was held) once it has, or
    /// once too much is held. Returns whether the journal is open.
    private mutating func open(for outcome: SampleOutcome, adding record: JournalRecord, logger: Logger) -> Bool {
        guard !isClosed else { return false }
        let started = outcome.clock.startTime != nil
        guard started || held.count >= Self.maximumHeldRecords else {
            held.append(record)
            return false
        }
        let newHeader = JournalHeader(sessionID: sessionID, options: options, startTime: outcome.clock.startTime ?? .nan)
        header = newHeader
        pending.append(contentsOf: newHeader.encoded())
        if let start = outcome.clock.startTime { lastAttemptTime = start }
        for earlier in held { append(earlier, logger: logger) }
        held.removeAll()
        return true
    }
}
