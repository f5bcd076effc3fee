import Foundation
import GRDB
import Testing
import TestSupport
import WorkoutEngine
@testable import WorkoutStore

/// A store file's page size, read back on a connection of its own: a file the store creates has 16 KiB pages;
/// a file made with SQLite's default 4 KiB pages keeps them, takes the migrations and stores workouts as before.
@Suite struct SQLitePageSizeTests {
    static func pageSize(_ path: String) async throws -> Int? {
        try await DatabaseQueue(path: path).read { db in try Int.fetchOne(db, sql: "PRAGMA page_size") }
    }

    @Test func aNewFileHasLargerPagesAnOldOneKeepsItsOwn() async throws {
        let directory = try TestPaths.temporaryDirectory("sqlite-page-size")
        let workout = try ImportedWorkout(contentsOf: TestPaths.sampleTrack("run-garmin-connect-hr-cadence.gpx").path, athlete: "ana")

        let created = directory.appendingPathComponent("new.sqlite").path
        let store = try SQLiteWorkoutStore(path: created)
        #expect(try await store.save(workout) == .stored(id: 1))
        await store.close()
        #expect(try await Self.pageSize(created) == 16_384)

        let old = directory.appendingPathComponent("old.sqlite").path
        try await DatabaseQueue(path: old).writeWithoutTransaction { db in
            _ = try String.fetchOne(db, sql: "PRAGMA journal_mode = WAL")
            try db.execute(sql: "CREATE TABLE earlier (x INTEGER)")
        }
        #expect(try await Self.pageSize(old) == 4096)
        let reopened = try SQLiteWorkoutStore(path: old)
        #expect(try await reopened.save(workout) == .stored(id: 1))
        let channels = try #require(try await reopened.channels(workoutID: 1))
        #expect(channels.latitudes == workout.channels.latitudes)
        await reopened.close()
        #expect(try await Self.pageSize(old) == 4096)
        #expect(try await DatabaseQueue(path: old).read { db in try String.fetchOne(db, sql: "PRAGMA integrity_check") } == "ok")
    }
}
