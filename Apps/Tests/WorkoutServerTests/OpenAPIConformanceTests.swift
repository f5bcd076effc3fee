import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import Testing
import WorkoutEngine
import TestSupport
import WorkoutServer

/// Every operation of Schemas/workout-server.openapi.yaml answers on the real server, and every answer
/// (successes and errors) matches the document: the exchanges are recorded and checked by
/// scripts/check-openapi.py (openapi-spec-validator and jsonschema, from PyPI through
/// scripts/openapi-python.sh).
@Suite struct OpenAPIConformanceTests {
    @Test func everyRouteAnswersAsTheDocumentSays() async throws {
        let fixture = try await ServerFixture("openapi")
        let app = try await fixture.application(maxBodyBytes: 2 << 20)
        let log = ExchangeLog()
        let ana = fixture.anaToken
        try await app.serve { client in
            let port = try #require(client.port)
            try await log.send(client, .get, "/health", token: nil)
            try await log.send(client, .get, "/metrics", token: nil)
            try await log.send(client, .put, "/v1/privacy-zones", token: ana, contentType: "application/json",
                               body: ByteBuffer(string: #"{"zones":[{"latitude":47.0,"longitude":8.0,"radiusMeters":200}]}"#))
            try await log.send(client, .put, "/v1/privacy-zones", token: ana, body: ByteBuffer(string: #"{"zones":[{"latitude":95,"longitude":8,"radiusMeters":200}]}"#))
            try await log.send(client, .put, "/v1/privacy-zones", token: ana, body: ByteBuffer(string: "[]"))
            try await log.send(client, .get, "/v1/privacy-zones", token: ana)
            try await log.send(client, .get, "/v1/privacy-zones", token: nil)

            let uploaded = try await log.send(client, .post, "/v1/workouts?name=run.gpx", token: ana, contentType: "application/gpx+xml",
                                              body: try sampleTrackBytes("run-garmin-connect-hr-cadence.gpx"))
            let id = try #require(try jsonObject(uploaded.body)["id"] as? Int)
            try await log.send(client, .post, "/v1/workouts", token: ana, body: try sampleTrackBytes("run-garmin-connect-hr-cadence.gpx"))
            try await log.send(client, .post, "/v1/workouts", token: fixture.benToken, body: try sampleTrackBytes("run-garmin-connect-hr-cadence.gpx"))
            try await log.send(client, .post, "/v1/workouts", token: ana, contentType: "application/vnd.ant.fit",
                               body: try sampleTrackBytes("run-garmin-fr920xt-hr-cad-laps-devfields.fit"))
            try await log.send(client, .post, "/v1/workouts?name=x.gpx", token: ana, body: ByteBuffer(string: "<gpx><trk><trkseg><trkpt lat=\"x\""))
            try await log.send(client, .post, "/v1/workouts", token: ana, body: try sampleTrackBytes("ride-garmin-edge500-hr.tcx"))
            try await log.send(client, .post, "/v1/workouts", token: nil, body: ByteBuffer(string: "{}"))
            try await log.send(client, .get, "/v1/workouts", token: ana)
            try await log.send(client, .get, "/v1/workouts?activity=running&from=2017-01-01&to=2030-01-01&near=37.24,-121.97&within=5000&bbox=-123,36,-121,38&limit=5", token: ana)
            try await log.send(client, .get, "/v1/workouts?bbox=1,2", token: ana)
            try await log.send(client, .get, "/v1/workouts", token: nil)
            for suffix in ["", "/analysis", "/route.geojson?simplify=5", "/route.gpx", "/map.svg?units=imperial", "/samples.csv"] {
                try await log.send(client, .get, "/v1/workouts/\(id)\(suffix)", token: ana)
                try await log.send(client, .get, "/v1/workouts/\(id)\(suffix)", token: fixture.benToken)
                try await log.send(client, .get, "/v1/workouts/\(id)\(suffix)", token: nil)
            }
            try await log.send(client, .get, "/v1/workouts/0", token: ana)
            try await log.send(client, .post, "/v1/workouts/\(id)/replay", token: ana, contentType: "application/json", body: ByteBuffer(string: #"{"speed":50}"#))
            try await log.send(client, .post, "/v1/workouts/\(id)/replay", token: ana, body: ByteBuffer(string: #"{"speed":0}"#))
            try await log.send(client, .post, "/v1/workouts/\(id)/replay", token: fixture.benToken)
            try await log.send(client, .post, "/v1/workouts/\(id)/replay", token: nil)

            let created = try await log.send(client, .post, "/v1/sessions", token: ana, contentType: "application/json",
                                             body: ByteBuffer(string: #"{"activity":"cycling","units":"imperial","autoPause":"off","shared":true,"profile":{"massKilograms":70}}"#))
            let session = try #require(try jsonObject(created.body)["id"] as? String)
            try await log.send(client, .post, "/v1/sessions", token: ana, body: ByteBuffer(string: #"{"colour":"red"}"#))
            try await log.send(client, .post, "/v1/sessions", token: nil)
            try await log.send(client, .get, "/v1/sessions", token: ana)
            try await log.send(client, .get, "/v1/sessions", token: nil)
            try await log.send(client, .get, "/v1/sessions/\(session)", token: ana)
            try await log.send(client, .get, "/v1/sessions/\(UUID().uuidString)", token: ana)
            try await log.send(client, .get, "/v1/sessions/\(session)", token: nil)
            let frames = Task {
                try await EventStreamReader.read(port: port, uri: "/v1/sessions/\(session)/frames?fps=5", token: ana) { $0.last?.name == "end" }
            }
            try await log.send(client, .get, "/v1/sessions/\(session)/frames?fps=99", token: ana)
            try await log.send(client, .get, "/v1/sessions/\(UUID().uuidString)/frames", token: ana)
            try await log.send(client, .get, "/v1/sessions/\(session)/frames", token: nil)
            let samples = try liveSamples("ride-garmin-edge530-hr-cad-power.fit", count: 300)
            try await log.send(client, .post, "/v1/sessions/\(session)/samples", token: ana, contentType: "application/x-ndjson",
                               body: ByteBuffer(string: try ndjson(samples)))
            try await log.send(client, .post, "/v1/sessions/\(session)/samples", token: ana, body: ByteBuffer(string: "{\"type\":\"location\"}\n"))
            try await log.send(client, .post, "/v1/sessions/\(session)/samples", token: ana, body: ByteBuffer(repeating: UInt8(ascii: " "), count: 3 << 20))
            try await log.send(client, .post, "/v1/sessions/\(UUID().uuidString)/samples", token: ana, body: ByteBuffer(string: "\n"))
            try await log.send(client, .post, "/v1/sessions/\(session)/samples", token: nil, body: ByteBuffer(string: "\n"))
            try await log.send(client, .post, "/v1/sessions/\(session)/pause", token: ana, body: ByteBuffer(string: #"{"time":\#(Date().timeIntervalSince1970)}"#))
            try await log.send(client, .post, "/v1/sessions/\(session)/pause", token: nil)
            try await log.send(client, .post, "/v1/sessions/\(UUID().uuidString)/pause", token: ana)
            try await log.send(client, .post, "/v1/sessions/\(session)/resume", token: ana)
            try await log.send(client, .post, "/v1/sessions/\(session)/resume", token: nil)
            try await log.send(client, .post, "/v1/sessions/\(UUID().uuidString)/resume", token: ana)
            try await log.send(client, .post, "/v1/sessions/\(session)/end", token: nil)
            try await log.send(client, .post, "/v1/sessions/\(UUID().uuidString)/end", token: ana)
            try await log.send(client, .post, "/v1/sessions/\(session)/end", token: ana)
            let (status, contentType, events) = try await frames.value
            await log.record(method: .get, path: "/v1/sessions/\(session)/frames?fps=5", status: status, contentType: contentType,
                             body: events.map { "event: \($0.name)\ndata: \($0.data)\n\n" }.joined())
            #expect(events.contains { $0.name == "frame" })
            try await log.send(client, .post, "/v1/sessions/\(session)/end", token: ana)
        }
        let exchanges = await log.exchanges
        let file = fixture.directory.appendingPathComponent("exchanges.json")
        try JSONEncoder().encode(exchanges).write(to: file)
        let python = try OpenAPIChecker.python()
        let result = try runProcess(python, [OpenAPIChecker.script, OpenAPIChecker.document, file.path])
        #expect(result.status == 0, "\(result.standardOutput)\(result.standardError)")
        await fixture.close()
    }
}

/// Where the checker and its Python are.
enum OpenAPIChecker {
    static let root = TestPaths.repositoryRoot.path
    static let script = "\(root)/scripts/check-openapi.py"
    static let document = "\(root)/Schemas/workout-server.openapi.yaml"

    /// The Python scripts/openapi-python.sh prepares (it installs openapi-spec-validator from PyPI once).
    static func python() throws -> String {
        let result = try runProcess("\(root)/scripts/openapi-python.sh", [])
        guard result.status == 0, let path = result.standardOutput.split(separator: "\n").last else {
            throw OpenAPICheckerError.noPython(result.standardError)
        }
        return String(path)
    }
}

enum OpenAPICheckerError: Error, CustomStringConvertible {
    case noPython(String)
    var description: String { if case .noPython(let why) = self { return "scripts/openapi-python.sh failed: \(why)" }; return "" }
}
