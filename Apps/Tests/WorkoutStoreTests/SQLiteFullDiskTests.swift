import Foundation
import GRDB
import Testing
import TestSupport
import WorkoutEngine
@testable import WorkoutStore
#if canImport(Glibc)
import Glibc
#endif

/// A full disk under SQLite: a save that does not fit fails with an error naming the operation and the
/// file, nothing half-written is left, the database passes `PRAGMA integrity_check`, and once there is room
/// again the same save goes in. A live session's commits fail, say so, and land once there is room.
///
/// Two ways to fill it: SQLite's own `max_page_count` (anywhere), and a real 1 MiB tmpfs (when the tests
/// may mount one: root on Linux), where the WAL and the database file themselves meet `ENOSPC`.
@Suite struct SQLiteFullDiskTests {
    /// Whether a tmpfs can be mounted here (tried once).
    static let canMountTmpfs: Bool = {
        guard getuid() == 0, let directory = try? TestPaths.temporaryDirectory("tmpfs-probe") else { return false }
        defer { _ = try? runProcess("/bin/umount", [directory.path]) }
        return (try? runProcess("/bin/mount", ["-t", "tmpfs", "-o", "size=64k", "tmpfs", directory.path]))?.status == 0
    }()

    @Test func maxPageCountFullLeavesAConsistentDatabase() async throws {
        let directory = try TestPaths.temporaryDirectory("sqlite-full")
        let path = directory.appendingPathComponent("workouts.sqlite").path
        let store = try SQLiteWorkoutStore(path: path)
        let pages = try await store.pool.read { db in try Int.fetchOne(db, sql: "PRAGMA page_count") ?? 0 }
        // Room for a few workouts of 500 points (about 40 kB each), not for 40.
        try await store.pool.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA max_page_count = \(pages + 60)") }
        try await Self.fillAndRecover(store: store, path: path) {
            try await store.pool.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA max_page_count = 1000000") }
        }
        await store.close()
    }

    @Test(.enabled(if: canMountTmpfs, "needs root to mount a tmpfs"))
    func fullFileSystemLeavesAConsistentDatabase() async throws {
        let directory = try TestPaths.temporaryDirectory("sqlite-tmpfs")
        #expect(try runProcess("/bin/mount", ["-t", "tmpfs", "-o", "size=1m", "tmpfs", directory.path]).status == 0)
        defer { _ = try? runProcess("/bin/umount", ["-l", directory.path]) }
        let path = directory.appendingPathComponent("workouts.sqlite").path
        let store = try SQLiteWorkoutStore(path: path)
        try await Self.fillAndRecover(store: store, path: path) {
            let result = try runProcess("/bin/mount", ["-o", "remount,size=64m", directory.path])
            #expect(result.status == 0, "\(result.standardError)")
        }
        await store.close()
    }

    /// Saves workouts until one fails for want of room, checks the database, makes room with `grow`, and
    /// saves the rest; then the same for a live session's commits.
    static func fillAndRecover(store: SQLiteWorkoutStore, path: String, grow: () async throws -> Void) async throws {
        // The live session exists (and has committed its start) before the disk fills.
        let node = try await LiveSessions(store: store, nodeID: "node-a")
        let samples = try LiveSessionConformance.samples(of: StoreConformance.suunto)
        let session = try await node.create(athlete: "a", configuration: .init(options: LiveSessionConformance.options))
        await session.ingest(samples[0])
        try await session.sync()
        let workouts = try (0..<40).map {
            try ImportedWorkout(bytes: SyntheticTrack.gpx(index: $0, points: 500), name: "w\($0).gpx", athlete: "a")
        }
        var stored = 0
        var failure: String?
        for workout in workouts {
            do {
                _ = try await store.save(workout)
                stored += 1
            } catch {
                failure = "\(error)"
                break
            }
        }
        let message = try #require(failure, "all 40 workouts fitted: the disk never filled")
        #expect(stored > 0)
        #expect(message.hasPrefix("database: save w\(stored).gpx (\(path)): "), "\(message)")
        #expect(message.contains("full"), "\(message)")
        // Nothing half-written: what is there is whole, and SQLite finds the file sound.
        #expect(try await store.count() == stored)
        for workout in try await store.workouts(matching: WorkoutQuery()) {
            #expect(try await store.channels(workoutID: workout.id)?.count == 500)
            #expect(workout.bounds != nil)
        }
        #expect(try await store.pool.read { db in try String.fetchOne(db, sql: "PRAGMA integrity_check") } == "ok")

        // The live session on the full disk: its commits fail and it goes on in memory.
        await session.ingest(contentsOf: samples.dropFirst())
        await #expect(throws: StoreError.self) { try await session.sync() }
        #expect(!session.status.isHealthy)

        // Room again: the failed save goes in, and so does everything after it; the session's commits land.
        try await grow()
        for workout in workouts[stored...] { _ = try await store.save(workout) }
        #expect(try await store.count() == workouts.count)
        try await session.sync()
        guard case .recovered = session.status else { Issue.record("\(session.status)"); return }
        let journal = try await store.liveJournal(session.id)
        let journaled = try JournalReader.records(in: journal).records.compactMap { record -> Sample? in
            if case .sample(let sample) = record { sample } else { nil }
        }
        #expect(journaled == samples)
        #expect(try await store.pool.read { db in try String.fetchOne(db, sql: "PRAGMA integrity_check") } == "ok")
        await node.shutdown()
    }
}
