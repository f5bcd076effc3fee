import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import Testing
import WorkoutEngine
import TestSupport
import WorkoutServer
import WorkoutStore

/// Uploads, queries, exports and who may see what, against a real server on a loopback port.
@Suite struct WorkoutAPITests {
    @Test func uploadStoresOnceAndAnswersTheSameIdAgain() async throws {
        let fixture = try await ServerFixture("upload")
        let app = try await fixture.application()
        let gpx = try sampleTrackBytes("run-garmin-connect-hr-cadence.gpx")
        try await app.serve { client in
            let first = try await client.execute(uri: "/v1/workouts?name=run.gpx", method: .post,
                                                 headers: headers(fixture.anaToken, contentType: "application/gpx+xml"), body: gpx)
            #expect(first.status == .created)
            let created = try jsonObject(first.body)
            let id = try #require(created["id"] as? Int)
            #expect(created["created"] as? Bool == true)
            let workout = try #require(created["workout"] as? [String: Any])
            #expect(workout["activity"] as? String == "running")
            #expect(workout["source"] as? String == "run.gpx")
            // The same bytes, without a content type (sniffed): 200 and the same id.
            let again = try await client.execute(uri: "/v1/workouts", method: .post, headers: headers(fixture.anaToken), body: gpx)
            #expect(again.status == .ok)
            #expect(try jsonObject(again.body)["id"] as? Int == id)
            #expect(try jsonObject(again.body)["created"] as? Bool == false)
            // Another athlete: the bytes are someone else's (409), and the id is not theirs to see (404).
            let other = try await client.execute(uri: "/v1/workouts", method: .post, headers: headers(fixture.benToken), body: gpx)
            #expect(other.status == .conflict)
            let hidden = try await client.execute(uri: "/v1/workouts/\(id)", method: .get, headers: headers(fixture.benToken))
            #expect(hidden.status == .notFound)
            #expect(try jsonObject(hidden.body)["error"] as? String == "not_found")
            // No token: 401; an unknown one: 401.
            #expect(try await client.execute(uri: "/v1/workouts/\(id)", method: .get).status == .unauthorized)
            #expect(try await client.execute(uri: "/v1/workouts", method: .get, headers: headers("wst_nope")).status == .unauthorized)
        }
        #expect(try await fixture.store.count() == 1)
        await fixture.close()
    }

    @Test func theStoredSummaryMatchesTheCLIsOwnReading() async throws {
        let fixture = try await ServerFixture("summary")
        let app = try await fixture.application()
        let fit = try sampleTrackBytes("ride-garmin-edge530-hr-cad-power.fit")
        // The engine's own summary of the file, read from disk the way route-replay does.
        let expected = try WorkoutSummary(contentsOfTrack: TestPaths.sampleTrack("ride-garmin-edge530-hr-cad-power.fit").path)
        try await app.serve { client in
            let response = try await client.execute(uri: "/v1/workouts", method: .post,
                                                    headers: headers(fixture.anaToken, contentType: "application/vnd.ant.fit"), body: fit)
            #expect(response.status == .created)
            let workout = try #require(try jsonObject(response.body)["workout"] as? [String: Any])
            let summary = try #require(workout["summary"] as? [String: Any])
            #expect(summary["activity"] as? String == "cycling")
            #expect((summary["distanceMeters"] as? Double).map { abs($0 - expected.metrics.distanceMeters) < 0.01 } == true)
            let splits = try #require(summary["splits"] as? [String: Any])
            #expect((splits["kilometers"] as? [Any])?.count == expected.analysis.splits.kilometers.count)
            let id = try #require(workout["id"] as? Int)
            let analysis = try jsonObject(try await client.execute(uri: "/v1/workouts/\(id)/analysis", method: .get, headers: headers(fixture.anaToken)).body)
            #expect((analysis["laps"] as? [Any])?.count == expected.analysis.laps.count)
            #expect(analysis["trainingLoad"] is [String: Any])
        }
        await fixture.close()
    }

    @Test func malformedUploadsSayWhereAndStoreNothing() async throws {
        let fixture = try await ServerFixture("malformed")
        let app = try await fixture.application()
        let gpx = """
            <?xml version="1.0"?>
            <gpx version="1.1" xmlns="http://www.topografix.com/GPX/1/1"><trk><trkseg>
            <trkpt lat="abc" lon="8.5"><time>2024-05-01T10:00:00Z</time></trkpt>
            </trkseg></trk></gpx>
            """
        try await app.serve { client in
            let response = try await client.execute(uri: "/v1/workouts?name=bad.gpx", method: .post,
                                                    headers: headers(fixture.anaToken), body: ByteBuffer(string: gpx))
            #expect(response.status == .badRequest)
            let error = try jsonObject(response.body)
            #expect(error["error"] as? String == "malformed_input")
            #expect(error["line"] as? Int == 3)
            #expect(error["column"] as? Int != nil)
            #expect((error["message"] as? String)?.hasPrefix("bad.gpx:3:") == true)
            // Not a track at all: the reader cannot tell what it is.
            let noise = try await client.execute(uri: "/v1/workouts", method: .post, headers: headers(fixture.anaToken),
                                                 body: ByteBuffer(string: "hello"))
            #expect(noise.status == .badRequest)
            // An unknown activity is refused before the body is read.
            let bad = try await client.execute(uri: "/v1/workouts?activity=swimming", method: .post, headers: headers(fixture.anaToken), body: ByteBuffer(string: gpx))
            #expect(bad.status == .badRequest)
            #expect(try jsonObject(bad.body)["message"] as? String == "query parameter activity: expected running, walking, hiking or cycling")
        }
        #expect(try await fixture.store.count() == 0)
        await fixture.close()
    }

    @Test func queriesSelectByActivityTimePlaceAndBox() async throws {
        let fixture = try await ServerFixture("queries")
        let app = try await fixture.application()
        try await app.serve { client in
            var ids: [String: Int] = [:]
            for name in ["run-garmin-connect-hr-cadence.gpx", "ride-garmin-edge530-hr-cad-power.fit", "hike-garmin-gpsmap64s-2seg-elevation.gpx"] {
                let response = try await client.execute(uri: "/v1/workouts?name=\(name)", method: .post, headers: headers(fixture.anaToken),
                                                        body: try sampleTrackBytes(name))
                #expect(response.status == .created, "\(name): \(String(buffer: response.body))")
                ids[name] = try jsonObject(response.body)["id"] as? Int
            }
            func list(_ query: String, token: String? = nil) async throws -> [Int] {
                let response = try await client.execute(uri: "/v1/workouts\(query)", method: .get, headers: headers(token ?? fixture.anaToken))
                #expect(response.status == .ok, "\(query): \(String(buffer: response.body))")
                return (try jsonObject(response.body)["workouts"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? Int }
            }
            #expect(try await list("").count == 3)
            #expect(try await list("", token: fixture.benToken).isEmpty)
            #expect(try await list("?activity=cycling") == [ids["ride-garmin-edge530-hr-cad-power.fit"]!])
            // The run's first fix (from the file) and a point 50 km away.
            let run = try #require(ids["run-garmin-connect-hr-cadence.gpx"])
            #expect(try await list("?near=37.24173816852271,-121.97&within=3000") == [run])
            #expect(try await list("?near=37.7,-121.97&within=100").isEmpty)
            #expect(try await list("?bbox=-122.1,37.1,-121.9,37.3") == [run])
            #expect(try await list("?from=2017-07-29&to=2017-07-30") == [run])
            #expect(try await list("?limit=1").count == 1)
            let bad = try await client.execute(uri: "/v1/workouts?near=91,0&within=5", method: .get, headers: headers(fixture.anaToken))
            #expect(bad.status == .badRequest)
            #expect(try jsonObject(bad.body)["error"] as? String == "bad_request")
        }
        await fixture.close()
    }

    @Test func exportsAreTheEngineFormats() async throws {
        let fixture = try await ServerFixture("exports")
        let app = try await fixture.application()
        try await app.serve { client in
            let upload = try await client.execute(uri: "/v1/workouts", method: .post, headers: headers(fixture.anaToken),
                                                  body: try sampleTrackBytes("run-suunto-ambit-hr-cad-pauses.gpx"))
            let id = try #require(try jsonObject(upload.body)["id"] as? Int)
            let stored = try #require(try await fixture.store.channels(workoutID: Int64(id)))
            let geo = try await client.execute(uri: "/v1/workouts/\(id)/route.geojson", method: .get, headers: headers(fixture.anaToken))
            #expect(geo.headers[.contentType] == "application/geo+json")
            let features = try #require(try jsonObject(geo.body)["features"] as? [[String: Any]])
            let positions = features.compactMap { ($0["geometry"] as? [String: Any])?["coordinates"] as? [[Double]] }.joined()
            #expect(positions.count == stored.count)
            let gpx = try await client.execute(uri: "/v1/workouts/\(id)/route.gpx", method: .get, headers: headers(fixture.anaToken))
            #expect(gpx.headers[.contentType] == "application/gpx+xml")
            // The GPX export reads back as the same fixes.
            let reread = try ImportedWorkout(bytes: Array(buffer: gpx.body), name: "export.gpx", athlete: "x")
            #expect(reread.channels.count == stored.count)
            let csv = try await client.execute(uri: "/v1/workouts/\(id)/samples.csv", method: .get, headers: headers(fixture.anaToken))
            #expect(String(buffer: csv.body).split(whereSeparator: \.isNewline).count == stored.count + 1)
            let svg = try await client.execute(uri: "/v1/workouts/\(id)/map.svg?width=600&color-by=pace", method: .get, headers: headers(fixture.anaToken))
            #expect(svg.headers[.contentType] == "image/svg+xml")
            #expect(String(buffer: svg.body).hasPrefix("<svg") || String(buffer: svg.body).hasPrefix("<?xml"))
            #expect(try await client.execute(uri: "/v1/workouts/\(id)/map.svg", method: .get, headers: headers(fixture.benToken)).status == .notFound)
            #expect(try await client.execute(uri: "/v1/workouts/abc", method: .get, headers: headers(fixture.anaToken)).status == .badRequest)
        }
        await fixture.close()
    }

    @Test func healthAndMetricsNeedNoToken() async throws {
        let fixture = try await ServerFixture("health")
        let app = try await fixture.application()
        try await app.serve { client in
            let health = try await client.execute(uri: "/health", method: .get)
            #expect(health.status == .ok)
            #expect(try jsonObject(health.body)["store"] as? String == "sqlite")
            _ = try await client.execute(uri: "/v1/workouts", method: .post, headers: headers(fixture.anaToken),
                                         body: try sampleTrackBytes("run-garmin-connect-hr-cadence.gpx"))
            let metrics = String(buffer: try await client.execute(uri: "/metrics", method: .get).body)
            #expect(metrics.contains("workout_uploads_total"))
            #expect(metrics.contains("workout_store_operation_seconds"))
            #expect(try await client.execute(uri: "/nowhere", method: .get).status == .notFound)
        }
        await fixture.close()
    }

    @Test func withoutAuthenticationEveryRequestIsTheLocalAthlete() async throws {
        let fixture = try await ServerFixture("noauth")
        let app = try await fixture.application(requiresAuthentication: false)
        try await app.serve { client in
            let response = try await client.execute(uri: "/v1/workouts", method: .post, headers: [:],
                                                    body: try sampleTrackBytes("run-garmin-connect-hr-cadence.gpx"))
            #expect(response.status == .created)
            #expect((try jsonObject(response.body)["workout"] as? [String: Any])?["athlete"] as? String == "local")
        }
        await fixture.close()
    }
}
