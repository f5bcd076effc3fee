public import Foundation
public import Logging
public import WorkoutEngine
import WorkoutStore
#if canImport(Glibc)
import Glibc
#endif

/// Live sessions journaled in a directory, one folder per session (`<id>/`): `session.json` (the
/// descriptor), `owner.lock` (the lease: an exclusive `flock` held by the node serving the session, with
/// the node's name inside), and the engine's journal and snapshot (``/WorkoutPersistence/PersistentSessionRecorder``).
/// A node killed with SIGKILL loses its locks at once (the kernel drops them), so another process
/// sharing the directory takes its sessions over on their next request; recovery is
/// ``/WorkoutPersistence/SessionRecovery``'s, so a running session comes back paused at its last record.
/// For nodes on one machine (the embedded SQLite store); nodes on several machines share the store's
/// journal instead.
public struct FileLiveSessionJournal: LiveSessionJournal {
    /// The directory holding one folder per session.
    public let directory: String
    /// This node's name, written into the leases it takes.
    public let nodeName: String
    /// A journal last active longer ago than this is discarded, not recovered, seconds.
    public let maximumAgeSeconds: Double
    let logger: Logger

    /// A journal in `directory` (created when missing).
    public init(directory: String, nodeName: String, maximumAgeSeconds: Double = SessionRecovery.defaultMaximumAgeSeconds, logger: Logger) {
        self.directory = directory
        self.nodeName = nodeName
        self.maximumAgeSeconds = maximumAgeSeconds
        self.logger = logger
    }

    func folder(_ id: UUID) -> String { "\(directory)/\(id.uuidString)" }

    public func open(_ descriptor: LiveSessionDescriptor) async throws -> any LiveSessionJournalWriter {
        try await OffCooperativePool.run { try self.openBlocking(descriptor) }
    }

    private func openBlocking(_ descriptor: LiveSessionDescriptor) throws -> any LiveSessionJournalWriter {
        let folder = folder(descriptor.id)
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        guard let lock = try OwnerLock(path: "\(folder)/owner.lock", node: nodeName) else {
            throw LiveSessionError.journal("session \(descriptor.id) is already held by another node")
        }
        let data = try JSONEncoder().encode(descriptor)
        try data.write(to: URL(fileURLWithPath: "\(folder)/session.json"), options: .atomic)
        let recorder = PersistentSessionRecorder(
            directory: folder, options: descriptor.options, sessionID: descriptor.id, policy: FileJournalWriter.policy, logger: logger)
        return FileJournalWriter(recorder: recorder, lock: lock, folder: folder)
    }

    public func takeOver(_ id: UUID) async throws -> LiveSessionTakeover {
        try await OffCooperativePool.run { try self.takeOverBlocking(id) }
    }

    private func takeOverBlocking(_ id: UUID) throws -> LiveSessionTakeover {
        let folder = folder(id)
        guard let data = FileManager.default.contents(atPath: "\(folder)/session.json") else { return .notFound }
        guard let lock = try OwnerLock(path: "\(folder)/owner.lock", node: nodeName) else {
            return .heldElsewhere(node: OwnerLock.holder(path: "\(folder)/owner.lock") ?? "another node")
        }
        let descriptor: LiveSessionDescriptor
        do {
            descriptor = try JSONDecoder().decode(LiveSessionDescriptor.self, from: data)
        } catch {
            logger.error("live session: unreadable session.json, not recovered", metadata: ["session": "\(id)", "error": "\(error)"])
            return .notFound
        }
        let outcomes = try SessionRecovery.recover(
            directory: folder, now: Date().timeIntervalSince1970, maxAge: maximumAgeSeconds, logger: logger)
        guard let outcome = outcomes.first else {
            // Created but never started: nothing was journaled yet.
            let recorder = PersistentSessionRecorder(directory: folder, options: descriptor.options, sessionID: id, policy: FileJournalWriter.policy, logger: logger)
            return .recovered(descriptor, inputs: [], writer: FileJournalWriter(recorder: recorder, lock: lock, folder: folder))
        }
        switch outcome {
        case .recovered(let session):
            let recorder = try PersistentSessionRecorder(continuing: session, policy: FileJournalWriter.policy, logger: logger)
            var inputs: [WorkoutInput] = []
            _ = try JournalReader.scan(path: session.journalPath) { inputs.append($0.input) }
            logger.info("live session: taken over", metadata: ["session": "\(id)", "records": "\(inputs.count)", "node": "\(nodeName)"])
            return .recovered(descriptor, inputs: inputs, writer: FileJournalWriter(recorder: recorder, lock: lock, folder: folder))
        case .discarded(let discarded):
            logger.warning("live session: journal discarded", metadata: ["session": "\(id)", "reason": "\(discarded.reason)"])
            try? FileManager.default.removeItem(atPath: folder)
            return .notFound
        }
    }

    public func abandonedSessions() async throws -> [UUID] {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return [] }
        return names.sorted().compactMap { name in
            guard let id = UUID(uuidString: name), FileManager.default.fileExists(atPath: "\(folder(id))/session.json") else { return nil }
            return OwnerLock.isHeld(path: "\(folder(id))/owner.lock") ? nil : id
        }
    }
}

/// What a live session's journal cannot do.
public enum LiveSessionError: Error, Sendable, CustomStringConvertible {
    /// The journal refused (a lock held elsewhere, a write that failed).
    case journal(String)

    public var description: String {
        switch self {
        case .journal(let message): return "live session journal: \(message)"
        }
    }
}

/// A session's journal in its folder, held through its lock. Records are buffered as the session makes
/// them; the server makes them durable when it acknowledges a request (``sync()``: one `fsync`, on the
/// session's I/O queue, so no thread of Swift's cooperative pool ever waits for the disk), and the recorder
/// syncs on its own at start, pause and end.
final class FileJournalWriter: LiveSessionJournalWriter {
    /// The recorder syncs only at start, pause and end by itself (and writes a snapshot every 10 s of
    /// session time at a sync); the server's ``sync()`` calls do the rest.
    static let policy = JournalDurabilityPolicy(syncIntervalSeconds: .infinity, maximumRecordsBetweenSyncs: 1 << 20, snapshotIntervalSeconds: 10)

    let recorder: PersistentSessionRecorder
    let lock: OwnerLock
    let folder: String
    /// Where this session's blocking file work runs, in order (see `OffCooperativePool`: never a thread of
    /// Swift's cooperative pool).
    let io = OffCooperativePool.queue()

    init(recorder: PersistentSessionRecorder, lock: OwnerLock, folder: String) {
        self.recorder = recorder
        self.lock = lock
        self.folder = folder
    }

    func record(_ outcome: SampleOutcome) { recorder.record(outcome) }

    func sync() async {
        let recorder = self.recorder
        await onIOQueue { recorder.flush() }
    }

    func finish(summaryJSON: String) async {
        let recorder = self.recorder, folder = self.folder, lock = self.lock
        await onIOQueue {
            recorder.finish(summaryJSON: summaryJSON)
            try? FileManager.default.removeItem(atPath: folder)
            lock.release()
        }
    }

    func release() async {
        let recorder = self.recorder, lock = self.lock
        await onIOQueue {
            recorder.close()
            lock.release()
        }
    }

    /// Runs `work` on the session's I/O queue and waits for it without holding a cooperative thread.
    func onIOQueue(_ work: @escaping @Sendable () -> Void) async {
        _ = try? await OffCooperativePool.run(on: io, work)
    }
}

/// An exclusive `flock` on a file, with the holder's name written in it: the lease of one session.
final class OwnerLock: @unchecked Sendable {
    private let lock = NSLock()
    private var descriptor: Int32

    /// Takes the lock, or `nil` when another open file holds it.
    init?(path: String, node: String) throws {
        let fd = Glibc.open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw LiveSessionError.journal("\(path): \(String(cString: strerror(errno)))") }
        while flock(fd, LOCK_EX | LOCK_NB) != 0 {
            if errno == EINTR { continue }
            Glibc.close(fd)
            if errno == EWOULDBLOCK { return nil }
            throw LiveSessionError.journal("flock \(path): \(String(cString: strerror(errno)))")
        }
        descriptor = fd
        let bytes = Array(node.utf8)
        _ = ftruncate(fd, 0)
        _ = bytes.withUnsafeBytes { pwrite(fd, $0.baseAddress, $0.count, 0) }
    }

    /// Frees the lock (closing the file); later calls do nothing.
    func release() {
        lock.withLock {
            guard descriptor >= 0 else { return }
            Glibc.close(descriptor)
            descriptor = -1
        }
    }

    deinit { if descriptor >= 0 { Glibc.close(descriptor) } }

    /// Whether some open file holds the lock at `path` now.
    static func isHeld(path: String) -> Bool {
        let fd = Glibc.open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return false }
        defer { Glibc.close(fd) }
        if flock(fd, LOCK_SH | LOCK_NB) == 0 {
            _ = flock(fd, LOCK_UN)
            return false
        }
        return errno == EWOULDBLOCK
    }

    /// The name the holder wrote into the lock file.
    static func holder(path: String) -> String? {
        guard let data = FileManager.default.contents(atPath: path), !data.isEmpty else { return nil }
        return String(decoding: data, as: UTF8.self)
    }
}
