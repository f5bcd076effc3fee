import AsyncHTTPClient
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import NIOHTTP1
import Testing
import WorkoutEngine
import TestSupport
import WorkoutServer
import WorkoutStore
#if canImport(Glibc)
import Glibc
#endif

/// Live sessions that outlive their node: a restarted node recovers them paused, and after `kill -9`
/// of the node holding a session another node takes it over with every committed sample.
@Suite struct NodeTests {
    @Test func aRestartedNodeRecoversItsSessionsPaused() async throws {
        let fixture = try await ServerFixture("restart")
        let samples = try liveSamples("run-garmin-connect-hr-cadence.gpx", count: 400)
        let first = try await fixture.application(nodeName: "first")
        let id = try await first.serve { client in
            let id = try #require(try jsonObject(try await client.execute(uri: "/v1/sessions", method: .post, headers: headers(fixture.anaToken)).body)["id"] as? String)
            let response = try await client.execute(uri: "/v1/sessions/\(id)/samples", method: .post, headers: headers(fixture.anaToken),
                                                    body: ByteBuffer(string: try ndjson(Array(samples.prefix(300)))))
            #expect(response.status == .ok)
            #expect(try jsonObject(try await client.execute(uri: "/v1/sessions/\(id)", method: .get, headers: headers(fixture.anaToken)).body)["state"] as? String == "running")
            return id
        }
        // The first node shut down gracefully: its lease is free and the journal kept.
        let second = try await fixture.application(nodeName: "second")
        try await second.serve { client in
            let session = try jsonObject(try await client.execute(uri: "/v1/sessions/\(id)", method: .get, headers: headers(fixture.anaToken)).body)
            #expect(session["state"] as? String == "paused")
            #expect(session["sampleCount"] as? Int == 300)
            #expect(session["node"] as? String == "second")
            let resumeAt = try #require(samples[300].time)
            _ = try await client.execute(uri: "/v1/sessions/\(id)/resume", method: .post, headers: headers(fixture.anaToken), body: ByteBuffer(string: #"{"time":\#(resumeAt)}"#))
            _ = try await client.execute(uri: "/v1/sessions/\(id)/samples", method: .post, headers: headers(fixture.anaToken),
                                         body: ByteBuffer(string: try ndjson(Array(samples.dropFirst(300)))))
            let ended = try await client.execute(uri: "/v1/sessions/\(id)/end", method: .post, headers: headers(fixture.anaToken))
            let workoutID = try #require(try jsonObject(ended.body)["workoutId"] as? Int)
            let stored = try #require(try await fixture.store.workout(id: Int64(workoutID)))
            #expect(stored.distanceMeters == (try Self.expectedDistance(samples, pausedAfter: 300)))
        }
        await fixture.close()
    }

    /// The library's builder given the samples with a pause after the first `count` (at the last one's
    /// time) and a resume at the next one's, then ended: what a session taken over there must store.
    static func expected(_ samples: [Sample], pausedAfter count: Int) -> WorkoutBuilder {
        var builder = WorkoutBuilder(options: LiveSessionDescriptor(athlete: "ana").options)
        for sample in samples.prefix(count) { builder.add(sample) }
        builder.pause(at: samples[count - 1].time)
        builder.resume(at: samples[count].time)
        for sample in samples.dropFirst(count) { builder.add(sample) }
        builder.end(at: nil)
        return builder
    }

    static func expectedDistance(_ samples: [Sample], pausedAfter count: Int) throws -> Double {
        try expected(samples, pausedAfter: count).summary().metrics.distanceMeters
    }

    @Test(.timeLimit(.minutes(3))) func anotherNodeTakesOverAfterKillNine() async throws {
        let binary = try #require(BuiltProduct.path(named: "workout-server"), "workout-server is built with the tests")
        let directory = try TestPaths.temporaryDirectory("kill9")
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = "sqlite:\(directory.path)/workouts.sqlite"
        try await Self.killNineAndTakeOver(binary: binary, store: store, journal: "\(directory.path)/sessions") { nodeB, token, workoutID, samples in
            let workout = try jsonObject(try await nodeB.request(.GET, "/v1/workouts/\(workoutID)", token: token).body)
            let summary = try #require(workout["summary"] as? [String: Any])
            // Every committed sample, none twice: the library's distance over the same inputs (to the
            // micrometre: Foundation's JSON parser on Linux may round the last bit differently).
            let expected = try Self.expectedDistance(samples, pausedAfter: 350)
            let distance = try #require(summary["distanceMeters"] as? Double)
            #expect(abs(distance - expected) < 1e-6, "\(distance) against \(expected)")
            #expect(summary["locationCount"] as? Int == Self.expected(samples, pausedAfter: 350).snapshot.locationCount)
        }
    }

    /// The store's journal on a SQLite file (`--journal store`; the flock of each node beside the file is
    /// its liveness lock).
    @Test(.timeLimit(.minutes(3))) func anotherNodeTakesOverThroughTheSQLiteStoreJournal() async throws {
        let binary = try #require(BuiltProduct.path(named: "workout-server"), "workout-server is built with the tests")
        let directory = try TestPaths.temporaryDirectory("kill9-store")
        defer { try? FileManager.default.removeItem(at: directory) }
        try await Self.killNineAndTakeOver(binary: binary, store: "sqlite:\(directory.path)/workouts.sqlite", journal: "store") { nodeB, token, workoutID, samples in
            try await PostgresNodeTests.expectStored(workoutID, on: nodeB, token: token, samples: samples, pausedAfter: 350)
        }
    }

    /// Two `workout-server` processes on `store`, journaling into `journal` (`nil`: the server's default): a
    /// session created on node A with 350 samples, which node B refuses (409 naming node A); node A killed
    /// with SIGKILL; the session taken over on node B (paused, 350 samples), resumed, the other 150 posted
    /// and ended there. `verify` gets node B, the token, the stored workout's id and the samples; then node
    /// B must stop gracefully on SIGTERM.
    static func killNineAndTakeOver(
        binary: String, store: String, journal: String?,
        verify: (_ nodeB: ServerProcess, _ token: String, _ workoutID: Int, _ samples: [Sample]) async throws -> Void
    ) async throws {
        let token = try runProcess(binary, ["token", "create", "ana", "--store", store])
        #expect(token.status == 0, "\(token.standardError)")
        let ana = token.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)
        let nodeA = try ServerProcess(binary: binary, store: store, journal: journal, name: "node-a")
        let nodeB = try ServerProcess(binary: binary, store: store, journal: journal, name: "node-b")
        defer { nodeA.stop(); nodeB.stop() }
        try await nodeA.waitUntilHealthy()
        try await nodeB.waitUntilHealthy()

        let samples = try liveSamples("run-garmin-connect-hr-cadence.gpx", count: 500)
        let id = try #require(try jsonObject(try await nodeA.request(.POST, "/v1/sessions", token: ana).body)["id"] as? String)
        for chunk in stride(from: 0, to: 350, by: 50) {
            let response = try await nodeA.request(.POST, "/v1/sessions/\(id)/samples", token: ana, body: try ndjson(Array(samples[chunk..<chunk + 50])))
            #expect(response.status == 200)
        }
        // Node B does not serve a session node A holds.
        let refused = try await nodeB.request(.GET, "/v1/sessions/\(id)", token: ana)
        #expect(refused.status == 409)
        #expect(String(buffer: refused.body).contains("node-a"))

        nodeA.kill9()
        let taken = try await nodeB.takeOver(id, token: ana)
        #expect(taken.status == 200)
        let session = try jsonObject(taken.body)
        #expect(session["sampleCount"] as? Int == 350)
        #expect(session["state"] as? String == "paused")
        #expect(session["node"] as? String == "node-b")
        let workoutID = try await nodeB.resumeAndEnd(id, token: ana, samples: samples, after: 350)
        try await verify(nodeB, ana, workoutID, samples)
        // Node B stops gracefully on SIGTERM.
        #expect(nodeB.terminate() == 0)
    }
}

/// A `workout-server` process on a free loopback port.
final class ServerProcess: @unchecked Sendable {
    let process = Process()
    let port: Int
    let name: String
    private let output = Pipe()

    /// Starts `binary` on `store`, journaling into `journal` (`nil`: the server's default).
    init(binary: String, store: String, journal: String?, name: String) throws {
        port = freeLoopbackPort()
        self.name = name
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = ["--store", store, "--port", "\(port)", "--node-name", name, "--log-level", "warning"]
            + (journal.map { ["--journal", $0] } ?? [])
        process.standardOutput = output
        process.standardError = output
        try process.run()
    }

    func waitUntilHealthy() async throws {
        for _ in 0..<600 {
            if let response = try? await request(.GET, "/health", token: nil), response.status == 200 { return }
            guard process.isRunning else { throw ServerProcessError.exited(name, String(decoding: output.fileHandleForReading.availableData, as: UTF8.self)) }
            try await Task.sleep(for: .milliseconds(100))
        }
        throw ServerProcessError.notHealthy(name)
    }

    func request(_ method: HTTPMethod, _ uri: String, token: String?, body: String? = nil) async throws -> (status: Int, body: ByteBuffer) {
        var request = HTTPClientRequest(url: "http://127.0.0.1:\(port)\(uri)")
        request.method = method
        if let token { request.headers.add(name: "Authorization", value: "Bearer \(token)") }
        if let body { request.body = .bytes(ByteBuffer(string: body)) }
        let response = try await TestHTTP.client.execute(request, timeout: .seconds(300))
        return (Int(response.status.code), try await response.body.collect(upTo: 64 << 20))
    }

    /// The first request for session `id` once its holder was killed. A file lock goes with the process;
    /// PostgreSQL drops a dead node's advisory lock when its backend reads the closed socket, a moment
    /// after the kill: until then the answer is 409 naming the dead node, so that one is asked again (for
    /// 10 s at most).
    func takeOver(_ id: String, token: String) async throws -> (status: Int, body: ByteBuffer) {
        var answer = try await request(.GET, "/v1/sessions/\(id)", token: token)
        for _ in 0..<100 where answer.status == 409 {
            try await Task.sleep(for: .milliseconds(100))
            answer = try await request(.GET, "/v1/sessions/\(id)", token: token)
        }
        return answer
    }

    /// Resumes paused session `id` at the time of `samples[count]`, posts the samples from there, ends the
    /// session and returns the stored workout's id.
    func resumeAndEnd(_ id: String, token: String, samples: [Sample], after count: Int) async throws -> Int {
        let resumeAt = try #require(samples[count].time)
        #expect(try await request(.POST, "/v1/sessions/\(id)/resume", token: token, body: #"{"time":\#(resumeAt)}"#).status == 200)
        #expect(try await request(.POST, "/v1/sessions/\(id)/samples", token: token, body: try ndjson(Array(samples[count...]))).status == 200)
        let ended = try await request(.POST, "/v1/sessions/\(id)/end", token: token)
        #expect(ended.status == 200, "\(String(buffer: ended.body))")
        return try #require(try jsonObject(ended.body)["workoutId"] as? Int, "\(String(buffer: ended.body))")
    }

    func kill9() {
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }

    /// SIGTERM, then the exit status.
    func terminate() -> Int32 {
        process.terminate()
        process.waitUntilExit()
        return process.terminationStatus
    }

    func stop() {
        if process.isRunning { kill9() }
    }
}

enum ServerProcessError: Error, CustomStringConvertible {
    case exited(String, String)
    case notHealthy(String)
    var description: String {
        switch self {
        case .exited(let name, let output): return "\(name) exited: \(output)"
        case .notHealthy(let name): return "\(name) did not answer /health within 60 s"
        }
    }
}
