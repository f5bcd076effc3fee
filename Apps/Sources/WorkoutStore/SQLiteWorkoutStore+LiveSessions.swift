import Foundation
import GRDB
import Logging
import WorkoutEngine

/// Live sessions in SQLite: the rows of ``LiveSessionBackend``, and node liveness as an exclusive `flock` on
/// `<database>-nodes/<node>.lock`, which the kernel drops when the process dies. Several processes on one
/// machine share the file (WAL; each write in one `BEGIN IMMEDIATE` transaction).
extension SQLiteWorkoutStore: LiveSessionBackend {
    /// Version 2 of the schema: live sessions (with their leases) and their journals (README: "Store").
    static let schemaV2: [String] = [
        """
        CREATE TABLE live_sessions (
          id TEXT PRIMARY KEY,
          athlete TEXT NOT NULL,
          owner_node TEXT,
          lease_epoch INTEGER NOT NULL,
          lease_acquired_at REAL NOT NULL,
          journal_bytes INTEGER NOT NULL,
          record_count INTEGER NOT NULL,
          sample_count INTEGER NOT NULL,
          state TEXT NOT NULL,
          snapshot_json TEXT,
          created_at REAL NOT NULL,
          last_active_at REAL NOT NULL,
          metadata_json TEXT
        )
        """,
        "CREATE INDEX live_sessions_owner ON live_sessions(owner_node)",
        """
        CREATE TABLE live_journal (
          session_id TEXT NOT NULL REFERENCES live_sessions(id) ON DELETE CASCADE,
          offset_bytes INTEGER NOT NULL,
          bytes BLOB NOT NULL,
          PRIMARY KEY (session_id, offset_bytes)
        ) WITHOUT ROWID
        """,
    ]

    /// The directory of the node lock files.
    var nodeLockDirectory: String { path + "-nodes" }

    func nodeLockPath(_ node: String) -> String { nodeLockDirectory + "/" + node + ".lock" }

    func lockLiveNode(_ node: String, logger: Logger) async throws -> any LiveNodeLock {
        let fileSystem = POSIXFileSystem()
        let path = nodeLockPath(node)
        do {
            if !fileSystem.isDirectory(nodeLockDirectory) { try fileSystem.createDirectory(nodeLockDirectory) }
            let file = try fileSystem.open(path, mode: .append)
            guard try fileSystem.lockExclusively(file) else {
                fileSystem.close(file)
                throw StoreError.nodeInUse(node: node)
            }
            return FileNodeLock(file: file)
        } catch let error as StoreError {
            throw error
        } catch {
            throw StoreError.database(operation: "lock live node \(node) (\(path))", message: "\(error)")
        }
    }

    func insertLiveSession(id: UUID, athlete: String, node: String, now: Double, metadata: String?) async throws {
        try await write("create live session \(id)") { db in
            try db.execute(
                sql: """
                    INSERT INTO live_sessions (id, athlete, owner_node, lease_epoch, lease_acquired_at, journal_bytes, record_count,
                                               sample_count, state, created_at, last_active_at, metadata_json)
                    VALUES (?, ?, ?, 1, ?, 0, 0, 0, 'notStarted', ?, ?, ?)
                    """,
                arguments: [id.uuidString, athlete, node, now, now, now, metadata])
        }
    }

    func commitLiveJournal(_ commits: [LiveJournalCommit], node: String) async throws -> Set<UUID> {
        try await write("commit \(commits.count) live journal batches") { db in
            var landed = Set<UUID>()
            for commit in commits {
                try db.execute(
                    sql: """
                        UPDATE live_sessions SET journal_bytes = journal_bytes + ?, record_count = record_count + ?,
                          sample_count = sample_count + ?, state = ?, snapshot_json = ?, last_active_at = ?
                        WHERE id = ? AND owner_node = ? AND lease_epoch = ? AND journal_bytes = ?
                        """,
                    arguments: [commit.batch.bytes.count, commit.batch.recordCount, commit.batch.sampleCount, commit.state,
                                commit.snapshotJSON, commit.lastActiveAt, commit.sessionID.uuidString, node, commit.leaseEpoch,
                                commit.batch.offset])
                guard db.changesCount == 1 else {
                    // The retry of a batch that landed (its answer lost) counts as landed.
                    let landedBefore = try Bool.fetchOne(
                        db, sql: """
                            SELECT EXISTS (SELECT 1 FROM live_sessions s JOIN live_journal j ON j.session_id = s.id
                            WHERE s.id = ? AND s.owner_node = ? AND s.lease_epoch = ? AND j.offset_bytes = ? AND j.bytes = ?)
                            """,
                        arguments: [commit.sessionID.uuidString, node, commit.leaseEpoch, commit.batch.offset, Data(commit.batch.bytes)]) ?? false
                    if landedBefore { landed.insert(commit.sessionID) }
                    continue
                }
                if !commit.batch.bytes.isEmpty {
                    try db.execute(
                        sql: "INSERT INTO live_journal (session_id, offset_bytes, bytes) VALUES (?, ?, ?)",
                        arguments: [commit.sessionID.uuidString, commit.batch.offset, Data(commit.batch.bytes)])
                }
                landed.insert(commit.sessionID)
            }
            return landed
        }
    }

    func takeLiveSession(_ id: UUID, node: String) async throws -> LiveSessionInfo {
        let fileSystem = POSIXFileSystem()
        return try await write("acquire live session \(id)") { db in
            guard let current = try Self.liveSessionInfo(db, id: id) else { throw StoreError.noSuchLiveSession(id) }
            // A node's lock file, held through the update: the node cannot restart and recover the session
            // meanwhile.
            var ownerLock: SessionFile?
            defer { if let ownerLock { fileSystem.close(ownerLock) } }
            if let owner = current.ownerNode, owner != node {
                let ownerPath = self.nodeLockPath(owner)
                if (try? fileSystem.fileSize(ownerPath)) != nil {
                    let file = try fileSystem.open(ownerPath, mode: .append)
                    ownerLock = file
                    guard try fileSystem.lockExclusively(file) else { throw StoreError.leaseHeld(session: id, owner: owner) }
                }
            }
            try db.execute(
                sql: "UPDATE live_sessions SET owner_node = ?, lease_epoch = lease_epoch + 1, lease_acquired_at = ? WHERE id = ?",
                arguments: [node, Date().timeIntervalSince1970, id.uuidString])
            guard let taken = try Self.liveSessionInfo(db, id: id) else { throw StoreError.noSuchLiveSession(id) }
            return taken
        }
    }

    func liveJournal(_ id: UUID) async throws -> [UInt8] {
        do {
            return try await pool.read { db in
                var journal: [UInt8] = []
                let rows = try Row.fetchCursor(db, sql: "SELECT offset_bytes, bytes FROM live_journal WHERE session_id = ? ORDER BY offset_bytes", arguments: [id.uuidString])
                while let row = try rows.next() {
                    let offset: Int = row[0]
                    guard offset == journal.count else { break }
                    let bytes: Data = row[1]
                    journal.append(contentsOf: bytes)
                }
                return journal
            }
        } catch {
            throw StoreError.database(operation: "read the journal of live session \(id)", message: Self.message(error))
        }
    }

    func truncateLiveJournal(_ id: UUID, node: String, epoch: Int64, toLength length: Int) async throws {
        try await write("cut the journal of live session \(id)") { db in
            try Self.checkLease(db, id: id, node: node, epoch: epoch)
            try db.execute(sql: "DELETE FROM live_journal WHERE session_id = ? AND offset_bytes >= ?", arguments: [id.uuidString, length])
            try db.execute(
                sql: "UPDATE live_journal SET bytes = substr(bytes, 1, ? - offset_bytes) WHERE session_id = ? AND offset_bytes + length(bytes) > ?",
                arguments: [length, id.uuidString, length])
            try db.execute(sql: "UPDATE live_sessions SET journal_bytes = ? WHERE id = ?", arguments: [length, id.uuidString])
        }
    }

    func releaseLiveSession(_ id: UUID, node: String, epoch: Int64) async throws -> Bool {
        try await write("release live session \(id)") { db in
            try db.execute(
                sql: "UPDATE live_sessions SET owner_node = NULL WHERE id = ? AND owner_node = ? AND lease_epoch = ?",
                arguments: [id.uuidString, node, epoch])
            return db.changesCount == 1
        }
    }

    func removeLiveSession(_ id: UUID, node: String?, epoch: Int64) async throws {
        try await write("remove live session \(id)") { db in
            if let node { try Self.checkLease(db, id: id, node: node, epoch: epoch) }
            try db.execute(sql: "DELETE FROM live_sessions WHERE id = ?", arguments: [id.uuidString])
        }
    }

    func finishLiveSession(_ id: UUID, node: String, epoch: Int64, journalBytes: Int, workout: ImportedWorkout) async throws -> SaveOutcome {
        try await write("store live session \(id)") { db in
            let committed = try Self.checkLease(db, id: id, node: node, epoch: epoch)
            guard committed == journalBytes else {
                throw StoreError.corrupt("live session \(id): its journal is \(committed) bytes, \(journalBytes) were read")
            }
            let outcome = try Self.insert(workout, into: db)
            try db.execute(sql: "DELETE FROM live_sessions WHERE id = ?", arguments: [id.uuidString])
            return outcome
        }
    }

    func liveSessionInfos() async throws -> [LiveSessionInfo] {
        do {
            return try await pool.read { db in
                try Row.fetchAll(db, sql: "SELECT \(Self.liveColumns) FROM live_sessions ORDER BY created_at, id").compactMap(Self.liveSessionInfo)
            }
        } catch {
            throw StoreError.database(operation: "list live sessions", message: Self.message(error))
        }
    }

    func isLiveNodeAlive(_ node: String) async throws -> Bool {
        let path = nodeLockPath(node)
        let fileSystem = POSIXFileSystem()
        do {
            guard try fileSystem.fileSize(path) != nil else { return false }
            return try fileSystem.isLockedByAnother(path)
        } catch {
            throw StoreError.database(operation: "check live node \(node) (\(path))", message: "\(error)")
        }
    }

    // MARK: Helpers

    static let liveColumns = "id, athlete, owner_node, lease_epoch, journal_bytes, record_count, sample_count, state, created_at, last_active_at, metadata_json"

    static func liveSessionInfo(_ row: Row) -> LiveSessionInfo? {
        guard let text: String = row[0], let id = UUID(uuidString: text) else { return nil }
        return LiveSessionInfo(
            id: id, athlete: row[1], ownerNode: row[2], leaseEpoch: row[3], journalBytes: row[4], recordCount: row[5],
            sampleCount: row[6], state: row[7], createdAt: row[8], lastActiveAt: row[9], metadata: row[10])
    }

    static func liveSessionInfo(_ db: Database, id: UUID) throws -> LiveSessionInfo? {
        try Row.fetchOne(db, sql: "SELECT \(liveColumns) FROM live_sessions WHERE id = ?", arguments: [id.uuidString]).flatMap(liveSessionInfo)
    }

    /// The session's committed journal length, when `node` holds its lease at `epoch`.
    /// - Throws: `StoreError.leaseLost` otherwise.
    @discardableResult
    static func checkLease(_ db: Database, id: UUID, node: String, epoch: Int64) throws -> Int {
        guard let bytes = try Int.fetchOne(
            db, sql: "SELECT journal_bytes FROM live_sessions WHERE id = ? AND owner_node = ? AND lease_epoch = ?",
            arguments: [id.uuidString, node, epoch]) else {
            throw StoreError.leaseLost(session: id)
        }
        return bytes
    }

    /// Runs `body` in one `BEGIN IMMEDIATE` transaction; errors other than `StoreError` become
    /// `StoreError.database` naming `operation` and the file (a full disk: `SQLITE_FULL`, and SQLite has
    /// rolled the transaction back).
    func write<Result: Sendable>(_ operation: String, _ body: @escaping @Sendable (Database) throws -> Result) async throws -> Result {
        do {
            return try await pool.writeWithoutTransaction { db in
                var result: Result?
                try db.inTransaction(.immediate) {
                    result = try body(db)
                    return .commit
                }
                guard let result else { throw StoreError.database(operation: "\(operation) (\(self.path))", message: "the transaction returned nothing") }
                return result
            }
        } catch let error as StoreError {
            throw error
        } catch {
            throw StoreError.database(operation: "\(operation) (\(path))", message: Self.message(error))
        }
    }
}

/// A node's liveness lock on SQLite: the lock file, open and `flock`ed until released or the process dies.
final class FileNodeLock: LiveNodeLock, @unchecked Sendable {
    private let lock = NSLock()
    private var file: SessionFile?

    init(file: SessionFile) {
        self.file = file
    }

    func release() async {
        lock.withLock {
            if let file { POSIXFileSystem().close(file) }
            file = nil
        }
    }

    deinit {
        if let file { POSIXFileSystem().close(file) }
    }
}
