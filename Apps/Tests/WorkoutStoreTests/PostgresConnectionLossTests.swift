import Foundation
import Testing
import TestSupport
import WorkoutEngine
@testable import WorkoutStore

/// Connections dropped by the server mid-work (`pg_terminate_backend`, as a restart or a failover does).
///
/// postgres-nio 1.33 never answers a query sent on a connection that has just closed, so these hung before
/// the store watched its connections (README, "Store"). Now an operation whose connection closes fails at
/// once, saying so: a failure that says "no answer within" would mean the watch missed one.
@Suite(.enabled(if: StoreBackend.postgresURL != nil, "WORKOUT_STORE_POSTGRES_URL is unset: run through scripts/with-postgres.sh (scripts/test.sh does)"))
struct PostgresConnectionLossTests {
    /// Terminates every other connection to `database`, `times` times, `pauseMilliseconds` apart; returns
    /// how many it terminated.
    static func terminate(_ database: String, times: Int, pauseMilliseconds: Int) async throws -> Int {
        let admin = try #require(StoreBackend.postgresURL)
        var terminated = 0
        for _ in 0..<times {
            try? await Task.sleep(for: .milliseconds(pauseMilliseconds))
            let result = try runProcess("/usr/bin/psql", [
                admin, "-X", "-tA", "-c",
                "SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity WHERE datname = '\(database)' AND pid <> pg_backend_pid()",
            ])
            terminated += Int(result.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0
        }
        return terminated
    }

    /// Saves while connections are cut: each workout is stored whole or reported with a clear error, and
    /// saving the failed ones again completes the set.
    @Test func droppedConnectionsLoseNothingCommittedAndLeaveNothingHalfWritten() async throws {
        let location = try StoreBackend.postgres.freshLocation("dropped")
        let database = try #require(URLComponents(string: location)?.path.dropFirst()).description
        let workouts = try (0..<150).map { try ImportedWorkout(bytes: SyntheticTrack.gpx(index: $0, points: 300), name: "w\($0).gpx", athlete: "a") }
        let store = try await PostgresWorkoutStore(url: location, operationTimeoutSeconds: 60)
        let killer = Task.detached { try await Self.terminate(database, times: 40, pauseMilliseconds: 30) }
        let outcomes = await withTaskGroup(of: (Int, String?).self) { group in
            var next = 0
            var all: [(Int, String?)] = []
            func add() {
                let index = next
                next += 1
                group.addTask {
                    do {
                        _ = try await store.save(workouts[index])
                        return (index, nil)
                    } catch {
                        return (index, "\(error)")
                    }
                }
            }
            for _ in 0..<4 { add() }
            for await outcome in group {
                all.append(outcome)
                if next < workouts.count { add() }
            }
            return all
        }
        let terminated = try await killer.value
        #expect(terminated > 0, "no connection was terminated: the test did not test anything")
        let failures = outcomes.compactMap(\.1)
        for failure in failures {
            #expect(failure.hasPrefix("database: save w") && failure.contains("closed during the operation"), "\(failure)")
        }
        // Whatever was committed is whole.
        for workout in try await store.workouts(matching: WorkoutQuery()) {
            #expect(try await store.channels(workoutID: workout.id)?.count == 300)
            #expect(workout.bounds != nil)
        }
        // The failed ones go in now; the others are already there.
        for (index, failure) in outcomes where failure != nil {
            _ = try await store.save(workouts[index])
        }
        #expect(try await store.count() == workouts.count)
        await store.close()
    }

    /// A live node's commits while its connections are cut: sessions report the failure and retry; a
    /// commit whose answer was lost is recognised when retried; the journal ends with every sample once.
    @Test func liveCommitsRetryAcrossDroppedConnections() async throws {
        let location = try StoreBackend.postgres.freshLocation("dropped_live")
        let database = try #require(URLComponents(string: location)?.path.dropFirst()).description
        let store = try await PostgresWorkoutStore(url: location, operationTimeoutSeconds: 60)
        let node = try await LiveSessions(store: store, nodeID: "node-a")
        let samples = try LiveSessionConformance.samples(of: StoreConformance.suunto)
        let sessions = try await withThrowingTaskGroup(of: LiveSession.self) { group in
            for _ in 0..<4 { group.addTask { try await node.create(athlete: "ana", configuration: .init(options: LiveSessionConformance.options)) } }
            var all: [LiveSession] = []
            for try await session in group { all.append(session) }
            return all
        }
        let killer = Task.detached { try await Self.terminate(database, times: 30, pauseMilliseconds: 40) }
        await withTaskGroup(of: Void.self) { group in
            for session in sessions {
                group.addTask {
                    for sample in samples {
                        await session.ingest(sample)
                        if Int.random(in: 0..<40) == 0 { try? await session.sync() }
                    }
                }
            }
        }
        let terminated = try await killer.value
        #expect(terminated > 0)
        // Retried until the commits land (each retry a second after a failure).
        for session in sessions {
            var attempts = 0
            while true {
                do {
                    try await session.sync()
                    break
                } catch {
                    attempts += 1
                    #expect("\(error)".contains("closed during the operation"), "\(error)")
                    try #require(attempts < 20, "no commit landed in 20 attempts: \(error)")
                    try await Task.sleep(for: .milliseconds(200))
                }
            }
            #expect(session.status.isHealthy)
            let journal = try await store.liveJournal(session.id)
            let journaled = try JournalReader.records(in: journal).records.compactMap { record -> Sample? in
                if case .sample(let sample) = record { sample } else { nil }
            }
            #expect(journaled == samples, "every sample once, in order")
        }
        await node.shutdown()
        await store.close()
    }
}
