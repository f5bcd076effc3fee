import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Logging
import NIOCore
import Testing
import WorkoutEngine
import TestSupport
import WorkoutServer
import WorkoutStore
#if canImport(Glibc)
import Glibc
#endif

/// Bodies over the limit, bodies that stall, and shutting down with streams open.
@Suite struct LimitsTests {
    @Test func aBodyOverTheLimitIsRefusedWhileItStreams() async throws {
        let fixture = try await ServerFixture("limit")
        let app = try await fixture.application(maxBodyBytes: 1 << 20)
        try await app.serve { client in
            // The 5 MB ride is refused at its first megabyte; nothing is stored.
            let response = try await client.execute(uri: "/v1/workouts", method: .post, headers: headers(fixture.anaToken),
                                                    body: try sampleTrackBytes("ride-garmin-edge500-hr.tcx"))
            #expect(response.status == .contentTooLarge)
            #expect(try jsonObject(response.body)["error"] as? String == "content_too_large")
            // A smaller file still fits.
            let small = try await client.execute(uri: "/v1/workouts", method: .post, headers: headers(fixture.anaToken),
                                                 body: try sampleTrackBytes("run-garmin-connect-hr-cadence.gpx"))
            #expect(small.status == .created)
        }
        #expect(try await fixture.store.count() == 1)
        await fixture.close()
    }

    @Test(.timeLimit(.minutes(1))) func aStalledBodyTimesOutAndKeepsTheSamplesBeforeIt() async throws {
        let fixture = try await ServerFixture("stall")
        let app = try await fixture.application(idleTimeoutSeconds: 3)
        let samples = try liveSamples("run-garmin-connect-hr-cadence.gpx", count: 3)
        try await app.serve { client in
            let port = try #require(client.port)
            let id = try #require(try jsonObject(try await client.execute(uri: "/v1/sessions", method: .post, headers: headers(fixture.anaToken)).body)["id"] as? String)
            let lines = try ndjson(samples)
            // Announce far more than is sent, send three whole samples, then nothing.
            let head = "POST /v1/sessions/\(id)/samples HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer \(fixture.anaToken)\r\n"
                + "Content-Type: application/x-ndjson\r\nContent-Length: 100000\r\n\r\n"
            let stalled = Task.detached { try RawConnection.sendAndWaitForClose(port: port, bytes: Array((head + lines).utf8), timeoutSeconds: 30) }
            // The samples are taken in as they arrive, while the body is still open.
            var seen = 0
            for _ in 0..<50 where seen < 3 {
                try await Task.sleep(for: .milliseconds(50))
                seen = try jsonObject(try await client.execute(uri: "/v1/sessions/\(id)", method: .get, headers: headers(fixture.anaToken)).body)["sampleCount"] as? Int ?? 0
            }
            #expect(seen == 3)
            let (closed, received) = try await stalled.value
            #expect(closed, "the server closed the stalled connection")
            #expect(received.isEmpty, "no answer, only the close: \(received)")
            let session = try jsonObject(try await client.execute(uri: "/v1/sessions/\(id)", method: .get, headers: headers(fixture.anaToken)).body)
            #expect(session["sampleCount"] as? Int == 3)
        }
        await fixture.close()
    }

    @Test(.timeLimit(.minutes(2))) func aGracefulShutdownEndsOpenStreamsAndFreesTheLeases() async throws {
        let fixture = try await ServerFixture("shutdown")
        let app = try await fixture.application()
        let clock = ContinuousClock()
        let (id, events, shutdownStarted) = try await app.serve { client in
            let port = try #require(client.port)
            let id = try #require(try jsonObject(try await client.execute(uri: "/v1/sessions", method: .post, headers: headers(fixture.anaToken)).body)["id"] as? String)
            _ = try await client.execute(uri: "/v1/sessions/\(id)/resume", method: .post, headers: headers(fixture.anaToken))
            let (connected, connectedContinuation) = AsyncStream<Void>.makeStream()
            let reader = Task {
                try await EventStreamReader.read(port: port, uri: "/v1/sessions/\(id)/frames?fps=2", token: fixture.anaToken) { events in
                    if events.count == 1 { connectedContinuation.yield() }
                    return false
                }
            }
            for await _ in connected { break }
            return (id, reader, clock.now)
        }
        // Leaving `serve` shut the server down gracefully; the open stream ended instead of holding it up
        // (without a limit, a stream that ignored the shutdown would hold it up for good).
        #expect(clock.now - shutdownStarted < .seconds(20))
        let (_, _, received) = try await events.value
        #expect(received.contains { $0.name == "frame" })
        var logger = Logger(label: "test")
        logger.logLevel = .critical
        let journal = FileLiveSessionJournal(directory: fixture.journalDirectory, nodeName: "probe", logger: logger)
        #expect(try await journal.abandonedSessions().map { $0.uuidString.lowercased() } == [id])
        await fixture.close()
    }
}

/// A plain TCP client, for what HTTP clients do not do: sending part of a body and then nothing.
enum RawConnection {
    /// Connects to 127.0.0.1:`port`, sends `bytes`, and waits for the server to close the connection;
    /// `false` when it stays open for `timeoutSeconds`; and what the server sent before closing.
    static func sendAndWaitForClose(port: Int, bytes: [UInt8], timeoutSeconds: Int) throws -> (closed: Bool, received: String) {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = UInt16(port).bigEndian
        let connected = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0 }
        }
        guard connected else { throw RawConnectionError.connect(errno) }
        _ = bytes.withUnsafeBytes { send(fd, $0.baseAddress, $0.count, 0) }
        var timeout = timeval(tv_sec: timeoutSeconds, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var buffer = [UInt8](repeating: 0, count: 4096)
        var received: [UInt8] = []
        while true {
            let n = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if n == 0 { return (true, String(decoding: received, as: UTF8.self)) }
            if n < 0 { return (errno == ECONNRESET, String(decoding: received, as: UTF8.self)) }
            received += buffer[0..<n]
        }
    }
}

enum RawConnectionError: Error {
    case connect(Int32)
}
