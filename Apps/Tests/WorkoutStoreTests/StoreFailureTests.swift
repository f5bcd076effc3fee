import Foundation
import Testing
import TestSupport
import WorkoutStore
#if canImport(Glibc)
import Glibc
#endif

/// Stores that cannot be opened fail with a message naming what and where, never a hang.
@Suite struct StoreFailureTests {
    @Test func unreachablePostgresIsAnErrorNotAHang() async throws {
        let url = "postgres://workout@127.0.0.1:\(freeLoopbackPort())/workouts"
        do {
            _ = try await PostgresWorkoutStore(url: url, connectTimeoutSeconds: 2)
            Issue.record("opened a store on a closed port")
        } catch let error as StoreError {
            #expect("\(error)".contains("127.0.0.1:"), "\(error)")
            #expect("\(error)".contains("no answer within 2 s"), "\(error)")
        }
    }

    @Test func badLocationsAreRefused() async throws {
        for location in ["mysql://x", "sqlite:", "postgres://", "workouts.sqlite"] {
            await #expect(throws: StoreError.self, "\(location)") { _ = try await WorkoutStores.open(location) }
        }
    }

    @Test func unwritableSQLitePathNamesTheFile() async throws {
        do {
            _ = try SQLiteWorkoutStore(path: "/nonexistent-directory/workouts.sqlite")
            Issue.record("opened a store in a missing directory")
        } catch let error as StoreError {
            #expect("\(error)".contains("/nonexistent-directory/workouts.sqlite"), "\(error)")
        }
    }
}
