import Foundation
import Testing
import TestSupport
import WorkoutEngine
import WorkoutStore

extension StoreConformance {
    /// Tokens (by hash), privacy zones per athlete, and one server secret for every node.
    static func accounts(_ backend: StoreBackend) async throws {
        let (opened, location) = try await backend.freshStore("accounts")
        let store = try #require(opened as? any WorkoutStore & AccountStore)
        try await store.addToken(hash: "h1", athlete: "ana")
        try await store.addToken(hash: "h1", athlete: "ana")
        try await store.addToken(hash: "h2", athlete: "ben")
        #expect(try await store.athlete(tokenHash: "h1") == "ana")
        #expect(try await store.athlete(tokenHash: "h2") == "ben")
        #expect(try await store.athlete(tokenHash: "h3") == nil)

        let zones = [
            PrivacyZone(center: GeoCoordinate(latitude: 47.37, longitude: 8.54), radiusMeters: 200),
            PrivacyZone(center: GeoCoordinate(latitude: -33.9, longitude: 151.2), radiusMeters: 1000),
        ]
        try await store.setPrivacyZones(zones, athlete: "ana")
        #expect(try await store.privacyZones(athlete: "ana") == zones)
        #expect(try await store.privacyZones(athlete: "ben").isEmpty)
        try await store.setPrivacyZones([zones[1]], athlete: "ana")
        #expect(try await store.privacyZones(athlete: "ana") == [zones[1]])

        let secret = try await store.serverSecret()
        #expect(secret.count == 32)
        #expect(try await store.serverSecret() == secret)
        // Another node on the same database reads the same secret.
        let other = try #require(try await WorkoutStores.open(location) as? any WorkoutStore & AccountStore)
        #expect(try await other.serverSecret() == secret)
        await other.close()
        await store.close()
    }

    /// A track read from chunks as they arrive (an HTTP body) is the same workout as the file read from
    /// disk: the same SHA-256 (sha256sum's), the same fixes.
    static func streamedImport(_ backend: StoreBackend) async throws {
        let bytes = try Array(Data(contentsOf: URL(fileURLWithPath: garmin)))
        // Chunks of 1 000 bytes: they split tags, numbers and lines anywhere.
        let chunks = AsyncStream<[UInt8]> { continuation in
            for start in stride(from: 0, to: bytes.count, by: 1000) { continuation.yield(Array(bytes[start..<min(start + 1000, bytes.count)])) }
            continuation.finish()
        }
        let streamed = try await ImportedWorkout.streamed(chunks: chunks, name: "run.gpx", athlete: "ana")
        let fromFile = try ImportedWorkout(contentsOf: garmin, athlete: "ana")
        #expect(streamed.contentHash == (try sha256sum(garmin)))
        #expect(streamed.sourceSizeBytes == bytes.count)
        // (Compared as bit patterns: absent values are NaN, and NaN is not equal to itself.)
        func bits(_ channels: WorkoutChannels) -> [[UInt64]] {
            [channels.timeSeconds, channels.latitudes, channels.longitudes, channels.altitudesMeters, channels.distancesMeters,
             channels.speedsMetersPerSecond, channels.heartRatesBPM, channels.cadencesPerMinute].map { $0.map(\.bitPattern) }
        }
        let sameFixes = bits(streamed.channels) == bits(fromFile.channels) && streamed.channels.segments == fromFile.channels.segments
        #expect(sameFixes)
        #expect(streamed.summary.jsonText() == fromFile.summary.jsonText())
        let (store, _) = try await backend.freshStore("streamed")
        #expect(try await store.save(streamed) == .stored(id: 1))
        #expect(try await store.save(fromFile) == .alreadyStored(id: 1))
        // Stored fixes come back as an export track with the summary's figures.
        let stored = try #require(try await store.workout(id: 1))
        let channels = try #require(try await store.channels(workoutID: 1))
        let track = channels.exportTrack(summary: try JSONDecoder().decode(WorkoutSummary.self, from: Data(stored.summaryJSON.utf8)))
        #expect(track.pointCount == fromFile.channels.count)
        #expect(track.segments.joined().map(\.location.latitude) == fromFile.channels.latitudes)
        await store.close()
    }
}
