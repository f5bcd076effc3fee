import Foundation
import Logging
import NIOCore
import PostgresNIO
import WorkoutEngine

/// Live sessions in PostgreSQL: the rows of ``LiveSessionBackend``, and node liveness as a session-level
/// advisory lock held on one dedicated connection per node. The server drops the lock the moment that
/// connection closes: at once when the node's process dies (the kernel closes its socket), within about
/// 11 s when the network to it fails (the connection's TCP keepalives: 5 s idle, then 3 probes 2 s apart).
extension PostgresWorkoutStore: LiveSessionBackend {
    /// Version 2 of the schema: live sessions (with their leases) and their journals (README: "Store").
    static let liveSchema: [String] = [
        """
        CREATE TABLE live_sessions (
          id uuid PRIMARY KEY,
          athlete text NOT NULL,
          owner_node text,
          lease_epoch bigint NOT NULL,
          lease_acquired_at timestamptz NOT NULL DEFAULT now(),
          journal_bytes bigint NOT NULL,
          record_count bigint NOT NULL,
          sample_count bigint NOT NULL,
          state text NOT NULL,
          snapshot_json json,
          created_at timestamptz NOT NULL,
          last_active_at timestamptz NOT NULL,
          metadata_json text
        )
        """,
        "CREATE INDEX live_sessions_owner ON live_sessions(owner_node)",
        """
        CREATE TABLE live_journal (
          session_id uuid NOT NULL REFERENCES live_sessions(id) ON DELETE CASCADE,
          offset_bytes bigint NOT NULL,
          bytes bytea NOT NULL,
          PRIMARY KEY (session_id, offset_bytes)
        )
        """,
    ]

    func lockLiveNode(_ node: String, logger: Logger) async throws -> any LiveNodeLock {
        let connection = try await Self.connectAndLock(
            node: node, configuration: connectionConfiguration, timeoutSeconds: operationTimeoutSeconds, endpoint: endpoint, logger: logger)
        let configuration = connectionConfiguration
        let timeout = operationTimeoutSeconds
        let endpoint = self.endpoint
        return PostgresNodeLock(node: node, connection: connection, logger: logger) {
            try await Self.connectAndLock(node: node, configuration: configuration, timeoutSeconds: timeout, endpoint: endpoint, logger: logger)
        }
    }

    /// Opens a connection of its own and takes `node`'s advisory lock on it (without waiting).
    static func connectAndLock(
        node: String, configuration: PostgresConnection.Configuration, timeoutSeconds: Double, endpoint: String, logger: Logger
    ) async throws -> PostgresConnection {
        let operation = "lock live node \(node) on \(endpoint)"
        return try await withTimeout(timeoutSeconds, operation: operation) {
            let connection: PostgresConnection
            do {
                connection = try await PostgresConnection.connect(configuration: configuration, id: 0, logger: logger)
            } catch {
                throw StoreError.database(operation: operation, message: message(error))
            }
            do {
                // The node id is checked (letters, digits, . _ -), so it can be spelled in the statement.
                for setting in ["SET application_name = 'workout live node \(node)'", "SET tcp_keepalives_idle = 5",
                                "SET tcp_keepalives_interval = 2", "SET tcp_keepalives_count = 3"] {
                    try await connection.query(PostgresQuery(unsafeSQL: setting), logger: logger)
                }
                var locked = false
                for try await value in try await connection.query(
                    "SELECT pg_try_advisory_lock(\(LiveNodeID.advisoryLockKey(node)))", logger: logger).decode(Bool.self) {
                    locked = value
                }
                guard locked else { throw StoreError.nodeInUse(node: node) }
                return connection
            } catch {
                try? await connection.close()
                if let error = error as? StoreError { throw error }
                throw StoreError.database(operation: operation, message: message(error))
            }
        }
    }

    func insertLiveSession(id: UUID, athlete: String, node: String, now: Double, metadata: String?) async throws {
        _ = try await transaction("create live session \(id)") { connection, logger in
            try await connection.query(
                """
                INSERT INTO live_sessions (id, athlete, owner_node, lease_epoch, journal_bytes, record_count, sample_count, state,
                                           created_at, last_active_at, metadata_json)
                VALUES (\(id), \(athlete), \(node), 1, 0, 0, 0, 'notStarted', to_timestamp(\(now)), to_timestamp(\(now)), \(metadata))
                """,
                logger: logger)
            return true
        }
    }

    func commitLiveJournal(_ commits: [LiveJournalCommit], node: String) async throws -> Set<UUID> {
        var binds = PostgresBindings()
        binds.append(commits.map(\.sessionID))
        binds.append(commits.map(\.leaseEpoch))
        binds.append(commits.map { Int64($0.batch.offset) })
        binds.append(commits.map { ByteBuffer(bytes: $0.batch.bytes) })
        binds.append(commits.map { Int64($0.batch.recordCount) })
        binds.append(commits.map { Int64($0.batch.sampleCount) })
        binds.append(commits.map(\.state))
        binds.append(commits.map { $0.snapshotJSON ?? "" })
        binds.append(commits.map(\.lastActiveAt))
        binds.append(node)
        // One statement, so one transaction and one round trip for the whole group: the sessions whose
        // lease and journal length match advance, and only theirs get a journal row. A batch already in
        // the journal under the same lease counts as landed: the retry of a commit whose answer was lost
        // with its connection.
        let query = PostgresQuery(
            unsafeSQL: """
                WITH batch AS (
                  SELECT * FROM unnest($1::uuid[], $2::bigint[], $3::bigint[], $4::bytea[], $5::bigint[], $6::bigint[],
                                       $7::text[], $8::text[], $9::float8[])
                    AS b(id, epoch, offset_bytes, bytes, records, samples, state, snapshot, active)
                ), advanced AS (
                  UPDATE live_sessions s
                  SET journal_bytes = s.journal_bytes + length(b.bytes), record_count = s.record_count + b.records,
                      sample_count = s.sample_count + b.samples, state = b.state, snapshot_json = NULLIF(b.snapshot, '')::json,
                      last_active_at = to_timestamp(b.active)
                  FROM batch b
                  WHERE s.id = b.id AND s.owner_node = $10 AND s.lease_epoch = b.epoch AND s.journal_bytes = b.offset_bytes
                  RETURNING s.id
                ), written AS (
                  INSERT INTO live_journal (session_id, offset_bytes, bytes)
                  SELECT b.id, b.offset_bytes, b.bytes FROM batch b JOIN advanced a ON a.id = b.id WHERE length(b.bytes) > 0
                ), landed_before AS (
                  SELECT b.id FROM batch b
                  JOIN live_sessions s ON s.id = b.id AND s.owner_node = $10 AND s.lease_epoch = b.epoch
                  JOIN live_journal j ON j.session_id = b.id AND j.offset_bytes = b.offset_bytes AND j.bytes = b.bytes
                )
                SELECT id FROM advanced UNION SELECT id FROM landed_before
                """,
            binds: binds)
        return try await withConnection("commit \(commits.count) live journal batches") { connection, logger in
            var landed = Set<UUID>()
            for try await id in try await connection.query(query, logger: logger).decode(UUID.self) { landed.insert(id) }
            return landed
        }
    }

    func takeLiveSession(_ id: UUID, node: String) async throws -> LiveSessionInfo {
        try await transaction("acquire live session \(id)") { connection, logger in
            guard let current = try await Self.liveSessionInfo(id, lockingRow: true, on: connection, logger: logger) else {
                throw StoreError.noSuchLiveSession(id)
            }
            if let owner = current.ownerNode, owner != node {
                // Free only if no process holds the owner's liveness lock; held until this transaction ends,
                // so the owner cannot restart and recover the session meanwhile.
                var ownerIsGone = false
                for try await free in try await connection.query(
                    "SELECT pg_try_advisory_xact_lock(\(LiveNodeID.advisoryLockKey(owner)))", logger: logger).decode(Bool.self) {
                    ownerIsGone = free
                }
                guard ownerIsGone else { throw StoreError.leaseHeld(session: id, owner: owner) }
            }
            try await connection.query(
                "UPDATE live_sessions SET owner_node = \(node), lease_epoch = lease_epoch + 1, lease_acquired_at = now() WHERE id = \(id)",
                logger: logger)
            guard let taken = try await Self.liveSessionInfo(id, lockingRow: false, on: connection, logger: logger) else {
                throw StoreError.noSuchLiveSession(id)
            }
            return taken
        }
    }

    func liveJournal(_ id: UUID) async throws -> [UInt8] {
        try await withConnection("read the journal of live session \(id)") { connection, logger in
            var journal: [UInt8] = []
            let rows = try await connection.query(
                "SELECT offset_bytes, bytes FROM live_journal WHERE session_id = \(id) ORDER BY offset_bytes", logger: logger)
            for try await (offset, bytes) in rows.decode((Int64, ByteBuffer).self) {
                guard offset == journal.count else { break }
                journal.append(contentsOf: bytes.readableBytesView)
            }
            return journal
        }
    }

    func truncateLiveJournal(_ id: UUID, node: String, epoch: Int64, toLength length: Int) async throws {
        _ = try await transaction("cut the journal of live session \(id)") { connection, logger in
            try await Self.checkLease(id, node: node, epoch: epoch, on: connection, logger: logger)
            let length = Int64(length)
            try await connection.query("DELETE FROM live_journal WHERE session_id = \(id) AND offset_bytes >= \(length)", logger: logger)
            try await connection.query(
                """
                UPDATE live_journal SET bytes = substring(bytes FROM 1 FOR (\(length) - offset_bytes)::integer)
                WHERE session_id = \(id) AND offset_bytes + length(bytes) > \(length)
                """,
                logger: logger)
            try await connection.query("UPDATE live_sessions SET journal_bytes = \(length) WHERE id = \(id)", logger: logger)
            return true
        }
    }

    func releaseLiveSession(_ id: UUID, node: String, epoch: Int64) async throws -> Bool {
        try await withConnection("release live session \(id)") { connection, logger in
            var released = false
            for try await _ in try await connection.query(
                "UPDATE live_sessions SET owner_node = NULL WHERE id = \(id) AND owner_node = \(node) AND lease_epoch = \(epoch) RETURNING id",
                logger: logger) {
                released = true
            }
            return released
        }
    }

    func removeLiveSession(_ id: UUID, node: String?, epoch: Int64) async throws {
        _ = try await transaction("remove live session \(id)") { connection, logger in
            if let node { try await Self.checkLease(id, node: node, epoch: epoch, on: connection, logger: logger) }
            try await connection.query("DELETE FROM live_sessions WHERE id = \(id)", logger: logger)
            return true
        }
    }

    func finishLiveSession(_ id: UUID, node: String, epoch: Int64, journalBytes: Int, workout: ImportedWorkout) async throws -> SaveOutcome {
        try await transaction("store live session \(id)") { connection, logger in
            let committed = try await Self.checkLease(id, node: node, epoch: epoch, on: connection, logger: logger)
            guard committed == journalBytes else {
                throw StoreError.corrupt("live session \(id): its journal is \(committed) bytes, \(journalBytes) were read")
            }
            let outcome = try await Self.insert(workout, on: connection, logger: logger)
            try await connection.query("DELETE FROM live_sessions WHERE id = \(id)", logger: logger)
            return outcome
        }
    }

    func liveSessionInfos() async throws -> [LiveSessionInfo] {
        try await withConnection("list live sessions") { connection, logger in
            var infos: [LiveSessionInfo] = []
            let rows = try await connection.query(PostgresQuery(unsafeSQL: "SELECT \(Self.liveColumns) FROM live_sessions ORDER BY created_at, id"), logger: logger)
            for try await row in rows { infos.append(try Self.liveSessionInfo(row)) }
            return infos
        }
    }

    func isLiveNodeAlive(_ node: String) async throws -> Bool {
        try await transaction("check live node \(node)") { connection, logger in
            var free = false
            for try await value in try await connection.query(
                "SELECT pg_try_advisory_xact_lock(\(LiveNodeID.advisoryLockKey(node)))", logger: logger).decode(Bool.self) {
                free = value
            }
            return !free
        }
    }

    // MARK: Helpers

    static let liveColumns = """
        id, athlete, owner_node, lease_epoch, journal_bytes, record_count, sample_count, state,
        extract(epoch FROM created_at)::float8, extract(epoch FROM last_active_at)::float8, metadata_json
        """

    static func liveSessionInfo(_ row: PostgresRow) throws -> LiveSessionInfo {
        let (id, athlete, owner, epoch, bytes, records, samples, state, created, active, metadata) = try row.decode(
            (UUID, String, String?, Int64, Int64, Int64, Int64, String, Double, Double, String?).self)
        return LiveSessionInfo(
            id: id, athlete: athlete, ownerNode: owner, leaseEpoch: epoch, journalBytes: Int(bytes), recordCount: Int(records),
            sampleCount: Int(samples), state: state, createdAt: created, lastActiveAt: active, metadata: metadata)
    }

    static func liveSessionInfo(_ id: UUID, lockingRow: Bool, on connection: PostgresConnection, logger: Logger) async throws -> LiveSessionInfo? {
        var binds = PostgresBindings()
        binds.append(id)
        let query = PostgresQuery(
            unsafeSQL: "SELECT \(liveColumns) FROM live_sessions WHERE id = $1\(lockingRow ? " FOR UPDATE" : "")", binds: binds)
        var found: LiveSessionInfo?
        for try await row in try await connection.query(query, logger: logger) { found = try liveSessionInfo(row) }
        return found
    }

    /// The session's committed journal length, when `node` holds its lease at `epoch` (the row is locked
    /// until the transaction ends).
    /// - Throws: `StoreError.leaseLost` otherwise.
    @discardableResult
    static func checkLease(_ id: UUID, node: String, epoch: Int64, on connection: PostgresConnection, logger: Logger) async throws -> Int {
        var committed: Int64?
        for try await bytes in try await connection.query(
            "SELECT journal_bytes FROM live_sessions WHERE id = \(id) AND owner_node = \(node) AND lease_epoch = \(epoch) FOR UPDATE",
            logger: logger).decode(Int64.self) {
            committed = bytes
        }
        guard let committed else { throw StoreError.leaseLost(session: id) }
        return Int(committed)
    }
}

/// A node's liveness lock on PostgreSQL: a session-level advisory lock held by one dedicated connection.
/// Should the connection drop while the node runs (a server restart, a terminated backend), the lock is
/// taken again on a new connection, once a second until it is back; meanwhile other nodes may take this
/// node's sessions over, and its commits of those fail with `StoreError.leaseLost` (their lease epochs).
final class PostgresNodeLock: LiveNodeLock, @unchecked Sendable {
    private let node: String
    private let logger: Logger
    private let relock: @Sendable () async throws -> PostgresConnection
    private let lock = NSLock()
    private var connection: PostgresConnection?
    private var released = false

    init(node: String, connection: PostgresConnection, logger: Logger, relock: @escaping @Sendable () async throws -> PostgresConnection) {
        self.node = node
        self.logger = logger
        self.relock = relock
        watch(connection)
    }

    func release() async {
        let connection = lock.withLock {
            released = true
            defer { self.connection = nil }
            return self.connection
        }
        try? await connection?.close()
    }

    /// Holds `connection`, and takes the lock again when it closes while the node runs.
    private func watch(_ connection: PostgresConnection) {
        lock.withLock { self.connection = connection }
        connection.closeFuture.whenComplete { [weak self] _ in
            guard let self else { return }
            let stillRunning = self.lock.withLock { !self.released && self.connection === connection }
            guard stillRunning else { return }
            self.logger.error("live node: the connection holding its liveness lock closed; taking the lock again", metadata: ["node": "\(self.node)"])
            Task { await self.takeAgain() }
        }
    }

    private func takeAgain() async {
        while !lock.withLock({ released }) {
            do {
                let connection = try await relock()
                let keep = lock.withLock { !released }
                if keep {
                    watch(connection)
                    logger.notice("live node: liveness lock taken again", metadata: ["node": "\(node)"])
                } else {
                    try? await connection.close()
                }
                return
            } catch {
                try? await Task.sleep(for: .seconds(1))
            }
        }
    }
}
