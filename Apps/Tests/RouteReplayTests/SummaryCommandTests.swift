import WorkoutEngine
import Foundation
import Testing
import TestSupport

struct SummaryCommandTests {
    static let requiredKeys = [
        "activity", "startDate", "endDate", "elapsedSeconds", "totalSeconds", "movingSeconds", "distanceMeters",
        "locationCount", "rejectedLocations", "segmentCount", "averageSpeedMetersPerSecond", "maxSpeedMetersPerSecond",
        "averagePaceSecondsPerKilometer", "elevationGainMeters", "elevationLossMeters", "heartRate", "averageCadence",
        "activeEnergyKilocalories", "route",
    ]

    @Test func summaryOfTheBundledRunHasEveryKey() throws {
        let summary = try CLI.summary(TestPaths.sampleTrack("run-garmin-connect-hr-cadence.gpx").path)
        for key in Self.requiredKeys { #expect(summary.keys.contains(key), "missing \(key)") }
        let route = try #require(summary["route"] as? [String: Any])
        for key in ["simplifiedPointCount", "simplificationToleranceMeters", "encodedPolyline", "bounds"] {
            #expect(route.keys.contains(key), "missing route.\(key)")
        }
        let heartRate = try #require(summary["heartRate"] as? [String: Any])
        #expect((heartRate["averageBPM"] as? Double).map { $0 > 100 && $0 < 200 } == true)
        #expect(summary["locationCount"] as? Int == 988)
        #expect(summary["startDate"] as? String == "2017-07-29T14:46:35Z")
    }

    /// `--filter none` distance equals PROJ's `geod -I` summed over the file's own coordinates (read by a
    /// regular expression, segment by segment) within 1e-9 relative.
    @Test(arguments: [
        ("run-garmin-connect-hr-cadence.gpx", "trkpt"),
        ("hike-garmin-gpsmap64s-2seg-elevation.gpx", "trkpt"),
        ("route-alltrails-rte-no-time.gpx", "rtept"),
        ("hike-outdooractive-planned-trk-no-time-waypoints.gpx", "trkpt"),
        ("run-suunto-ambit-hr-cad-pauses.gpx", "trkpt"),
        ("patho-caltopo-2tracks-repeated-timestamps.gpx", "trkpt"),
    ])
    func filterNoneDistanceEqualsGeod(file: String, element: String) throws {
        try Self.expectFilterNoneEqualsGeod(TestPaths.sampleTrack(file), element: element)
    }

    /// The same on the GPSBabel-decoded logger files (GPL, read from `../shared/tracks`): several segments,
    /// gaps of minutes to months inside them, no-fix points, an 8 700 km jump. `--filter none` must not
    /// split a file segment at a gap: the plain sum over each file segment is the reference.
    @Test(.enabled(if: TestPaths.sharedTracksAvailable, "needs ../shared/tracks (GPL files stay out of the repository)"),
          arguments: ["patho-mtk-logger-nofix-gps-jumps.gpx", "patho-skytraq-merged-sessions-time-jump.gpx", "large-globalsat-dg100-12k-points.gpx"])
    func filterNoneDistanceEqualsGeodOnLoggerFiles(file: String) throws {
        let url = try #require(TestPaths.sharedTrack(file))
        try Self.expectFilterNoneEqualsGeod(url, element: "trkpt")
    }

    static func expectFilterNoneEqualsGeod(_ url: URL, element: String) throws {
        var reference = 0.0
        for segment in try GPXCoordinates.segments(of: url, element: element) {
            reference += try GeodReference.inverseDistancesMeters(latitudes: segment.map(\.0), longitudes: segment.map(\.1)).reduce(0, +)
        }
        let summary = try CLI.summary(url.path, ["--filter", "none", "--activity", "hiking"])
        let distance = try #require(summary["distanceMeters"] as? Double)
        #expect(distance.isApproximatelyEqual(to: reference, relativeTolerance: 1e-9), "\(distance) vs geod \(reference)")
    }

    @Test func gpxAndNDJSONOfTheSameSamplesGiveTheSameSummary() throws {
        let track = SyntheticTrack.run(seed: 11, durationSeconds: 1200)
        let gpx = try CLI.temporaryFile("same.gpx", SyntheticTrack.gpx(track.noisy))
        let ndjson = try CLI.temporaryFile("same.ndjson", SyntheticTrack.ndjson(track.noisy))
        for filter in ["default", "none"] {
            let a = try CLI.run(["summary", gpx, "--filter", filter])
            let b = try CLI.run(["summary", ndjson, "--filter", filter])
            #expect(a.status == 0 && b.status == 0)
            #expect(a.standardOutput == b.standardOutput)
        }
    }

    @Test func textFormatIsShortAndHuman() throws {
        let result = try CLI.run(["summary", TestPaths.sampleTrack("run-garmin-connect-hr-cadence.gpx").path, "--format", "text"])
        #expect(result.status == 0)
        #expect(result.standardOutput.contains("Elapsed:"))
        #expect(result.standardOutput.contains(" km"))
        #expect(result.standardOutput.contains("min/km"))
    }

    @Test func anEmptySegmentGivesZeroCountsNotAnError() throws {
        let summary = try CLI.summary(TestPaths.sampleTrack("patho-empty-trkseg-oregon400t.gpx").path)
        #expect(summary["locationCount"] as? Int == 0)
        #expect(summary["distanceMeters"] as? Double == 0)
        #expect(summary["elapsedSeconds"] is NSNull)
        #expect((summary["route"] as? [String: Any])?["bounds"] is NSNull)
    }

    @Test func exitCodes() throws {
        let missing = try CLI.run(["summary", "/nonexistent/track.gpx"])
        #expect(missing.status == 66)
        #expect(missing.standardError.hasPrefix("route-replay: error: /nonexistent/track.gpx"))

        let malformed = try CLI.temporaryFile("bad.gpx", """
        <?xml version="1.0"?>
        <gpx version="1.1" xmlns="http://www.topografix.com/GPX/1/1"><trk><trkseg>
        <trkpt lat="abc" lon="8.5"><time>2024-01-01T00:00:00Z</time></trkpt>
        </trkseg></trk></gpx>
        """)
        let bad = try CLI.run(["summary", malformed])
        #expect(bad.status == 65)
        #expect(bad.standardError.hasPrefix("route-replay: error: \(malformed):3:"))
        #expect(bad.standardError.contains("lat"))

        let usage = try CLI.run(["summary", "x.gpx", "--filter", "sometimes"])
        #expect(usage.status == 64)
    }

    @Test func standardInputWorksWithNDJSON() throws {
        let text = """
        {"type":"header","activity":"cycling"}
        {"type":"location","time":1700000000,"latitude":47.0,"longitude":8.0}
        {"type":"location","time":1700000010,"latitude":47.001,"longitude":8.0}

        """
        let result = try CLI.run(["summary", "-", "--filter", "none"], input: text)
        #expect(result.status == 0, "\(result.standardError)")
        let object = try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8))
        let summary = try #require(object as? [String: Any])
        #expect(summary["activity"] as? String == "cycling")
        let reference = try GeodReference.inverseDistancesMeters(latitudes: [47.0, 47.001], longitudes: [8, 8])[0]
        #expect((summary["distanceMeters"] as? Double)?.isApproximatelyEqual(to: reference, relativeTolerance: 1e-9) == true)
    }
}
