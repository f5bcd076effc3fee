import Foundation
import NIOCore
import NIOHTTP1
import Testing
import WorkoutEngine
import TestSupport
import WorkoutServer

/// Live sessions journaled into PostgreSQL (`StoreLiveSessionJournal`, the server's default there): real
/// `workout-server` processes on one database of the throwaway cluster of `scripts/with-postgres.sh`.
@Suite(.enabled(if: PostgresTestDatabase.clusterURL != nil, "WORKOUT_STORE_POSTGRES_URL is unset: run through scripts/with-postgres.sh (scripts/test.sh does)"))
struct PostgresNodeTests {
    @Test(.timeLimit(.minutes(3))) func anotherNodeTakesOverAfterKillNine() async throws {
        let binary = try #require(BuiltProduct.path(named: "workout-server"), "workout-server is built with the tests")
        let store = try PostgresTestDatabase.fresh("kill9")
        try await NodeTests.killNineAndTakeOver(binary: binary, store: store, journal: nil) { nodeB, token, workoutID, samples in
            try await Self.expectStored(workoutID, on: nodeB, token: token, samples: samples, pausedAfter: 350)
            #expect(try PostgresTestDatabase.liveSessionRows(store) == 0, "the ended session's live rows are removed")
        }
    }

    @Test(.timeLimit(.minutes(3))) func aRestartedNodeRecoversItsSessionsPaused() async throws {
        let binary = try #require(BuiltProduct.path(named: "workout-server"), "workout-server is built with the tests")
        let store = try PostgresTestDatabase.fresh("restart")
        let token = try runProcess(binary, ["token", "create", "ana", "--store", store])
        #expect(token.status == 0, "\(token.standardError)")
        let ana = token.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)
        let samples = try liveSamples("run-garmin-connect-hr-cadence.gpx", count: 400)

        let first = try ServerProcess(binary: binary, store: store, journal: nil, name: "node-a")
        defer { first.stop() }
        try await first.waitUntilHealthy()
        let id = try #require(try jsonObject(try await first.request(.POST, "/v1/sessions", token: ana).body)["id"] as? String)
        #expect(try await first.request(.POST, "/v1/sessions/\(id)/samples", token: ana, body: try ndjson(Array(samples.prefix(300)))).status == 200)
        first.kill9()

        // The same node, restarted: it recovers its own sessions as it starts, paused, before any request
        // names them.
        let again = try ServerProcess(binary: binary, store: store, journal: nil, name: "node-a")
        defer { again.stop() }
        try await again.waitUntilHealthy()
        let listed = try await Self.listedSession(id, on: again, token: ana)
        #expect(listed?["state"] as? String == "paused")
        #expect(listed?["sampleCount"] as? Int == 300)
        // A graceful shutdown releases the session (its rows stay, owned by no node) ...
        #expect(again.terminate() == 0)
        #expect(try PostgresTestDatabase.releasedLiveSessions(store) == 1)

        // ... and another node recovers released sessions as it starts.
        let other = try ServerProcess(binary: binary, store: store, journal: nil, name: "node-b")
        defer { other.stop() }
        try await other.waitUntilHealthy()
        let recovered = try await Self.listedSession(id, on: other, token: ana)
        #expect(recovered?["state"] as? String == "paused")
        #expect(recovered?["sampleCount"] as? Int == 300)
        let workoutID = try await other.resumeAndEnd(id, token: ana, samples: samples, after: 300)
        try await Self.expectStored(workoutID, on: other, token: ana, samples: samples, pausedAfter: 300)
        #expect(try PostgresTestDatabase.liveSessionRows(store) == 0)
        #expect(other.terminate() == 0)
    }

    /// Session `id` in `GET /v1/sessions` (the sessions the node serves), once the node's recovery at
    /// start has listed it (for 10 s at most).
    static func listedSession(_ id: String, on node: ServerProcess, token: String) async throws -> [String: Any]? {
        for _ in 0..<100 {
            let list = try jsonObject(try await node.request(.GET, "/v1/sessions", token: token).body)
            if let found = (list["sessions"] as? [[String: Any]])?.first(where: { $0["id"] as? String == id }) { return found }
            try await Task.sleep(for: .milliseconds(100))
        }
        return nil
    }

    /// The stored workout holds every sample once, in order: its fixes are the fixes the library keeps from
    /// the same samples with a pause after the first `count` (and a resume at the next), and its distance
    /// the library's.
    static func expectStored(_ workoutID: Int, on node: ServerProcess, token: String, samples: [Sample], pausedAfter count: Int) async throws {
        var reference = ExportRecorder(options: LiveSessionDescriptor(athlete: "ana").options)
        for sample in samples.prefix(count) { reference.add(sample) }
        let pauseTime: Double = try #require(samples[count - 1].time)
        let resumeTime: Double = try #require(samples[count].time)
        reference.apply(.call(WorkoutEventSample(time: pauseTime, kind: .pause)))
        reference.apply(.call(WorkoutEventSample(time: resumeTime, kind: .resume)))
        for sample in samples.dropFirst(count) { reference.add(sample) }
        reference.apply(.end(at: nil))
        let expectedFixes = reference.track().segments.joined().map { [$0.location.latitude, $0.location.longitude] }
        let locations = samples.filter { if case .location = $0 { true } else { false } }.count
        #expect(expectedFixes.count > locations * 9 / 10, "the reference keeps most fixes (\(expectedFixes.count) of \(locations))")

        let csv = String(buffer: try await node.request(.GET, "/v1/workouts/\(workoutID)/samples.csv", token: token).body)
        let rows = csv.split(whereSeparator: \.isNewline).dropFirst().map { $0.split(separator: ",", omittingEmptySubsequences: false) }
        let storedFixes = rows.map { [Double($0[3]) ?? .nan, Double($0[4]) ?? .nan] }
        #expect(storedFixes.count == expectedFixes.count)
        #expect(storedFixes == expectedFixes, "every committed fix once, in order")

        let workout = try jsonObject(try await node.request(.GET, "/v1/workouts/\(workoutID)", token: token).body)
        let distance = try #require((workout["summary"] as? [String: Any])?["distanceMeters"] as? Double)
        let expected = try NodeTests.expectedDistance(samples, pausedAfter: count)
        #expect(abs(distance - expected) < 1e-6, "\(distance) against \(expected)")
    }
}

/// Databases of the throwaway PostgreSQL cluster `scripts/with-postgres.sh` runs (`WORKOUT_STORE_POSTGRES_URL`,
/// a superuser): one new database per test.
enum PostgresTestDatabase {
    static var clusterURL: String? {
        ProcessInfo.processInfo.environment["WORKOUT_STORE_POSTGRES_URL"].flatMap { $0.isEmpty ? nil : $0 }
    }

    /// The `--store` URL of a new, empty database.
    static func fresh(_ label: String) throws -> String {
        let url = try #require(clusterURL)
        var components = try #require(URLComponents(string: url))
        let name = "server_\(label)_\(UInt32.random(in: 0...UInt32.max))"
        try psql(url, "CREATE DATABASE \(name)")
        components.path = "/" + name
        return try #require(components.string)
    }

    /// Rows of `live_sessions`.
    static func liveSessionRows(_ store: String) throws -> Int {
        Int(try psql(store, "SELECT count(*) FROM live_sessions")) ?? -1
    }

    /// Rows of `live_sessions` that no node owns (released).
    static func releasedLiveSessions(_ store: String) throws -> Int {
        Int(try psql(store, "SELECT count(*) FROM live_sessions WHERE owner_node IS NULL")) ?? -1
    }

    /// What `psql` prints for `statement`, trimmed.
    @discardableResult
    static func psql(_ url: String, _ statement: String) throws -> String {
        let result = try runProcess("/usr/bin/psql", [url, "-X", "-v", "ON_ERROR_STOP=1", "-q", "-tA", "-c", statement])
        guard result.status == 0 else { throw PostgresTestError.psql(result.standardError) }
        return result.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)
    }
}

enum PostgresTestError: Error, CustomStringConvertible {
    case psql(String)
    var description: String {
        switch self {
        case .psql(let message): return "psql: \(message)"
        }
    }
}
