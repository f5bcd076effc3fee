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

/// Privacy zones: no output of any endpoint holds a point inside a zone, checked with PROJ's `geod`
/// (an independent program), while distances and times stay those of the whole workout.
@Suite struct PrivacyZoneTests {
    /// Zones around the run's start, a point halfway and its end.
    static func zones(of samples: [Sample]) -> [PrivacyZone] {
        let fixes = samples.compactMap { if case .location(let fix) = $0 { GeoCoordinate(latitude: fix.latitude, longitude: fix.longitude) } else { nil } }
        return [
            PrivacyZone(center: fixes[0], radiusMeters: 200),
            PrivacyZone(center: fixes[fixes.count / 2], radiusMeters: 100),
            PrivacyZone(center: fixes[fixes.count - 1], radiusMeters: 150),
        ]
    }

    /// Geodesic distances from each zone's centre to each point, from `geod -I`.
    static func pointsInside(_ points: [GeoCoordinate], _ zones: [PrivacyZone]) throws -> [GeoCoordinate] {
        var inside: [GeoCoordinate] = []
        for zone in zones where !points.isEmpty {
            // centre, p1, centre, p2, ...: every consecutive pair joins the centre and a point.
            var latitudes: [Double] = [], longitudes: [Double] = []
            for point in points {
                latitudes += [zone.center.latitude, point.latitude]
                longitudes += [zone.center.longitude, point.longitude]
            }
            let distances = try GeodReference.inverseDistancesMeters(latitudes: latitudes, longitudes: longitudes)
            for (index, point) in points.enumerated() where distances[2 * index] <= zone.radiusMeters { inside.append(point) }
        }
        return inside
    }

    static func zonesBody(_ zones: [PrivacyZone]) -> ByteBuffer {
        let items = zones.map { #"{"latitude":\#($0.center.latitude),"longitude":\#($0.center.longitude),"radiusMeters":\#($0.radiusMeters)}"# }
        return ByteBuffer(string: #"{"zones":[\#(items.joined(separator: ","))]}"#)
    }

    @Test func noStoredOutputHoldsAPointInsideAZone() async throws {
        let fixture = try await ServerFixture("privacy")
        let app = try await fixture.application()
        let name = "run-garmin-connect-hr-cadence.gpx"
        let samples = try liveSamples(name)
        let zones = Self.zones(of: samples)
        // The route does pass through every zone: the test would fail if nothing were clipped.
        let allFixes = samples.compactMap { if case .location(let fix) = $0 { GeoCoordinate(latitude: fix.latitude, longitude: fix.longitude) } else { nil } }
        #expect(try Self.pointsInside(allFixes, zones).count > 20)
        try await app.serve { client in
            let put = try await client.execute(uri: "/v1/privacy-zones", method: .put, headers: headers(fixture.anaToken), body: Self.zonesBody(zones))
            #expect(put.status == .ok)
            let upload = try await client.execute(uri: "/v1/workouts", method: .post, headers: headers(fixture.anaToken), body: try sampleTrackBytes(name))
            let id = try #require(try jsonObject(upload.body)["id"] as? Int)
            let expected = try WorkoutSummary(contentsOfTrack: TestPaths.sampleTrack(name).path)

            var shown: [String: [GeoCoordinate]] = [:]
            func routePoints(_ route: [String: Any]?, _ label: String) throws {
                let route = try #require(route)
                let points = try EncodedPolyline.decode(try #require(route["encodedPolyline"] as? String))
                #expect(!points.isEmpty)
                shown[label] = points
                let start = try #require(route["startPoint"] as? [String: Double])
                shown[label + " start"] = [GeoCoordinate(latitude: start["latitude"]!, longitude: start["longitude"]!)]
                // The bounds are those of the points shown, so they reveal nothing hidden.
                let bounds = try #require(route["bounds"] as? [String: Double])
                #expect(bounds["minLatitude"] == points.map(\.latitude).min())
                #expect(bounds["maxLongitude"] == points.map(\.longitude).max())
            }
            let detail = try jsonObject(try await client.execute(uri: "/v1/workouts/\(id)", method: .get, headers: headers(fixture.anaToken)).body)
            try routePoints(detail["route"] as? [String: Any], "detail")
            let summary = try #require(detail["summary"] as? [String: Any])
            let summaryRoute = try #require(summary["route"] as? [String: Any])
            shown["summary polyline"] = try EncodedPolyline.decode(try #require(summaryRoute["encodedPolyline"] as? String))
            // Distances and times are the whole workout's.
            #expect((summary["distanceMeters"] as? Double).map { abs($0 - expected.metrics.distanceMeters) < 0.01 } == true)
            #expect((summary["elapsedSeconds"] as? Double) == expected.metrics.elapsedSeconds)
            let list = try jsonObject(try await client.execute(uri: "/v1/workouts", method: .get, headers: headers(fixture.anaToken)).body)
            try routePoints((list["workouts"] as? [[String: Any]])?.first?["route"] as? [String: Any], "list")

            let geo = try jsonObject(try await client.execute(uri: "/v1/workouts/\(id)/route.geojson", method: .get, headers: headers(fixture.anaToken)).body)
            shown["geojson"] = (geo["features"] as? [[String: Any]] ?? []).flatMap { feature in
                ((feature["geometry"] as? [String: Any])?["coordinates"] as? [[Double]] ?? []).map { GeoCoordinate(latitude: $0[1], longitude: $0[0]) }
            }
            let gpx = String(buffer: try await client.execute(uri: "/v1/workouts/\(id)/route.gpx", method: .get, headers: headers(fixture.anaToken)).body)
            shown["gpx"] = gpx.matches(of: /lat="([-0-9.]+)" lon="([-0-9.]+)"/).map { GeoCoordinate(latitude: Double($0.1)!, longitude: Double($0.2)!) }
            let csv = String(buffer: try await client.execute(uri: "/v1/workouts/\(id)/samples.csv", method: .get, headers: headers(fixture.anaToken)).body)
            let rows = csv.split(whereSeparator: \.isNewline).map { $0.split(separator: ",", omittingEmptySubsequences: false) }
            let header = try #require(rows.first)
            let lat = try #require(header.firstIndex(of: "latitude")), lon = try #require(header.firstIndex(of: "longitude"))
            shown["csv"] = rows.dropFirst().map { GeoCoordinate(latitude: Double($0[lat])!, longitude: Double($0[lon])!) }

            for (label, points) in shown {
                #expect(!points.isEmpty, "\(label) shows nothing")
                #expect(try Self.pointsInside(points, zones).isEmpty, "\(label) shows points inside a zone")
            }
            // Every accepted fix outside the zones is still exported: only the zones (and their per-workout margin) are cut.
            #expect((shown["gpx"]?.count ?? 0) > allFixes.count / 2)

            // The map is drawn from the same shared track.
            let svg = try await client.execute(uri: "/v1/workouts/\(id)/map.svg", method: .get, headers: headers(fixture.anaToken))
            #expect(svg.status == .ok)
            let zonesAnswer = try jsonObject(try await client.execute(uri: "/v1/privacy-zones", method: .get, headers: headers(fixture.anaToken)).body)
            #expect((zonesAnswer["zones"] as? [Any])?.count == 3)
            let tooSmall = try await client.execute(uri: "/v1/privacy-zones", method: .put, headers: headers(fixture.anaToken),
                                                    body: Self.zonesBody([PrivacyZone(center: zones[0].center, radiusMeters: 5)]))
            #expect(tooSmall.status == .unprocessableContent)
        }
        await fixture.close()
    }

    @Test func theSameWorkoutIsClippedTheSameWayEveryTimeAndDifferentWorkoutsDifferently() async throws {
        let fixture = try await ServerFixture("privacy-offset")
        let secret = try await fixture.store.serverSecret()
        let policy = PrivacyPolicy(secret: secret)
        let zone = PrivacyZone(center: GeoCoordinate(latitude: 47.37, longitude: 8.54), radiusMeters: 200)
        let radii = (1...200).map { policy.zones([zone], forWorkout: Int64($0))[0].radiusMeters }
        #expect(radii == (1...200).map { policy.zones([zone], forWorkout: Int64($0))[0].radiusMeters })
        #expect(radii.allSatisfy { $0 >= 200 && $0 <= 300 })
        #expect(Set(radii).count == 200)
        // Spread over the whole range, not bunched: each fifth of it holds some.
        for fifth in 0..<5 {
            #expect(radii.contains { $0 >= 200 + Double(fifth) * 20 && $0 < 200 + Double(fifth + 1) * 20 })
        }
        await fixture.close()
    }

    @Test func viewersOfASharedSessionSeeNoPositionInsideAZone() async throws {
        let fixture = try await ServerFixture("privacy-live")
        let app = try await fixture.application()
        let samples = try liveSamples("run-garmin-connect-hr-cadence.gpx", count: 120, endingAt: Date().timeIntervalSince1970 + 3)
        let fixes = samples.compactMap { if case .location(let fix) = $0 { GeoCoordinate(latitude: fix.latitude, longitude: fix.longitude) } else { nil } }
        // A zone around the first fix that the first 120 samples leave, so both cases happen.
        let zone = PrivacyZone(center: fixes[0], radiusMeters: 100)
        #expect(try Self.pointsInside(fixes, [zone]).count > 10)
        #expect(try Self.pointsInside(fixes, [zone]).count < fixes.count - 10)
        try await app.serve { client in
            let port = try #require(client.port)
            _ = try await client.execute(uri: "/v1/privacy-zones", method: .put, headers: headers(fixture.anaToken), body: Self.zonesBody([zone]))
            let id = try #require(try jsonObject(try await client.execute(uri: "/v1/sessions", method: .post, headers: headers(fixture.anaToken),
                                                                         body: ByteBuffer(string: #"{"shared":true,"autoPause":"off"}"#)).body)["id"] as? String)
            /// The positions of the frames `token`'s viewer receives until the end.
            func watch(_ token: String) -> Task<[GeoCoordinate], any Error> {
                Task {
                    let (_, _, events) = try await EventStreamReader.read(port: port, uri: "/v1/sessions/\(id)/frames?fps=30", token: token) { $0.last?.name == "end" }
                    return try events.filter { $0.name == "frame" }.compactMap { event in
                        let frame = try jsonObject(ByteBuffer(string: event.data))
                        guard let latitude = frame["latitude"] as? Double, let longitude = frame["longitude"] as? Double else { return nil }
                        return GeoCoordinate(latitude: latitude, longitude: longitude)
                    }
                }
            }
            let viewer = watch(fixture.benToken)
            let owner = watch(fixture.anaToken)
            try await Task.sleep(for: .milliseconds(300))
            // One sample at a time, so that frames show each position in turn.
            for sample in samples {
                _ = try await client.execute(uri: "/v1/sessions/\(id)/samples", method: .post, headers: headers(fixture.anaToken), body: ByteBuffer(string: try ndjson([sample])))
                try await Task.sleep(for: .milliseconds(20))
            }
            _ = try await client.execute(uri: "/v1/sessions/\(id)/end", method: .post, headers: headers(fixture.anaToken))
            let seenByViewer = try await viewer.value
            let seenByOwner = try await owner.value
            #expect(!seenByViewer.isEmpty)
            #expect(try Self.pointsInside(seenByViewer, [zone]).isEmpty)
            // The owner's own frames keep every position, inside the zone too.
            #expect(try !Self.pointsInside(seenByOwner, [zone]).isEmpty)
        }
        await fixture.close()
    }
}
