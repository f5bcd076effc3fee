import SessionSupport
import WorkoutCore
public import Foundation
public import Logging
public import WorkoutSamples

/// Journals a workout session so that it can be recovered after a crash: every ingested sample and
/// every state change is appended to `<directory>/<session id>.wejournal` (see ``JournalFormat``),
/// synced as ``JournalDurabilityPolicy`` says, with a ``SessionSnapshot`` next to it.
///
/// Write failures never reach the caller: the recorder keeps unsynced records in memory (up to
/// ``JournalDurabilityPolicy/maximumPendingBytes``), reports them in ``status``, logs one line per
/// change of health through the injected `Logger`, and retries at the next sync.
///
/// ## Concurrency
/// A `final class` whose methods are synchronous and thread-safe (one internal lock). File I/O runs on
/// the caller's thread at sync points (an `fsync` takes a few milliseconds on flash): call it from the
/// session's actor or task, not from a UI thread. Records must be given in the order the session
/// applies them to its builder.
///
/// ## Example
/// ```swift
/// let recorder = PersistentSessionRecorder(directory: dir, logger: logger)
/// recorder.start(activity: .running, at: t0)
/// for sample in samples { builder.add(sample); recorder.record(sample) }
/// builder.pause(at: t); recorder.recordEvent(.pause, at: t)
/// recorder.finish(summaryJSON: try builder.summary().jsonText())
/// ```
public final class PersistentSessionRecorder: @unchecked Sendable {
    /// The directory holding the journal and snapshot.
    public let directory: String
    public let policy: JournalDurabilityPolicy
    private let fileSystem: any SessionFileSystem
    private let logger: Logger
    private let now: @Sendable () -> Double
    private let lock = NSLock()

    private var header: JournalHeader?
    private var file: SessionFile?
    private var pending: [UInt8] = []
    private var pendingRecords = 0
    private var pendingSamples = 0
    private var durableBytes = 0
    private var durableRecords = 0
    private var durableSamples = 0
    private var needsDirectorySync = true
    private var lastAttemptTime: Double?
    private var recordsSinceAttempt = 0
    private var lastSnapshotTime: Double?
    private var latestTime: Double?
    private var durableLatestTime: Double?
    private var pendingLatestTime: Double?
    private var clock = SessionClock()
    private var currentStatus = PersistenceStatus.ok
    private var dropped = 0
    private var overflowed = false
    private var finished = false

    /// A recorder writing into `directory` (created when missing).
    ///
    /// - Parameters:
    ///   - now: wall-clock time in seconds since 1970, stored as the snapshot's `lastActiveAt` and in
    ///     ``status``; injected so tests control it.
    public init(
        directory: String,
        policy: JournalDurabilityPolicy = .default,
        fileSystem: any SessionFileSystem = POSIXFileSystem(),
        logger: Logger,
        now: @escaping @Sendable () -> Double = { Date().timeIntervalSince1970 }
    ) {
        self.directory = directory
        self.policy = policy
        self.fileSystem = fileSystem
        self.logger = logger
        self.now = now
        pending.reserveCapacity(4096)
    }

    // MARK: Reading the recorder's state

    /// Whether writes reach the disk.
    public var status: PersistenceStatus { lock.withLock { currentStatus } }
    /// The session being recorded, once started.
    public var sessionID: UUID? { lock.withLock { header?.sessionID } }
    /// `<directory>/<session id>.wejournal`, once started.
    public var journalPath: String? { lock.withLock { header.map { JournalFormat.journalPath(directory: directory, sessionID: $0.sessionID) } } }
    /// Bytes of the journal known to be on stable storage.
    public var durableOffset: Int { lock.withLock { durableBytes } }
    /// Records known to be on stable storage.
    public var durableRecordCount: Int { lock.withLock { durableRecords } }
    /// Sample records known to be on stable storage.
    public var durableSampleCount: Int { lock.withLock { durableSamples } }
    /// Bytes recorded but not yet durable.
    public var pendingByteCount: Int { lock.withLock { pending.count } }
    /// Records not journaled because the memory cap was reached while writes failed.
    public var droppedRecordCount: Int { lock.withLock { dropped } }

    // MARK: Recording

    /// Starts a new session: writes the journal header and a `start` record, and syncs.
    public func start(activity: ActivityType, sessionID: UUID = UUID(), at time: Double) {
        start(options: WorkoutOptions(activity: activity), sessionID: sessionID, at: time)
    }

    /// Starts a new session whose builder uses `options` (stored in the header, so recovery rebuilds
    /// with the same options; `rules` is not stored).
    public func start(options: WorkoutOptions, sessionID: UUID = UUID(), at time: Double) {
        lock.withLock {
            guard header == nil else {
                logger.warning("journal: start ignored, a session is already recording", metadata: ["session": "\(sessionID)"])
                return
            }
            let newHeader = JournalHeader(sessionID: sessionID, options: options, startTime: time)
            header = newHeader
            pending.append(contentsOf: newHeader.encoded())
            clock.start(at: time)
            lastAttemptTime = time.isFinite ? time : nil
            appendLocked(.event(.start, time: time))
            syncLocked(forceSnapshot: true)
        }
    }

    /// Continues journaling a recovered session in its own journal: the damaged tail (if any) is cut,
    /// and when recovery paused a running session a `pause` record is appended, so replaying the journal
    /// again gives the recovered builder. Then `record` as usual (the caller resumes the session with
    /// ``recordEvent(_:at:)`` when it does).
    public func continueSession(_ recovered: RecoveredSession) {
        lock.withLock {
            guard header == nil else { return }
            header = recovered.header
            durableBytes = recovered.validJournalLength
            durableRecords = recovered.recordCount
            durableSamples = recovered.journaledSampleCount
            durableLatestTime = recovered.lastRecordTime
            latestTime = recovered.lastRecordTime
            lastAttemptTime = recovered.lastRecordTime
            clock = recovered.builder.clock
            needsDirectorySync = false
            if let pausedAt = recovered.pausedAt {
                appendLocked(.event(.pause, time: pausedAt))
            }
            syncLocked(forceSnapshot: true)
        }
    }

    /// Journals a sample the session ingested. Syncs when the policy says so.
    /// - Complexity: O(1) amortised; a sync writes and flushes the buffered records.
    public func record(_ sample: Sample) {
        lock.withLock {
            guard appendLocked(.sample(sample)) else { return }
            if case .event(let event) = sample, event.kind == .pause {
                // A pause in the input is a pause of the session: durable at once, like recordEvent(.pause).
                syncLocked(forceSnapshot: true)
            } else {
                syncIfDueLocked()
            }
        }
    }

    /// Journals the activity the input named (``WorkoutBuilder/adoptActivity(_:)``).
    public func recordActivity(_ activity: ActivityType) {
        lock.withLock {
            guard appendLocked(.activity(activity)) else { return }
            syncIfDueLocked()
        }
    }

    /// Journals a session-state change. `pause` and `end` sync at once (journal and snapshot).
    public func recordEvent(_ kind: SessionEventKind, at time: Double) {
        lock.withLock {
            guard appendLocked(.event(kind, time: time)) else { return }
            switch kind {
            case .start: break
            case .pause: clock.pause(at: time)
            case .resume: clock.resume(at: time)
            case .lap: break
            case .end: clock.end(at: time)
            }
            if kind == .pause || kind == .end {
                syncLocked(forceSnapshot: true)
            } else {
                syncIfDueLocked()
            }
        }
    }

    /// Gives the recorder the builder's clock, stored in the next snapshot (optional: without it the
    /// snapshot holds the clock the recorded events imply).
    public func update(clock: SessionClock) {
        lock.withLock { self.clock = clock }
    }

    /// Writes and flushes every buffered record and the snapshot now.
    /// - Returns: whether everything recorded so far is durable.
    @discardableResult
    public func sync() -> Bool {
        lock.withLock { syncLocked(forceSnapshot: true) }
    }

    /// Closes the session out: syncs, writes `<session id>.summary.json` atomically, then removes the
    /// journal and the snapshot, so recovery no longer offers the session. Later calls are ignored.
    ///
    /// - Returns: whether the summary is durable. When it is not (the disk is full), the journal stays,
    ///   ``status`` says why, and recovery will offer the session again; call `finish` again to retry.
    ///   When the summary was written but removing the journal failed, recovery finds the summary and
    ///   reports the journal as already finished.
    @discardableResult
    public func finish(summaryJSON: String) -> Bool {
        lock.withLock {
            guard let header, !finished else { return finished }
            syncLocked(forceSnapshot: false)
            let id = header.sessionID
            do {
                try fileSystem.writeAtomically(summaryJSON.utf8, to: JournalFormat.summaryPath(directory: directory, sessionID: id))
            } catch let error as FileSystemError {
                failLocked(error)
                return false
            } catch {
                failLocked(FileSystemError(operation: "write summary", path: directory, code: EIO))
                return false
            }
            finished = true
            if let file { fileSystem.close(file) }
            file = nil
            do {
                for path in [JournalFormat.journalPath(directory: directory, sessionID: id), JournalFormat.snapshotPath(directory: directory, sessionID: id)]
                where (try? fileSystem.fileSize(path)) != nil {
                    try fileSystem.removeFile(path)
                }
                try fileSystem.synchronizeDirectory(directory)
            } catch {
                logger.warning("journal: summary written but the journal could not be removed", metadata: ["session": "\(id)", "error": "\(error)"])
            }
            return true
        }
    }

    deinit {
        if let file { fileSystem.close(file) }
    }

    // MARK: Internals (lock held)

    /// Appends one record to the buffer; `false` when it was dropped (not started, finished, or over
    /// the memory cap).
    @discardableResult
    private func appendLocked(_ record: JournalRecord) -> Bool {
        guard header != nil, !finished else { return false }
        if overflowed {
            dropped += 1
            return false
        }
        let before = pending.count
        record.encode(into: &pending)
        if pending.count > policy.maximumPendingBytes {
            pending.removeSubrange(before...)
            overflowed = true
            dropped += 1
            logger.error("journal: unsynced records exceed the memory cap; journaling stops for this session", metadata: [
                "session": "\(header?.sessionID.uuidString ?? "-")", "pendingBytes": "\(before)",
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

    private func syncIfDueLocked() {
        let dueByCount = recordsSinceAttempt >= policy.maximumRecordsBetweenSyncs
        let dueByTime = latestTime.flatMap { latest in lastAttemptTime.map { latest - $0 >= policy.syncIntervalSeconds } } ?? false
        if dueByCount || dueByTime { syncLocked(forceSnapshot: false) }
    }

    @discardableResult
    private func syncLocked(forceSnapshot: Bool) -> Bool {
        guard let header, !finished else { return finished }
        recordsSinceAttempt = 0
        if let latestTime { lastAttemptTime = latestTime }
        do {
            try flushJournalLocked(header)
            let snapshotDue = forceSnapshot || lastSnapshotTime == nil
                || (latestTime.flatMap { latest in lastSnapshotTime.map { latest - $0 >= policy.snapshotIntervalSeconds } } ?? false)
            if snapshotDue {
                try writeSnapshotLocked(header)
                lastSnapshotTime = latestTime ?? lastSnapshotTime
            }
        } catch let error as FileSystemError {
            failLocked(error)
            return false
        } catch {
            failLocked(FileSystemError(operation: "encode snapshot", path: directory, code: EINVAL))
            return false
        }
        if case .failing(let error, _) = currentStatus {
            currentStatus = .recovered(after: error, at: now())
            logger.notice("journal: writes succeed again; nothing kept in memory was lost", metadata: [
                "session": "\(header.sessionID)", "durableBytes": "\(durableBytes)",
            ])
        }
        return !overflowed
    }

    private func flushJournalLocked(_ header: JournalHeader) throws {
        if file == nil {
            if !fileSystem.isDirectory(directory) { try fileSystem.createDirectory(directory) }
            let opened = try fileSystem.open(JournalFormat.journalPath(directory: directory, sessionID: header.sessionID), mode: .append)
            file = opened
            do {
                // A failed attempt may have left part of a batch after the durable bytes: cut it.
                try fileSystem.truncate(opened, toLength: durableBytes)
            } catch {
                closeFileLocked()
                throw error
            }
        }
        guard let file else { return }
        do {
            if !pending.isEmpty {
                try pending.withUnsafeBytes { try fileSystem.write($0, to: file) }
            }
            try fileSystem.synchronize(file)
        } catch {
            // After a failed write or fsync the file's tail is unknown (and Linux may have dropped the
            // dirty pages): reopen, cut back to the durable offset and write the batch again next time.
            closeFileLocked()
            throw error
        }
        durableBytes += pending.count
        durableRecords += pendingRecords
        durableSamples += pendingSamples
        durableLatestTime = pendingLatestTime ?? durableLatestTime
        pending.removeAll(keepingCapacity: true)
        pendingRecords = 0
        pendingSamples = 0
        if needsDirectorySync {
            try fileSystem.synchronizeDirectory(directory)
            needsDirectorySync = false
        }
    }

    private func writeSnapshotLocked(_ header: JournalHeader) throws {
        let snapshot = SessionSnapshot(
            sessionID: header.sessionID, activity: header.options.activity, state: clock.state,
            accumulatedSeconds: clock.accumulatedSeconds, openIntervalStart: clock.openIntervalStart,
            startTime: clock.startTime ?? header.startTime, recordCount: durableRecords, sampleCount: durableSamples,
            lastRecordTime: durableLatestTime, lastActiveAt: now(), journalDurableOffset: durableBytes)
        try fileSystem.writeAtomically(try snapshot.encoded(), to: JournalFormat.snapshotPath(directory: directory, sessionID: header.sessionID))
    }

    private func closeFileLocked() {
        if let file { fileSystem.close(file) }
        file = nil
    }

    private func failLocked(_ error: FileSystemError) {
        switch currentStatus {
        case .failing(let previous, let since):
            currentStatus = .failing(error, since: since)
            if previous != error {
                logger.warning("journal: write still failing", metadata: ["error": "\(error)", "pendingBytes": "\(pending.count)"])
            }
        case .ok, .recovered:
            currentStatus = .failing(error, since: now())
            logger.error("journal: write failed; the session goes on in memory and the next sync retries", metadata: [
                "session": "\(header?.sessionID.uuidString ?? "-")", "error": "\(error)", "pendingBytes": "\(pending.count)",
            ])
        }
    }
}
