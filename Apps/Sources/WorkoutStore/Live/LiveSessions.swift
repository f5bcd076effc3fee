public import Foundation
public import Logging
public import WorkoutEngine

/// One node's live sessions, journaled in a store (SQLite or PostgreSQL) so that a restarted node recovers
/// them and another node can take over the sessions of a node that died, with every committed sample.
///
/// **Leases.** Each live session has an owner node and a lease epoch. A node holds a liveness lock while
/// it runs: on PostgreSQL a session-level advisory lock on one dedicated connection, on SQLite an exclusive
/// `flock` on `<database>-nodes/<node>.lock`. Either is dropped the moment the process dies (the server
/// sees the connection close, the kernel closes the file), so a node killed with `kill -9` is known dead at
/// once, and no per-session heartbeat is needed: a thousand sessions cost one connection, not a thousand.
/// ``acquire(_:units:throttleIntervalSeconds:)`` takes a session whose lease is free (released), this
/// node's own (left by its previous process), or held by a node whose liveness lock nobody holds; the
/// epoch goes up by one. Every commit names the epoch it holds, so a node that lost a session can never
/// append to its journal again.
///
/// **Journal.** Each session's journal is the file journal's bytes (header, then framed records with their
/// CRC-32C; `JournalFormat`), cut into the batches that were committed, one row per batch. The node
/// commits the batches of all its sessions that are due together, in one transaction (group commit).
///
/// ```swift
/// let store = try await WorkoutStores.open("postgres://workout@db:5432/workouts")
/// let node = try await LiveSessions(store: store, nodeID: "node-a")
/// let recovered = try await node.recover()                 // this node's sessions from before a restart
/// let session = try await node.create(athlete: "ana", configuration: .init(options: .init(activity: .running)))
/// await session.ingest(sample)
/// let taken = try await node.acquire(idFromAnotherNode)    // its node died: go on, paused where it was
/// let workoutID = try await session.end(at: now).id        // a stored workout
/// await node.shutdown()                                    // releases the sessions still held
/// await store.close()
/// ```
public final class LiveSessions: @unchecked Sendable {
    /// This node's id (1 to 64 letters, digits, `.`, `_`, `-`).
    public let nodeID: String
    /// When each session's journal is committed (about once a second, and at once on start, pause, end).
    public let policy: JournalDurabilityPolicy
    /// A session last active longer ago than this is discarded when acquired (6 h by default).
    public let maximumAgeSeconds: Double

    let backend: any LiveSessionBackend
    private let writer: LiveJournalWriter
    private let writerTask: Task<Void, Never>
    /// The node's liveness lock (tests give it up to play a node that died).
    let nodeLock: any LiveNodeLock
    private let logger: Logger
    private let now: @Sendable () -> Double
    private let lock = NSLock()
    private var held: [UUID: Held] = [:]
    private var acquiring: [UUID: Task<Held, any Error>] = [:]
    private var isShutDown = false

    /// What this node holds a session as.
    private enum Held: Sendable {
        /// A session with its workout (``create(athlete:configuration:sessionID:)``, ``acquire(_:units:throttleIntervalSeconds:)``).
        case session(LiveSession)
        /// A bare journal (``openJournal(athlete:options:sessionID:metadata:)``, ``acquireJournal(_:optionsBeforeStart:)``).
        case journal(LiveJournal)

        var journal: LiveJournal {
            switch self {
            case .session(let session): return session.journal
            case .journal(let journal): return journal
            }
        }
    }

    /// Starts node `nodeID` on `store`: takes the node's liveness lock and starts its group commit.
    ///
    /// - Parameters:
    ///   - store: a store opened by ``WorkoutStores/open(_:)`` (SQLite or PostgreSQL).
    ///   - nodeID: the node's id, stable across restarts, so that a restarted node finds its sessions.
    ///   - policy: when each session's records are committed.
    ///   - maximumAgeSeconds: sessions last active longer ago are discarded when acquired.
    ///   - logger: where the journal's changes of health and recovery's findings go.
    ///   - now: wall-clock seconds since 1970 (the sessions' `last_active_at`, expiry); injected in tests.
    /// - Throws: `StoreError.badNodeID`, `StoreError.liveSessionsUnsupported`, `StoreError.nodeInUse` (another
    ///   running process is this node; a peer checking the node's liveness holds the lock for a moment, so
    ///   this is retried for about 5 s first), `StoreError.database`.
    public init(
        store: any WorkoutStore, nodeID: String, policy: JournalDurabilityPolicy = .default,
        maximumAgeSeconds: Double = SessionRecovery.defaultMaximumAgeSeconds, logger: Logger = .quiet,
        now: @escaping @Sendable () -> Double = { Date().timeIntervalSince1970 }
    ) async throws {
        try LiveNodeID.validate(nodeID)
        guard let backend = store as? any LiveSessionBackend else { throw StoreError.liveSessionsUnsupported }
        var attempts = 0
        var nodeLock: (any LiveNodeLock)?
        while nodeLock == nil {
            do {
                nodeLock = try await backend.lockLiveNode(nodeID, logger: logger)
            } catch StoreError.nodeInUse(let node) where attempts < 10 {
                attempts += 1
                logger.debug("live node: id in use, retrying", metadata: ["node": "\(node)"])
                try await Task.sleep(for: .milliseconds(500))
            }
        }
        self.nodeLock = nodeLock!
        self.backend = backend
        self.nodeID = nodeID
        self.policy = policy
        self.maximumAgeSeconds = maximumAgeSeconds
        self.logger = logger
        self.now = now
        let writer = LiveJournalWriter(backend: backend, node: nodeID)
        self.writer = writer
        writerTask = Task { await writer.run() }
    }

    /// The sessions this node holds now.
    public var heldSessions: [LiveSession] {
        lock.withLock { held.values.compactMap { if case .session(let session) = $0 { session } else { nil } } }
    }

    /// Creates a session held by this node, journaled from its first outcome.
    ///
    /// - Parameters:
    ///   - athlete: who records it (the stored workout's athlete).
    ///   - configuration: the workout's options (activity, auto-pause, athlete profile, ...) and display.
    ///   - sessionID: its id (a new UUID by default).
    /// - Throws: `StoreError.database` (for example an id already in use), `StoreError.nodeShutDown`.
    public func create(athlete: String, configuration: WorkoutSessionConfiguration = WorkoutSessionConfiguration(), sessionID: UUID = UUID()) async throws -> LiveSession {
        let journal = try await newJournal(athlete: athlete, options: configuration.options, sessionID: sessionID, metadata: nil)
        let session = LiveSession(journal: journal, workout: WorkoutSession(configuration: configuration, recorder: journal), node: self)
        lock.withLock { held[sessionID] = .session(session) }
        return session
    }

    /// Creates a session held by this node as a bare journal: the application keeps the session's state and
    /// records its outcomes into the journal (see ``LiveJournal``).
    ///
    /// - Parameters:
    ///   - athlete: who records it.
    ///   - options: the builder's options (the journal's header records them).
    ///   - sessionID: its id (a new UUID by default).
    ///   - metadata: what the application keeps with the session (``LiveSessionInfo/metadata``,
    ///     ``LiveJournal/metadata`` once acquired), for example how to rebuild its own state.
    /// - Throws: `StoreError.database` (for example an id already in use), `StoreError.nodeShutDown`.
    public func openJournal(athlete: String, options: WorkoutOptions, sessionID: UUID = UUID(), metadata: String? = nil) async throws -> LiveJournal {
        let journal = try await newJournal(athlete: athlete, options: options, sessionID: sessionID, metadata: metadata)
        lock.withLock { held[sessionID] = .journal(journal) }
        return journal
    }

    /// The session `id`, held by this node from now on: the one it holds already, or one taken from the
    /// store by the lease rules (free, this node's from before a restart, or its owner is dead) and
    /// rebuilt from its journal exactly as file recovery rebuilds one: paused at its last record if it was
    /// running (that pause is committed before this returns), a damaged tail cut.
    ///
    /// - Throws: `StoreError.leaseHeld` (a node that is alive holds it), `StoreError.noSuchLiveSession`,
    ///   `StoreError.liveSessionDiscarded` (expired, or its journal unreadable: its rows were removed),
    ///   `StoreError.database`, `StoreError.nodeShutDown`.
    public func acquire(_ id: UUID, units: DisplayUnits = .metric, throttleIntervalSeconds: Double = 5) async throws -> LiveSession {
        let held = try await hold(id) { node in
            let journal = try await node.take(id, keepingInputs: false, optionsBeforeStart: { _ in nil })
            // A journal that never started was discarded by `take`, so recovery rebuilt this one.
            guard let recovered = journal.recovered else { throw StoreError.noSuchLiveSession(id) }
            let workout = WorkoutSession(continuing: recovered.builder, units: units, throttleIntervalSeconds: throttleIntervalSeconds, recorder: journal)
            return .session(LiveSession(journal: journal, workout: workout, node: node))
        }
        guard case .session(let session) = held else { throw StoreError.leaseHeld(session: id, owner: nodeID) }
        return session
    }

    /// The journal of session `id`, held by this node from now on, for an application that rebuilds the
    /// session itself from ``LiveJournal/recoveredInputs`` (and its ``LiveJournal/metadata``): the one it
    /// holds already, or one taken from the store by the lease rules of ``acquire(_:units:throttleIntervalSeconds:)``
    /// and recovered as it recovers one.
    ///
    /// - Parameter optionsBeforeStart: for a session whose journal never started (created, but no timed
    ///   sample or start yet: nothing is journaled), the options to continue it with, from its row (its
    ///   metadata); `nil` discards it as ``acquire(_:units:throttleIntervalSeconds:)`` does.
    /// - Throws: as ``acquire(_:units:throttleIntervalSeconds:)``; `StoreError.leaseHeld` naming this node
    ///   when this node holds the session as a ``LiveSession``.
    public func acquireJournal(
        _ id: UUID, optionsBeforeStart: @escaping @Sendable (LiveSessionInfo) -> WorkoutOptions? = { _ in nil }
    ) async throws -> LiveJournal {
        let held = try await hold(id) { node in
            .journal(try await node.take(id, keepingInputs: true, optionsBeforeStart: optionsBeforeStart))
        }
        guard case .journal(let journal) = held else { throw StoreError.leaseHeld(session: id, owner: nodeID) }
        return journal
    }

    /// Acquires every session this node owned before a restart (and, with `includeOrphans`, every session
    /// released by its node or whose node died), and reports the ones recovery discarded (their rows are
    /// removed). Sessions another node takes first are left to it.
    /// - Throws: `StoreError.database` when the store cannot be read.
    public func recover(includeOrphans: Bool = false, units: DisplayUnits = .metric, throttleIntervalSeconds: Double = 5) async throws -> LiveRecovery {
        var recovery = LiveRecovery()
        for id in try await abandonedSessions(includeOrphans: includeOrphans) {
            do {
                recovery.sessions.append(try await acquire(id, units: units, throttleIntervalSeconds: throttleIntervalSeconds))
            } catch StoreError.liveSessionDiscarded(let discarded) {
                recovery.discarded.append(discarded)
            } catch StoreError.leaseHeld, StoreError.noSuchLiveSession {
                continue
            }
        }
        return recovery
    }

    /// The sessions this node may acquire without waiting for anyone, by creation time: those its previous
    /// process left (owned by this node's id, not held now), and with `includeOrphans` those released by
    /// their node or whose node died. What ``recover(includeOrphans:units:throttleIntervalSeconds:)`` acquires.
    /// - Throws: `StoreError.database` when the store cannot be read.
    public func abandonedSessions(includeOrphans: Bool = true) async throws -> [UUID] {
        var abandoned: [UUID] = []
        var aliveByNode: [String: Bool] = [nodeID: true]
        for info in try await backend.liveSessionInfos() {
            if lock.withLock({ held[info.id] != nil }) { continue }
            let candidate: Bool
            if let owner = info.ownerNode {
                if owner == nodeID {
                    candidate = true
                } else if includeOrphans {
                    if aliveByNode[owner] == nil { aliveByNode[owner] = try await backend.isLiveNodeAlive(owner) }
                    candidate = aliveByNode[owner] == false
                } else {
                    candidate = false
                }
            } else {
                candidate = includeOrphans
            }
            if candidate { abandoned.append(info.id) }
        }
        return abandoned
    }

    /// Every live session in the store with its lease, by creation time.
    public func sessions() async throws -> [LiveSessionInfo] {
        try await backend.liveSessionInfos()
    }

    /// Whether node `node`'s process is running (it holds its liveness lock).
    public func isNodeAlive(_ node: String) async throws -> Bool {
        node == nodeID ? true : try await backend.isLiveNodeAlive(node)
    }

    /// Releases every session this node holds (each committed first; see ``LiveSession/release()``), stops
    /// the group commit and gives up the node's liveness lock: a graceful shutdown. Other nodes may then
    /// acquire the sessions at once. Errors releasing a session are logged; its lease then stays this
    /// node's until this node restarts or another node sees it is gone.
    public func shutdown() async {
        let journals = lock.withLock {
            isShutDown = true
            return held.values.map(\.journal)
        }
        for journal in journals {
            do {
                try await release(journal)
            } catch {
                logger.error("live node: a session could not be released", metadata: ["session": "\(journal.id)", "error": "\(error)"])
            }
        }
        writer.stop()
        await writerTask.value
        await nodeLock.release()
    }

    // MARK: What LiveJournal and LiveSession call

    func release(_ journal: LiveJournal) async throws {
        journal.recorder.close()
        try await journal.recorder.sync()
        forget(journal)
        try await backend.releaseLiveSession(journal.id, node: nodeID, epoch: journal.leaseEpoch)
    }

    func discard(_ journal: LiveJournal) async throws {
        journal.recorder.close()
        forget(journal)
        try await backend.removeLiveSession(journal.id, node: nodeID, epoch: journal.leaseEpoch)
    }

    func finish(_ journal: LiveJournal) async throws -> SaveOutcome {
        journal.recorder.close()
        let bytes = try await backend.liveJournal(journal.id)
        let name = "live:\(journal.id.uuidString)"
        let athlete = journal.athlete
        let workout = try await OffCooperativePool.run { try ImportedWorkout(journal: bytes, name: name, athlete: athlete) }
        let outcome = try await backend.finishLiveSession(
            journal.id, node: nodeID, epoch: journal.leaseEpoch, journalBytes: bytes.count, workout: workout)
        forget(journal)
        return outcome
    }

    // MARK: Internals

    private func checkRunning() throws {
        try lock.withLock {
            if isShutDown { throw StoreError.nodeShutDown(node: nodeID) }
        }
    }

    private func forget(_ journal: LiveJournal) {
        lock.withLock {
            if held[journal.id]?.journal === journal { held[journal.id] = nil }
        }
    }

    /// A new session's row and journal, held by this node at epoch 1 (the caller records it in `held`).
    private func newJournal(athlete: String, options: WorkoutOptions, sessionID: UUID, metadata: String?) async throws -> LiveJournal {
        try checkRunning()
        try await backend.insertLiveSession(id: sessionID, athlete: athlete, node: nodeID, now: now(), metadata: metadata)
        let recorder = StoreSessionRecorder(
            appender: JournalAppender(sessionID: sessionID, options: options, policy: policy),
            leaseEpoch: 1, writer: writer, logger: logger, now: now)
        return LiveJournal(id: sessionID, athlete: athlete, metadata: metadata, recovered: nil, recoveredInputs: [], recorder: recorder, node: self)
    }

    /// What this node holds session `id` as: what it held already, or what `make` builds from the store
    /// (once, however many callers ask at the same time), recorded as held.
    private func hold(_ id: UUID, make: @escaping @Sendable (LiveSessions) async throws -> Held) async throws -> Held {
        let task: Task<Held, any Error> = try lock.withLock {
            guard !isShutDown else { throw StoreError.nodeShutDown(node: nodeID) }
            if let current = held[id] { return Task { current } }
            if let running = acquiring[id] { return running }
            let task = Task { () throws -> Held in
                let made = try await make(self)
                try self.lock.withLock {
                    guard !self.isShutDown else { throw StoreError.nodeShutDown(node: self.nodeID) }
                    self.held[id] = made
                }
                return made
            }
            acquiring[id] = task
            return task
        }
        defer { lock.withLock { acquiring[id] = nil } }
        return try await task.value
    }

    /// Takes the lease, reads the journal and recovers it: the session's journal, continuing where the
    /// valid journal ends (recovery's pause of a running session committed), with its inputs when
    /// `keepingInputs`. A journal that never started is continued with `optionsBeforeStart`'s options, or
    /// discarded when they are `nil`.
    func take(
        _ id: UUID, keepingInputs: Bool, optionsBeforeStart: @Sendable (LiveSessionInfo) -> WorkoutOptions?
    ) async throws -> LiveJournal {
        let info = try await backend.takeLiveSession(id, node: nodeID)
        let journal = try await backend.liveJournal(id)
        let name = "live_sessions/\(id.uuidString)"
        let outcome: RecoveryOutcome
        if journal.isEmpty {
            if let options = optionsBeforeStart(info) {
                let recorder = StoreSessionRecorder(
                    appender: JournalAppender(sessionID: id, options: options, policy: policy), leaseEpoch: info.leaseEpoch,
                    writer: writer, logger: logger, now: now)
                return LiveJournal(id: id, athlete: info.athlete, metadata: info.metadata, recovered: nil, recoveredInputs: [], recorder: recorder, node: self)
            }
            outcome = .discarded(DiscardedJournal(file: name, sessionID: id, reason: .unreadableHeader("no journal: the session never started"), droppedTailBytes: 0))
        } else {
            let now = now()
            let maxAge = maximumAgeSeconds
            let logger = logger
            outcome = try await OffCooperativePool.run {
                SessionRecovery.recover(journal: journal, name: name, sessionID: id, lastActiveAt: info.lastActiveAt, now: now, maxAge: maxAge, logger: logger)
            }
        }
        let recovered: RecoveredSession
        switch outcome {
        case .discarded(let discarded):
            try await backend.removeLiveSession(id, node: nodeID, epoch: info.leaseEpoch)
            throw StoreError.liveSessionDiscarded(discarded)
        case .recovered(let session):
            recovered = session
        }
        if recovered.validJournalLength != info.journalBytes {
            logger.warning("live recovery: journal cut at its last valid record", metadata: [
                "session": "\(id)", "validBytes": "\(recovered.validJournalLength)", "committedBytes": "\(info.journalBytes)",
            ])
            try await backend.truncateLiveJournal(id, node: nodeID, epoch: info.leaseEpoch, toLength: recovered.validJournalLength)
        }
        var inputs: [WorkoutInput] = []
        if keepingInputs {
            let valid = Array(journal.prefix(recovered.validJournalLength))
            inputs = try await OffCooperativePool.run {
                var inputs: [WorkoutInput] = []
                _ = try valid.withUnsafeBytes { bytes in try JournalReader.scan(bytes) { inputs.append($0.input) } }
                return inputs
            }
            if let pausedAt = recovered.pausedAt { inputs.append(JournalRecord.event(.pause, time: pausedAt).input) }
        }
        let recorder = StoreSessionRecorder(
            appender: JournalAppender(continuing: recovered, policy: policy), leaseEpoch: info.leaseEpoch,
            writer: writer, logger: logger, now: now)
        // Recovery's pause of a running session is journaled by the appender: commit it now.
        try await recorder.sync()
        return LiveJournal(
            id: id, athlete: info.athlete, metadata: info.metadata, recovered: recovered, recoveredInputs: inputs, recorder: recorder, node: self)
    }
}
