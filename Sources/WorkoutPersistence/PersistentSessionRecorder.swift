import SessionSupport
import WorkoutCore
public import Foundation
public import Logging
import WorkoutSamples

/// Journals a workout session so that it can be recovered after a crash: it takes every outcome of the
/// session's ``/WorkoutCore/WorkoutBuilder`` (an ``/WorkoutCore/OutcomeRecorder``) and appends what was given to the builder to
/// `<directory>/<session id>.wejournal` (see ``JournalFormat``), synced as ``JournalDurabilityPolicy`` says,
/// with a ``SessionSnapshot`` next to it. Replaying the journal into a fresh builder rebuilds the session:
/// auto-pauses and unrecorded gaps are decided again from the same samples and options, so they are not
/// records of their own.
///
/// The journal opens when the session starts (its first timed sample, or a start call); what comes
/// before (a segment marker, an activity named by the input, untimed samples) is held and written right
/// after the header. The snapshot is derived from the outcomes' clock: the recorder keeps none of its own.
///
/// This is the file backend of the journal: what the journal holds and when it is synced is a
/// ``JournalAppender``'s, which a database's backend shares (the store keeps the same bytes in rows).
///
/// Write failures never reach the caller: the recorder keeps unsynced records in memory (up to
/// ``JournalDurabilityPolicy/maximumPendingBytes``), reports them in ``status``, logs one line per
/// change of health through the injected `Logger`, and retries at the next sync.
///
/// ## Concurrency
/// A `final class` whose methods are synchronous and thread-safe (one internal lock). File I/O runs on
/// the caller's thread at sync points (an `fsync` takes a few milliseconds on flash): call it from the
/// session's actor or task, not from a UI thread. Outcomes must be given in the order the builder made them.
///
/// ## Example
/// ```swift
/// let recorder = PersistentSessionRecorder(directory: dir, options: options)
/// let session = WorkoutSession(configuration: .init(options: options), recorder: recorder)
/// // … ingest, pause, resume, end …
/// recorder.finish(summaryJSON: try await session.summary().jsonText())
/// ```
public final class PersistentSessionRecorder: OutcomeRecorder, @unchecked Sendable {
    /// The directory holding the journal and snapshot.
    public let directory: String
    /// The session's id (the journal's name).
    public let sessionID: UUID
    /// When the journal is synced and the snapshot written, and how much may wait in memory.
    public let policy: JournalDurabilityPolicy
    /// The options the session's builder was created with (the journal's header): those given here, or
    /// the session's when a `WorkoutSession` was created with this recorder
    /// (``sessionUses(options:)``).
    public var options: WorkoutOptions { lock.withLock { appender.options } }
    private let fileSystem: any SessionFileSystem
    private let logger: Logger
    private let now: @Sendable () -> Double
    private let lock = NSLock()

    /// The journal's bytes and what is durable: the logic every journal backend shares.
    private var appender: JournalAppender
    private var file: SessionFile?
    private var needsDirectorySync = true
    private var currentStatus = PersistenceStatus.ok
    private var finished = false

    /// At most this many inputs are held before the session starts; past it, the journal opens anyway
    /// (an untimed track never starts the clock, and its samples must not pile up in memory).
    public static let maximumHeldRecords = JournalAppender.maximumHeldRecords

    /// A recorder for a new session, writing into `directory` (created when missing).
    ///
    /// - Parameters:
    ///   - directory: where the journal and the snapshot go; created when missing.
    ///   - options: the options of the session's builder, stored in the journal's header so recovery
    ///     rebuilds with the same options (`rules` is not stored: a recovered builder uses the activity's).
    ///   - sessionID: the session's id, which names its files (a new UUID by default).
    ///   - policy: when the journal is synced and the snapshot written (``JournalDurabilityPolicy/default``).
    ///   - fileSystem: the file layer (``/SessionSupport/POSIXFileSystem`` by default; a fault-injecting one in tests).
    ///   - logger: where the one line per change of health goes; by default nowhere.
    ///   - now: wall-clock time in seconds since 1970, stored as the snapshot's `lastActiveAt` and in
    ///     ``status``; injected so tests control it.
    public init(
        directory: String,
        options: WorkoutOptions,
        sessionID: UUID = UUID(),
        policy: JournalDurabilityPolicy = .default,
        fileSystem: any SessionFileSystem = POSIXFileSystem(),
        logger: Logger = .quiet,
        now: @escaping @Sendable () -> Double = { Date().timeIntervalSince1970 }
    ) {
        self.directory = directory
        self.sessionID = sessionID
        self.policy = policy
        self.fileSystem = fileSystem
        self.logger = logger
        self.now = now
        appender = JournalAppender(sessionID: sessionID, options: options, policy: policy)
    }

    /// A recorder that continues a recovered session in its own journal: it takes the journal's lock (one
    /// writer per session), cuts the damaged tail (if any), and when recovery paused a running session it
    /// journals that pause, so replaying the journal again gives the recovered builder. Then ``record(_:)``
    /// as usual.
    /// - Throws: ``/SessionSupport/FileSystemError`` when the journal cannot be opened, or with `EWOULDBLOCK` when another
    ///   process is writing the session.
    public init(
        continuing recovered: RecoveredSession,
        policy: JournalDurabilityPolicy = .default,
        fileSystem: any SessionFileSystem = POSIXFileSystem(),
        logger: Logger = .quiet,
        now: @escaping @Sendable () -> Double = { Date().timeIntervalSince1970 }
    ) throws {
        self.directory = recovered.directory
        self.sessionID = recovered.sessionID
        self.policy = policy
        self.fileSystem = fileSystem
        self.logger = logger
        self.now = now
        appender = JournalAppender(continuing: recovered, policy: policy)
        needsDirectorySync = false
        file = try Self.openLocked(recovered.journalPath, cuttingTo: recovered.validJournalLength, fileSystem: fileSystem)
        lock.withLock { _ = syncLocked(forceSnapshot: true) }
    }

    // MARK: Reading the recorder's state

    /// Whether writes reach the disk.
    public var status: PersistenceStatus { lock.withLock { currentStatus } }
    /// `<directory>/<session id>.wejournal`, once the journal is open.
    public var journalPath: String? { lock.withLock { appender.header.map { JournalFormat.journalPath(directory: directory, sessionID: $0.sessionID) } } }
    /// Bytes of the journal known to be on stable storage.
    public var durableOffset: Int { lock.withLock { appender.durableBytes } }
    /// Records known to be on stable storage.
    public var durableRecordCount: Int { lock.withLock { appender.durableRecords } }
    /// Sample records known to be on stable storage.
    public var durableSampleCount: Int { lock.withLock { appender.durableSamples } }
    /// Bytes recorded but not yet durable.
    public var pendingByteCount: Int { lock.withLock { appender.pending.count } }
    /// Records not journaled because the memory cap was reached while writes failed.
    public var droppedRecordCount: Int { lock.withLock { appender.droppedRecordCount } }

    // MARK: Recording

    /// Takes the options of the session this recorder journals (a `WorkoutSession` calls it
    /// when it is created), so that the header holds what the session's builder measures with. Once the
    /// journal is open its header stays, and a difference is logged.
    public func sessionUses(options: WorkoutOptions) {
        lock.withLock {
            if !appender.adopt(options: options), appender.options != options {
                logger.warning("journal header kept: the session's options differ from the journal's", metadata: ["session": "\(sessionID)"])
            }
        }
    }

    /// Journals what one input did. Syncs when the policy says so, and at once (journal and snapshot)
    /// when the session started, paused or ended.
    /// - Complexity: O(1) amortised; a sync writes and flushes the buffered records.
    public func record(_ outcome: SampleOutcome) {
        lock.withLock {
            guard !finished else { return }
            switch appender.record(outcome, logger: logger) {
            case .none: break
            case .due: syncLocked(forceSnapshot: false)
            case .now: syncLocked(forceSnapshot: true)
            }
        }
    }

    /// Writes and flushes every buffered record and the snapshot now.
    /// - Returns: whether everything recorded so far is durable.
    @discardableResult
    public func sync() -> Bool {
        lock.withLock { syncLocked(forceSnapshot: true) }
    }

    /// Writes and flushes every buffered record now, without rewriting the snapshot (it follows the
    /// policy): what a server calls before it acknowledges a request's samples, at one `fsync` per call.
    /// - Returns: whether everything recorded so far is durable.
    @discardableResult
    public func flush() -> Bool {
        lock.withLock { syncLocked(forceSnapshot: false) }
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
            guard let header = appender.header, !finished else { return finished }
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
            appender.close()
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

    /// Syncs, then closes the journal without finishing the session (its lock is released): what a
    /// graceful shutdown does, so another process can take the session over (``SessionRecovery``, then
    /// ``init(continuing:policy:fileSystem:logger:now:)``). Later records are not journaled.
    /// - Returns: whether everything recorded was durable.
    @discardableResult
    public func close() -> Bool {
        lock.withLock {
            let durable = appender.header == nil ? false : syncLocked(forceSnapshot: true)
            closeFileLocked()
            finished = true
            appender.close()
            return durable
        }
    }

    deinit {
        if let file { fileSystem.close(file) }
    }

    // MARK: Internals (lock held)

    @discardableResult
    private func syncLocked(forceSnapshot: Bool) -> Bool {
        guard let header = appender.header, !finished else { return finished }
        appender.beginSync()
        do {
            try flushJournalLocked(header)
            // While failing, every retry writes the snapshot too: health comes back only when both writes
            // succeed (a disk out of inodes appends to the journal but cannot create the snapshot's
            // temporary file, and must not flap between failing and recovered).
            if appender.isSnapshotDue(force: forceSnapshot || !currentStatus.isHealthy), let snapshot = appender.snapshot(lastActiveAt: now()) {
                try fileSystem.writeAtomically(try snapshot.encoded(), to: JournalFormat.snapshotPath(directory: directory, sessionID: header.sessionID))
                appender.snapshotWritten()
            }
        } catch let error as FileSystemError {
            failLocked(error)
            return false
        } catch {
            failLocked(FileSystemError(operation: "encode snapshot", path: directory, code: EINVAL))
            return false
        }
        if let error = currentStatus.noteSuccess(at: now()) {
            logger.notice("journal: writes succeed again; nothing kept in memory was lost", metadata: [
                "session": "\(header.sessionID)", "durableBytes": "\(appender.durableBytes)", "after": "\(error)",
            ])
        }
        return !appender.isOverflowed
    }

    private func flushJournalLocked(_ header: JournalHeader) throws {
        if file == nil {
            if !fileSystem.isDirectory(directory) { try fileSystem.createDirectory(directory) }
            file = try Self.openLocked(JournalFormat.journalPath(directory: directory, sessionID: header.sessionID),
                                       cuttingTo: appender.durableBytes, fileSystem: fileSystem)
        }
        guard let file else { return }
        let batch = appender.batch
        do {
            if !batch.bytes.isEmpty {
                try batch.bytes.withUnsafeBytes { try fileSystem.write($0, to: file) }
            }
            try fileSystem.synchronize(file)
        } catch {
            // After a failed write or fsync the file's tail is unknown (and Linux may have dropped the
            // dirty pages): reopen, cut back to the durable offset and write the batch again next time.
            closeFileLocked()
            throw error
        }
        appender.markDurable(batch)
        if needsDirectorySync {
            try fileSystem.synchronizeDirectory(directory)
            needsDirectorySync = false
        }
    }

    /// Opens the journal for appending under its exclusive lock (one writer per session), cut back to
    /// `length` (a failed attempt may have left part of a batch after the durable bytes).
    /// - Throws: ``FileSystemError`` (`EWOULDBLOCK` when another process holds the lock).
    private static func openLocked(_ path: String, cuttingTo length: Int, fileSystem: any SessionFileSystem) throws -> SessionFile {
        let opened = try fileSystem.open(path, mode: .append)
        do {
            guard try fileSystem.lockExclusively(opened) else {
                throw FileSystemError(operation: "lock (another process is writing this session)", path: path, code: EWOULDBLOCK)
            }
            try fileSystem.truncate(opened, toLength: length)
        } catch {
            fileSystem.close(opened)
            throw error
        }
        return opened
    }

    private func closeFileLocked() {
        if let file { fileSystem.close(file) }
        file = nil
    }

    /// Records a failed write. One log line per change of health: the first failure logs, later retries
    /// only update ``status`` (a full disk fails each retry with another temporary file's name, and 45
    /// retries of a 1.5 h replay logged 45 lines).
    private func failLocked(_ error: FileSystemError) {
        if currentStatus.noteFailure(error, at: now()) {
            logger.error("journal: write failed; the session goes on in memory and the next sync retries", metadata: [
                "session": "\(sessionID)", "error": "\(error)", "pendingBytes": "\(appender.pending.count)",
            ])
        }
    }
}
