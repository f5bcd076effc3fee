import AsyncHTTPClient
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Logging
import Metrics
import NIOCore
import NIOHTTP1
import Prometheus
import Testing
import WorkoutEngine
import TestSupport
import WorkoutServer
import WorkoutStore

/// swift-metrics takes one factory per process: every test's server writes to this registry.
enum TestMetrics {
    static let registry: PrometheusCollectorRegistry = {
        let registry = PrometheusCollectorRegistry()
        MetricsSystem.bootstrap(PrometheusMetricsFactory(registry: registry))
        return registry
    }()
}

/// One test's server: a SQLite store in a temporary directory, two athletes with tokens, and the
/// application built over them (started by `app.test(.live)`: a real server on a free loopback port).
struct ServerFixture {
    let directory: URL
    let store: SQLiteWorkoutStore
    /// Tokens of the athletes `ana` and `ben`.
    let anaToken: String
    let benToken: String

    init(_ label: String) async throws {
        directory = try TestPaths.temporaryDirectory("server-\(label)")
        store = try SQLiteWorkoutStore(path: directory.appendingPathComponent("workouts.sqlite").path)
        anaToken = try await BearerTokens.create(athlete: "ana", in: store)
        benToken = try await BearerTokens.create(athlete: "ben", in: store)
    }

    /// The journal directory the fixture's file journals use.
    var journalDirectory: String { directory.appendingPathComponent("sessions").path }

    func application(
        maxBodyBytes: Int = 64 << 20, idleTimeoutSeconds: Double = 30, requiresAuthentication: Bool = true,
        journal: (any LiveSessionJournal)? = nil, nodeName: String = "test-node"
    ) async throws -> some ApplicationProtocol {
        var configuration = ServerConfiguration(host: "127.0.0.1", port: 0, maxBodyBytes: maxBodyBytes, idleTimeoutSeconds: idleTimeoutSeconds,
                                                requiresAuthentication: requiresAuthentication, nodeName: nodeName)
        configuration.shutdownGraceSeconds = 5
        var logger = Logger(label: "workout-server-test")
        logger.logLevel = .warning
        return try await buildApplication(ServerDependencies(
            configuration: configuration, store: store, storeKind: "sqlite",
            journal: journal ?? FileLiveSessionJournal(directory: journalDirectory, nodeName: nodeName, logger: logger),
            metrics: TestMetrics.registry, logger: logger))
    }

    func close() async {
        await store.close()
        try? FileManager.default.removeItem(at: directory)
    }
}

/// Request headers with a bearer token and a content type.
func headers(_ token: String?, contentType: String? = nil) -> HTTPFields {
    var fields = HTTPFields()
    if let token { fields[.authorization] = "Bearer \(token)" }
    if let contentType { fields[.contentType] = contentType }
    return fields
}

/// The bytes of a bundled sample track.
func sampleTrackBytes(_ name: String) throws -> ByteBuffer {
    ByteBuffer(bytes: try Data(contentsOf: TestPaths.sampleTrack(name)))
}

/// A JSON object from a response body.
func jsonObject(_ body: ByteBuffer) throws -> [String: Any] {
    let object = try JSONSerialization.jsonObject(with: Data(body.readableBytesView))
    return try #require(object as? [String: Any], "not a JSON object: \(String(buffer: body))")
}

/// Every exchange a test makes, for the OpenAPI check.
actor ExchangeLog {
    struct Exchange: Codable {
        var method: String
        var path: String
        var status: Int
        var contentType: String?
        var body: String
    }

    private(set) var exchanges: [Exchange] = []

    func record(method: HTTPRequest.Method, path: String, status: Int, contentType: String?, body: String) {
        exchanges.append(Exchange(method: method.rawValue, path: path, status: status, contentType: contentType, body: body))
    }

    /// Sends a request through the test client and records the answer.
    ///
    /// The server answers some requests before reading their bodies (413 past the limit, 401, 404) and
    /// then closes the connection: the close races the client, which may still be writing the body or may
    /// already have taken the connection for the next request, and then reports a closed channel instead
    /// of an answer. Such a request is sent again (up to 5 times) on a new connection, as an HTTP client
    /// does with a request that never reached the server.
    @discardableResult
    func send(
        _ client: PatientClient, _ method: HTTPRequest.Method, _ uri: String, token: String?, contentType: String? = nil,
        body: ByteBuffer? = nil
    ) async throws -> Answer {
        var attempt = 1
        var response: Answer
        while true {
            do {
                response = try await client.execute(uri: uri, method: method, headers: headers(token, contentType: contentType), body: body)
                break
            } catch let error where attempt < 5 && Self.isClosedWhileWriting(error) {
                attempt += 1
            }
        }
        record(method: method, path: uri, status: Int(response.status.code), contentType: response.headers[.contentType], body: String(buffer: response.body))
        return response
    }

    /// Whether the client failed because the server closed the connection while the request was written.
    static func isClosedWhileWriting(_ error: any Error) -> Bool {
        if let error = error as? ChannelError, case .ioOnClosedChannel = error { return true }
        if let error = error as? HTTPClientError, error == .remoteConnectionClosed { return true }
        return false
    }
}

/// Server-Sent Events read from a live server with AsyncHTTPClient, event by event.
struct EventStreamReader {
    struct Event: Sendable {
        var name: String
        var data: String
        /// When it arrived (the continuous clock).
        var arrival: ContinuousClock.Instant
    }

    /// Reads `GET uri` on `port` until the stream ends or `stop` says so; returns the events in order.
    static func read(
        port: Int, uri: String, token: String?, until stop: @escaping @Sendable ([Event]) -> Bool = { _ in false }
    ) async throws -> (status: Int, contentType: String?, events: [Event]) {
        var request = HTTPClientRequest(url: "http://127.0.0.1:\(port)\(uri)")
        if let token { request.headers.add(name: "Authorization", value: "Bearer \(token)") }
        let response = try await TestHTTP.client.execute(request, timeout: .seconds(300))
        var events: [Event] = []
        var pending = ""
        guard response.status == .ok else {
            return (Int(response.status.code), response.headers.first(name: "content-type"), [])
        }
        reading: for try await chunk in response.body {
            pending += String(buffer: chunk)
            while let range = pending.range(of: "\n\n") {
                let message = pending[pending.startIndex..<range.lowerBound]
                pending.removeSubrange(pending.startIndex..<range.upperBound)
                var name = "message", data = ""
                for line in message.split(separator: "\n") {
                    if line.hasPrefix("event: ") { name = String(line.dropFirst(7)) }
                    if line.hasPrefix("data: ") { data = String(line.dropFirst(6)) }
                }
                events.append(Event(name: name, data: data, arrival: .now))
                if stop(events) { break reading }
            }
        }
        return (200, response.headers.first(name: "content-type"), events)
    }
}

/// The tests' HTTP client: `HTTPClient.shared` gives up reading after a short while, and a debug build on
/// two shared cores may take minutes to answer an upload. Lives as long as the test process.
enum TestHTTP {
    static let client = HTTPClient(
        eventLoopGroupProvider: .singleton,
        configuration: HTTPClient.Configuration(timeout: .init(connect: .seconds(30), read: .seconds(300))))
}

/// An answer from the server.
struct Answer: Sendable {
    var status: HTTPResponse.Status
    var headers: HTTPFields
    var body: ByteBuffer
}

/// A client of the live test server with a patient timeout: the machine's two cores are shared with
/// other builds, so a debug build may take far longer than HummingbirdTesting's fixed 15 s read timeout
/// to answer an upload.
struct PatientClient: Sendable {
    let port: Int?

    func execute(uri: String, method: HTTPRequest.Method, headers: HTTPFields = [:], body: ByteBuffer? = nil) async throws -> Answer {
        var request = HTTPClientRequest(url: "http://127.0.0.1:\(port ?? 0)\(uri)")
        request.method = HTTPMethod(rawValue: method.rawValue)
        for field in headers { request.headers.add(name: field.name.rawName, value: field.value) }
        if let body { request.body = .bytes(body) }
        let response = try await TestHTTP.client.execute(request, timeout: .seconds(300))
        var fields = HTTPFields()
        for (name, value) in response.headers {
            if let fieldName = HTTPField.Name(name) { fields.append(HTTPField(name: fieldName, value: value)) }
        }
        let collected = try await response.body.collect(upTo: 256 << 20)
        return Answer(status: HTTPResponse.Status(code: Int(response.status.code)), headers: fields, body: collected)
    }
}

extension ApplicationProtocol {
    /// Runs the application as a real server on a free loopback port (HummingbirdTesting's `.live`) and
    /// hands `body` a patient client of it; the server shuts down gracefully when `body` returns.
    func serve<Value: Sendable>(_ body: @escaping @Sendable (PatientClient) async throws -> Value) async throws -> Value {
        try await test(.live) { client in try await body(PatientClient(port: client.port)) }
    }
}
