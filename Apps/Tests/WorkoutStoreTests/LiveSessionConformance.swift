import Foundation
import GRDB
import PostgresNIO
import Testing
import TestSupport
import WorkoutEngine
@testable import WorkoutStore

/// The live-session tests every store must pass; `SQLiteLiveSessionTests` and `PostgresLiveSessionTests`
/// run each of them. Nodes are `LiveSessions` in this process; a node's death is its liveness lock given
/// up without releasing its sessions (what a crash leaves), and `LiveSessionKillTests` kills a real process.
enum LiveSessionConformance {
    static let suunto = StoreConformance.suunto
    /// A running session's options as a live session has them (auto-pause on, the configuration's default).
    static let options = WorkoutSessionConfiguration(options: WorkoutOptions(activity: .running)).options

    /// The track's samples in file order, read by the engine's reader (what a device would send live).
    static func samples(of path: String) throws -> [Sample] {
        var sink = SampleList()
        _ = try TrackReader.read(try TrackInput(path: path), into: &sink)
        return sink.samples
    }

    /// The store's bytes of a session's journal are the file journal's for the same inputs (same header,
    /// framing and CRC-32C), and ending it stores the workout the journal replays to, removing its rows.
    static func journalsTheFileJournalsBytesAndEndsAsAWorkout(_ backend: StoreBackend) async throws {
        let (store, _) = try await backend.freshStore("live-bytes")
        let node = try await LiveSessions(store: store, nodeID: "node-a")
        let samples = try samples(of: suunto)
        let id = UUID()
        let session = try await node.create(athlete: "ana", configuration: .init(options: options), sessionID: id)
        let directory = try TestPaths.temporaryDirectory("live-file-reference").path
        let file = PersistentSessionRecorder(directory: directory, options: options, sessionID: id)
        var builder = WorkoutBuilder(options: options)
        // The same inputs to both: every sample, and a user's pause and resume a third of the way in.
        let pauseIndex = samples.count / 3
        for (index, sample) in samples.enumerated() {
            await session.ingest(sample)
            file.record(builder.add(sample))
            if index == pauseIndex, let time = sample.time {
                await session.pause(at: time)
                file.record(builder.pause(at: time))
                await session.resume(at: time + 20)
                file.record(builder.resume(at: time + 20))
            }
        }
        try await session.sync()
        #expect(file.sync())
        let fileBytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: JournalFormat.journalPath(directory: directory, sessionID: id))))
        let storeBytes = try await (store as! any LiveSessionBackend).liveJournal(id)
        #expect(storeBytes.count == fileBytes.count)
        #expect(storeBytes == fileBytes, "the store's journal differs from the file journal")
        let info = try #require(try await node.sessions().first { $0.id == id })
        #expect(info.ownerNode == "node-a")
        #expect(info.sampleCount == samples.count)
        #expect(info.journalBytes == fileBytes.count)
        #expect(info.state == "running")
        #expect(session.durableSampleCount == samples.count)

        let end = try #require(samples.last?.time) + 1
        let outcome = try await session.end(at: end)
        file.record(builder.end(at: end))
        guard case .stored(let workoutID) = outcome else { Issue.record("not stored: \(outcome)"); return }
        let stored = try #require(try await store.workout(id: workoutID))
        #expect(stored.sourceName == "live:\(id.uuidString)")
        #expect(stored.athlete == "ana")
        // The journal replayed gives the builder that took the inputs, figure for figure.
        #expect(stored.summaryJSON == (try builder.summary()).jsonText())
        let channels = try #require(try await store.channels(workoutID: workoutID))
        #expect(channels.count == builder.snapshot.locationCount)
        #expect(channels.latitudes.first == 48.3176978)
        #expect(try await node.sessions().isEmpty, "the live rows are removed")
        #expect(node.heldSessions.isEmpty)
        #expect(try await store.count() == 1)
        await node.shutdown()
        await store.close()
    }

    /// A node whose liveness lock is gone is dead: another node takes its session over, paused at the last
    /// committed record, and goes on; the old node's commits are refused from then on (fencing), so the
    /// journal holds every committed sample once.
    static func takeOverFromADeadNodeAndFenceIt(_ backend: StoreBackend) async throws {
        let (store, _) = try await backend.freshStore("live-takeover")
        let nodeA = try await LiveSessions(store: store, nodeID: "node-a")
        let nodeB = try await LiveSessions(store: store, nodeID: "node-b")
        let samples = try samples(of: suunto)
        let session = try await nodeA.create(athlete: "ana", configuration: .init(options: options))
        let committed = samples.count / 2
        await session.ingest(contentsOf: samples[..<committed])
        try await session.sync()
        try #require(await session.workout.state == .running)

        // While node A is alive its session is not for the taking.
        await #expect(throws: StoreError.leaseHeld(session: session.id, owner: "node-a")) { _ = try await nodeB.acquire(session.id) }
        #expect(try await nodeB.isNodeAlive("node-a"))

        // Node A "dies": its liveness lock is gone, its session still in memory.
        await nodeA.nodeLock.release()
        #expect(try await nodeB.isNodeAlive("node-a") == false)
        let taken = try await nodeB.acquire(session.id)
        #expect(taken.leaseEpoch == 2)
        #expect(await taken.workout.state == .paused)
        let recovered = try #require(taken.recovered)
        #expect(recovered.journaledSampleCount == committed)
        #expect(recovered.pausedAt == samples[committed - 1].time)

        // The old owner's next commit is refused: its lease epoch is stale.
        await session.ingest(samples[committed])
        await #expect(throws: StoreError.leaseLost(session: session.id)) { try await session.sync() }
        #expect(!session.status.isHealthy)

        // The new owner goes on from the first sample not committed, and ends.
        await taken.resume(at: try #require(samples[committed].time))
        await taken.ingest(contentsOf: samples[committed...])
        try await taken.sync()
        let journal = try await (store as! any LiveSessionBackend).liveJournal(session.id)
        let records = try JournalReader.records(in: journal).records
        let journaledSamples = records.compactMap { record -> Sample? in if case .sample(let sample) = record { sample } else { nil } }
        #expect(journaledSamples == samples, "every sample once, in order")
        let outcome = try await taken.end(at: try #require(samples.last?.time) + 1)
        #expect(try await store.workout(id: outcome.id)?.sourceName == "live:\(session.id.uuidString)")
        await nodeB.shutdown()
        await store.close()
    }

    /// A released session (graceful shutdown) is free at once; a node restarted under the same id
    /// recovers its own sessions, paused where their journals end.
    static func releaseAndRestart(_ backend: StoreBackend) async throws {
        let (store, _) = try await backend.freshStore("live-restart")
        let samples = try samples(of: suunto)
        let nodeA = try await LiveSessions(store: store, nodeID: "node-a")
        let first = try await nodeA.create(athlete: "ana", configuration: .init(options: options))
        let second = try await nodeA.create(athlete: "ben", configuration: .init(options: options))
        await first.ingest(contentsOf: samples[..<100])
        await second.ingest(contentsOf: samples[..<50])
        try await first.sync()
        try await second.sync()
        // Two processes may not be the same node.
        await #expect(throws: StoreError.nodeInUse(node: "node-a")) { _ = try await LiveSessions(store: store, nodeID: "node-a") }

        // Graceful: `first` is released and any node may take it at once, though node A is alive.
        try await first.release()
        let nodeB = try await LiveSessions(store: store, nodeID: "node-b")
        let moved = try await nodeB.acquire(first.id)
        #expect(moved.recovered?.journaledSampleCount == 100)
        #expect(moved.athlete == "ana")

        // Node A dies and restarts: it finds `second` again (its own), paused at its last record.
        await nodeA.nodeLock.release()
        let restarted = try await LiveSessions(store: store, nodeID: "node-a")
        let recovery = try await restarted.recover()
        #expect(recovery.discarded.isEmpty)
        #expect(recovery.sessions.map(\.id) == [second.id])
        let again = try #require(recovery.sessions.first)
        #expect(again.athlete == "ben")
        #expect(again.recovered?.journaledSampleCount == 50)
        #expect(await again.workout.state == .paused)
        #expect(again.leaseEpoch == 2)
        // Acquiring a session already held returns the same one.
        #expect(try await restarted.acquire(second.id) === again)

        // Shutting down releases what a node holds; nothing is left to recover for it.
        await restarted.shutdown()
        let infos = try await nodeB.sessions()
        #expect(infos.first { $0.id == second.id }?.ownerNode == nil)
        #expect(infos.first { $0.id == first.id }?.ownerNode == "node-b")
        let orphans = try await nodeB.recover(includeOrphans: true)
        #expect(orphans.sessions.map(\.id) == [second.id])
        await nodeB.shutdown()
        await store.close()
    }

    /// A session last active more than the maximum age ago is discarded, saying so, and removed; one whose
    /// header is unreadable too; a corrupt record in the middle cuts the journal there (never loaded), and
    /// the session goes on from the last valid record.
    static func expiredAndCorruptSessions(_ backend: StoreBackend) async throws {
        let (store, _) = try await backend.freshStore("live-damage")
        let samples = try samples(of: suunto)
        let clock = TestWallClock(1_800_000_000)
        let policy = JournalDurabilityPolicy(syncIntervalSeconds: 1_000_000, maximumRecordsBetweenSyncs: 1_000_000)
        let nodeA = try await LiveSessions(store: store, nodeID: "node-a", policy: policy, now: { clock.now })
        let stale = try await nodeA.create(athlete: "ana", configuration: .init(options: options))
        let damaged = try await nodeA.create(athlete: "ana", configuration: .init(options: options))
        let headless = try await nodeA.create(athlete: "ana", configuration: .init(options: options))
        await stale.ingest(contentsOf: samples[..<30])
        try await stale.sync()
        clock.now += 7 * 3600
        for start in stride(from: 0, to: 100, by: 10) {
            await damaged.ingest(contentsOf: samples[start..<(start + 10)])
            try await damaged.sync()
        }
        await headless.ingest(contentsOf: samples[..<20])
        try await headless.sync()
        await nodeA.nodeLock.release()

        // Flip a byte inside the middle row of the damaged session's journal (in its first record's payload:
        // rows hold whole records), and one of the magic of the headless session's first row.
        let offsets = try await StoreBackend.journalOffsets(store, session: damaged.id)
        #expect(offsets.count >= 10, "a row per sync: \(offsets.count) rows")
        let cut = offsets[offsets.count / 2]
        try await StoreBackend.flipJournalByte(store, session: damaged.id, chunkOffset: cut, at: 12)
        try await StoreBackend.flipJournalByte(store, session: headless.id, chunkOffset: 0, at: 1)
        // The samples journaled before the damaged row: the input's first ones, as many as that prefix holds.
        let intact = try await (store as! any LiveSessionBackend).liveJournal(damaged.id)
        let kept = try JournalReader.records(in: Array(intact[..<cut])).scan.sampleCount

        let restarted = try await LiveSessions(store: store, nodeID: "node-a", policy: policy, now: { clock.now })
        let recovery = try await restarted.recover()
        let reasons = Dictionary(uniqueKeysWithValues: recovery.discarded.map { ($0.sessionID, $0.reason) })
        #expect(reasons.count == 2)
        guard case .expired(_, let maximumAge) = reasons[stale.id] else { Issue.record("\(String(describing: reasons[stale.id]))"); return }
        #expect(maximumAge == SessionRecovery.defaultMaximumAgeSeconds)
        guard case .unreadableHeader = reasons[headless.id] else { Issue.record("\(String(describing: reasons[headless.id]))"); return }
        #expect(recovery.sessions.map(\.id) == [damaged.id])
        let survivor = try #require(recovery.sessions.first)
        let recovered = try #require(survivor.recovered)
        #expect(recovered.damage == .checksumMismatch)
        #expect(recovered.validJournalLength == cut)
        #expect(recovered.journaledSampleCount == kept)
        #expect(try await restarted.sessions().map(\.id) == [damaged.id], "the discarded sessions' rows are gone")
        let info = try #require(try await restarted.sessions().first)
        let pauseBytes = recovered.pausedAt == nil ? 0 : JournalRecord.event(.pause, time: 0).encoded().count
        #expect(info.journalBytes == cut + pauseBytes, "the journal was cut at its last valid record, then recovery's pause was committed")

        // The session goes on from there and ends: the workout is the journal's inputs, exactly.
        var reference = WorkoutBuilder(options: options)
        for sample in samples[..<kept] { reference.add(sample) }
        if let pausedAt = recovered.pausedAt { reference.pause(at: pausedAt) }
        let resumeAt = try #require(samples[kept].time)
        reference.resume(at: resumeAt)
        await survivor.resume(at: resumeAt)
        for sample in samples[kept...] {
            await survivor.ingest(sample)
            reference.add(sample)
        }
        let end = try #require(samples.last?.time) + 1
        reference.end(at: end)
        let outcome = try await survivor.end(at: end)
        #expect(try await store.workout(id: outcome.id)?.summaryJSON == (try reference.summary()).jsonText())
        await restarted.shutdown()
        await store.close()
    }

    /// One node, many sessions at once: every batch of every session lands (group commit), nothing twice.
    static func manySessionsOnOneNode(_ backend: StoreBackend) async throws {
        let (store, _) = try await backend.freshStore("live-many")
        let node = try await LiveSessions(store: store, nodeID: "node-a")
        let sessionCount = 200
        let secondsEach = 30
        let sessions = try await withThrowingTaskGroup(of: LiveSession.self) { group in
            for index in 0..<sessionCount {
                group.addTask {
                    let session = try await node.create(athlete: "athlete-\(index % 10)", configuration: .init(options: options))
                    for second in 0..<secondsEach {
                        let time = 1_700_000_000 + Double(index) * 3_600 + Double(second)
                        await session.ingest(.location(LocationSample(
                            time: time, latitude: 45 + Double(index) * 0.01 + Double(second) * 0.00002,
                            longitude: 7 + Double(second) * 0.00002, horizontalAccuracyMeters: 5)))
                        await session.ingest(.heartRate(HeartRateSample(time: time, beatsPerMinute: 120 + Double(second % 20))))
                    }
                    try await session.sync()
                    return session
                }
            }
            var all: [LiveSession] = []
            for try await session in group { all.append(session) }
            return all
        }
        let infos = try await node.sessions()
        #expect(infos.count == sessionCount)
        #expect(infos.allSatisfy { $0.sampleCount == 2 * secondsEach && $0.ownerNode == "node-a" })
        #expect(sessions.allSatisfy { $0.status == .ok })
        // Ending them all stores them all.
        let outcomes = try await withThrowingTaskGroup(of: SaveOutcome.self) { group in
            for (index, session) in sessions.enumerated() {
                group.addTask { try await session.end(at: 1_700_000_000 + Double(index) * 3_600 + Double(secondsEach)) }
            }
            var all: [SaveOutcome] = []
            for try await outcome in group { all.append(outcome) }
            return all
        }
        #expect(Set(outcomes.map(\.id)).count == sessionCount)
        #expect(try await store.count() == sessionCount)
        #expect(try await node.sessions().isEmpty)
        await node.shutdown()
        await store.close()
    }
}

/// Collects a reader's samples.
struct SampleList: TrackSampleSink {
    var samples: [Sample] = []
    mutating func trackActivity(named name: String) throws {}
    mutating func consume(_ sample: Sample) throws { samples.append(sample) }
}

extension StoreBackend {
    /// The offsets of a live session's journal rows, in order (straight from the database).
    static func journalOffsets(_ store: any WorkoutStore, session: UUID) async throws -> [Int] {
        if let sqlite = store as? SQLiteWorkoutStore {
            return try await sqlite.pool.read { db in
                try Int.fetchAll(db, sql: "SELECT offset_bytes FROM live_journal WHERE session_id = ? ORDER BY offset_bytes", arguments: [session.uuidString])
            }
        }
        let postgres = try #require(store as? PostgresWorkoutStore)
        var offsets: [Int] = []
        for try await offset in try await postgres.client.query(
            "SELECT offset_bytes FROM live_journal WHERE session_id = \(session) ORDER BY offset_bytes", logger: postgres.logger).decode(Int64.self) {
            offsets.append(Int(offset))
        }
        return offsets
    }

    /// Flips every bit of one byte of a live session's journal row (straight in the database).
    static func flipJournalByte(_ store: any WorkoutStore, session: UUID, chunkOffset: Int, at index: Int) async throws {
        if let sqlite = store as? SQLiteWorkoutStore {
            try await sqlite.pool.write { db in
                let arguments: StatementArguments = [session.uuidString, chunkOffset]
                var bytes = [UInt8](try #require(try Data.fetchOne(db, sql: "SELECT bytes FROM live_journal WHERE session_id = ? AND offset_bytes = ?", arguments: arguments)))
                bytes[index] ^= 0xFF
                try db.execute(sql: "UPDATE live_journal SET bytes = ? WHERE session_id = ? AND offset_bytes = ?", arguments: [Data(bytes)] + arguments)
            }
            return
        }
        let postgres = try #require(store as? PostgresWorkoutStore)
        let offset = Int64(chunkOffset)
        let index = Int32(index)
        try await postgres.client.query(
            "UPDATE live_journal SET bytes = set_byte(bytes, \(index), get_byte(bytes, \(index)) # 255) WHERE session_id = \(session) AND offset_bytes = \(offset)",
            logger: postgres.logger)
    }
}
