import Foundation
import Testing
import TestSupport
import WorkoutStore

/// Connections dropped by the server mid-import (`pg_terminate_backend`, as a restart or a failover
/// does): each file is either stored whole or reported, and importing again completes the set.
///
/// Disabled: when it first ran, the pool opened no new connection after the terminations and every later
/// operation waited for the store's 120 s operation timeout (the import would take about 40 minutes). The
/// cause is not yet known; the test stays to reproduce it.
@Suite(
    .disabled("after pg_terminate_backend the store's pool did not reconnect (README, Store: known limit)"),
    .enabled(if: StoreBackend.postgresURL != nil, "WORKOUT_STORE_POSTGRES_URL is unset: run through scripts/with-postgres.sh (scripts/test.sh does)"))
struct PostgresConnectionLossTests {
    @Test func droppedConnectionsLoseNothingCommittedAndLeaveNothingHalfWritten() async throws {
        let admin = try #require(StoreBackend.postgresURL)
        let location = try StoreBackend.postgres.freshLocation("dropped")
        let database = try #require(URLComponents(string: location)?.path.dropFirst()).description
        let directory = try TestPaths.temporaryDirectory("dropped")
        let total = 40
        for index in 0..<total {
            try Data(SyntheticTrack.gpx(index: index, points: 1_500)).write(to: directory.appendingPathComponent(String(format: "w%03d.gpx", index)))
        }
        let store = try await WorkoutStores.open(location)
        // Terminate every connection of the test database a few times while the import runs.
        let killer = Task {
            var terminated = 0
            for _ in 0..<8 {
                try? await Task.sleep(for: .milliseconds(150))
                let result = try runProcess("/usr/bin/psql", [
                    admin, "-X", "-tA", "-c",
                    "SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity WHERE datname = '\(database)' AND pid <> pg_backend_pid()",
                ])
                terminated += Int(result.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0
            }
            return terminated
        }
        let report = await WorkoutImporter.run(paths: [directory.path], into: store, athlete: "a", jobs: 2)
        let terminated = try await killer.value
        #expect(terminated > 0, "no connection was terminated: the test did not test anything")
        #expect(report.stored + report.failures.count == total)
        for failure in report.failures {
            #expect(failure.hasPrefix(directory.path) && failure.contains("database:"), "\(failure)")
        }
        // Whatever was committed is whole.
        let stored = try await store.workouts(matching: WorkoutQuery())
        #expect(stored.count == report.stored)
        for workout in stored {
            #expect(try await store.channels(workoutID: workout.id)?.count == 1_500)
            #expect(workout.bounds != nil)
        }
        let again = await WorkoutImporter.run(paths: [directory.path], into: store, athlete: "a", jobs: 2)
        #expect(again.failures == [])
        #expect(again.alreadyStored == report.stored)
        #expect(try await store.count() == total)
        await store.close()
    }
}
