import Foundation
import Testing
import TestSupport

/// Every pathological case listed in the shared track notes (`SOURCES.md`). Where the real file is
/// GPL/AGPL and may not be copied, an equivalent is generated from a permissive or synthetic track.
struct PathologicalTrackTests {
    /// A GPX 1.0 track like a logger's, from generated fixes with optional per-point overrides.
    static func gpx10(_ points: [(lat: Double, lon: Double, time: String, fix: String?)], rootTime: String? = nil) -> String {
        var text = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<gpx version=\"1.0\" creator=\"tests\" xmlns=\"http://www.topografix.com/GPX/1/0\">\n"
        if let rootTime { text += "<time>\(rootTime)</time>\n" }
        text += "<trk><trkseg>\n"
        for p in points {
            text += "<trkpt lat=\"\(p.lat)\" lon=\"\(p.lon)\"><time>\(p.time)</time>"
            if let fix = p.fix { text += "<fix>\(fix)</fix>" }
            text += "</trkpt>\n"
        }
        return text + "</trkseg></trk></gpx>\n"
    }

    static func iso(_ seconds: Double) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter.string(from: Date(timeIntervalSince1970: seconds))
    }

    static func baseFixes(seed: UInt64, seconds: Int, startLatitude: Double = 47.66, startLongitude: Double = 9.17, startTime: Double = 1_252_569_600) -> [SyntheticFix] {
        SyntheticTrack.run(seed: seed, durationSeconds: seconds, horizontalNoiseMeters: 0, stopCount: 0,
                           startLatitude: startLatitude, startLongitude: startLongitude, startTime: startTime).truth
    }

    static func distance(_ summary: [String: Any]) -> Double { summary["distanceMeters"] as? Double ?? -1 }
    static func rejected(_ summary: [String: Any], _ reason: String) -> Int {
        (summary["rejectedLocations"] as? [String: Any])?[reason] as? Int ?? 0
    }

    /// Like the MTK logger file: no-fix points stuck at a stale position, and two 1 s jumps of about 2 km.
    @Test func noFixPointsAndGPSJumpsAreRejected() throws {
        let fixes = Self.baseFixes(seed: 21, seconds: 900)
        var points = fixes.map { (lat: $0.latitude, lon: $0.longitude, time: Self.iso($0.time), fix: Optional("3d")) }
        for i in 300..<314 { points[i] = (fixes[299].latitude, fixes[299].longitude, Self.iso(fixes[i].time), "none") }
        points[500].lat += 0.018  // ~2 km north for one second
        points[700].lon += 0.027  // ~2 km east for one second
        let clean = try CLI.summary(try CLI.temporaryFile("clean.gpx", Self.gpx10(fixes.map { ($0.latitude, $0.longitude, Self.iso($0.time), "3d") })))
        let noisy = try CLI.summary(try CLI.temporaryFile("mtk-like.gpx", Self.gpx10(points)))
        #expect(Self.rejected(noisy, "noFix") == 14)
        #expect(Self.rejected(noisy, "implausibleSpeed") == 2)
        let relative = abs(Self.distance(noisy) - Self.distance(clean)) / Self.distance(clean)
        #expect(relative < 0.01, "jumps or stale points leaked into distance: \(relative)")
        // Without filtering, the two jumps alone add about 8 km.
        let unfiltered = try CLI.summary(try CLI.temporaryFile("mtk-like-none.gpx", Self.gpx10(points)), ["--filter", "none"])
        #expect(Self.distance(unfiltered) > Self.distance(clean) + 7_000)
    }

    /// Like the SkyTraq file: one segment holding two sessions, 2.6 years and 8 700 km apart.
    @Test func aTimeAndSpaceJumpInsideOneSegmentIsAPauseNotADistance() throws {
        let first = Self.baseFixes(seed: 22, seconds: 216)
        let second = Self.baseFixes(seed: 23, seconds: 53, startLatitude: 30.27, startLongitude: -97.74, startTime: 1_335_830_400)
        let points = (first + second).map { (lat: $0.latitude, lon: $0.longitude, time: Self.iso($0.time), fix: Optional<String>.none) }
        let summary = try CLI.summary(try CLI.temporaryFile("skytraq-like.gpx", Self.gpx10(points, rootTime: "1970-01-01T00:00:00Z")))
        #expect(Self.distance(summary) < 2_000)
        #expect(summary["segmentCount"] as? Int == 2)
        #expect(summary["pauseCount"] as? Int == 1)
        #expect(abs((summary["elapsedSeconds"] as? Double ?? 0) - (216 + 53)) < 1e-6)
        #expect((summary["totalSeconds"] as? Double ?? 0) > 80_000_000)
        // The root <time> of 1970 is metadata, not a sample: the workout starts in 2009.
        #expect((summary["startDate"] as? String)?.hasPrefix("2009-09-10") == true)
    }

    /// Like the SRM file: the first fixes at (0, 0), then the real track in Brasília.
    @Test func aNullIslandStartIsRejected() throws {
        let fixes = Self.baseFixes(seed: 24, seconds: 600, startLatitude: -15.79, startLongitude: -47.88)
        var points = fixes.map { (lat: $0.latitude, lon: $0.longitude, time: Self.iso($0.time), fix: Optional<String>.none) }
        for i in 0..<6 { points[i].lat = 0; points[i].lon = 0 }
        let summary = try CLI.summary(try CLI.temporaryFile("null-island.gpx", Self.gpx10(points)), ["--activity", "cycling"])
        #expect(Self.rejected(summary, "nullIsland") == 6)
        let bounds = try #require((summary["route"] as? [String: Any])?["bounds"] as? [String: Any])
        #expect((bounds["maxLatitude"] as? Double ?? 0) < -15)
        #expect(Self.distance(summary) < 5_000)
    }

    /// Like the VIRB FIT file: times that count from the FIT epoch (1989-12-31), a few seconds apart.
    @Test func nearEpochTimestampsAreOrdinaryTimes() throws {
        let fixes = Self.baseFixes(seed: 25, seconds: 210, startTime: 631_065_602)
        let points = fixes.map { (lat: $0.latitude, lon: $0.longitude, time: Self.iso($0.time), fix: Optional<String>.none) }
        let summary = try CLI.summary(try CLI.temporaryFile("epoch.gpx", Self.gpx10(points, rootTime: "1970-01-01T00:00:00Z")))
        #expect(summary["startDate"] as? String == "1989-12-31T00:00:02Z")
        #expect(abs((summary["elapsedSeconds"] as? Double ?? 0) - 210) < 1e-6)
    }

    /// Like the Polar export: whitespace before the XML declaration, which strict parsers reject.
    @Test func whitespaceBeforeTheXMLDeclarationIsRead() throws {
        let text = try String(contentsOf: TestPaths.sampleTrack("run-garmin-connect-hr-cadence.gpx"), encoding: .utf8)
        let summary = try CLI.summary(try CLI.temporaryFile("leading-space.gpx", "\n   \r\n\t" + text))
        #expect(summary["locationCount"] as? Int == 988)
    }

    /// A hand-edited copy of a real run with one timestamp moved back (no real recording with backwards
    /// time was found).
    @Test func backwardsTimeIsRejectedNotMeasured() throws {
        var text = try String(contentsOf: TestPaths.sampleTrack("run-garmin-connect-hr-cadence.gpx"), encoding: .utf8)
        let range = try #require(text.range(of: "<time>2017-07-29T15:00:12.000Z</time>"))
        text.replaceSubrange(range, with: "<time>2017-07-29T14:50:00.000Z</time>")
        let summary = try CLI.summary(try CLI.temporaryFile("backwards.gpx", text))
        #expect(Self.rejected(summary, "nonIncreasingTime") == 1)
        #expect(summary["locationCount"] as? Int == 987)
    }

    @Test func repeatedTimestampsFromCalTopo() throws {
        let summary = try CLI.summary(TestPaths.sampleTrack("patho-caltopo-2tracks-repeated-timestamps.gpx").path, ["--activity", "hiking"])
        // Day 01's three fixes all carry 23:45:00: the clock had not moved yet, so the repeats are taken as
        // untimed and kept (their geometry and distance count). Day 02 repeats 16:51 after time has moved
        // on: that repeat is a non-increasing time.
        #expect(Self.rejected(summary, "nonIncreasingTime") == 1)
        #expect(summary["locationCount"] as? Int == 5)
        // Kept: with --filter none every point is there and no step divides by a zero time.
        let unfiltered = try CLI.summary(TestPaths.sampleTrack("patho-caltopo-2tracks-repeated-timestamps.gpx").path, ["--filter", "none"])
        #expect(unfiltered["locationCount"] as? Int == 6)
        #expect((unfiltered["maxSpeedMetersPerSecond"] as? Double).map(\.isFinite) ?? true)
    }

    @Test func duplicatePointsAndEmptyElevation() throws {
        let summary = try CLI.summary(TestPaths.sampleTrack("patho-duplicate-points-empty-ele-ridewithgps.gpx").path)
        #expect(summary["locationCount"] as? Int == 3)
        #expect(Self.distance(summary) == 0)
        #expect(summary["elevationGainMeters"] is NSNull)
        #expect(summary["elapsedSeconds"] as? Double == 2)
    }

    /// Like the DG-100 logger file: a large GPX 1.0 track (12 000 points) with device speed.
    @Test func aLargeLoggerTrack() throws {
        let fixes = SyntheticTrack.run(seed: 26, durationSeconds: 11_999, baseSpeed: 25, horizontalNoiseMeters: 2, stopCount: 0).noisy
        var text = "<?xml version=\"1.0\"?>\n<gpx version=\"1.0\" xmlns=\"http://www.topografix.com/GPX/1/0\"><trk><trkseg>\n"
        for fix in fixes {
            text += "<trkpt lat=\"\(fix.latitude)\" lon=\"\(fix.longitude)\"><ele>\(fix.altitudeMeters)</ele><time>\(Self.iso(fix.time))</time><speed>25.0</speed></trkpt>\n"
        }
        text += "</trkseg></trk></gpx>\n"
        let summary = try CLI.summary(try CLI.temporaryFile("large.gpx", text), ["--activity", "cycling"])
        #expect(summary["locationCount"] as? Int == 12_000)
        #expect(summary["maxSpeedMetersPerSecond"] as? Double == 25)
    }

    @Test func aTruncatedFileIsAnErrorWithAPosition() throws {
        let text = try String(contentsOf: TestPaths.sampleTrack("run-garmin-connect-hr-cadence.gpx"), encoding: .utf8)
        let path = try CLI.temporaryFile("truncated.gpx", String(text.prefix(text.count / 2)))
        let result = try CLI.run(["summary", path])
        #expect(result.status == 65)
        #expect(result.standardError.hasPrefix("route-replay: error: \(path):"))
    }
}
