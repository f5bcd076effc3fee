import Foundation
import Testing
import TestSupport
import WorkoutEngine

/// TCX through the whole engine: the summary's laps are the file's laps, the activity follows the
/// file's sport, and the device's own figures ride along in the summary (JSON and text).
struct TCXSummaryTests {
    static let files: [(name: String, url: URL?)] = [
        ("run-garmin-fr410-hr-3laps.tcx", TestPaths.sampleTrack("run-garmin-fr410-hr-3laps.tcx")),
        ("ride-garmin-edge500-hr.tcx", TestPaths.sampleTrack("ride-garmin-edge500-hr.tcx")),
        ("other-garmin-vivoactive-xcski-2laps.tcx", TestPaths.sampleTrack("other-garmin-vivoactive-xcski-2laps.tcx")),
        ("ride-garmin-edge305-hr.tcx", TestPaths.sharedTrack("ride-garmin-edge305-hr.tcx")),
        ("run-polar-v800-hr-cad-leading-whitespace.tcx", TestPaths.sharedTrack("run-polar-v800-hr-cad-leading-whitespace.tcx")),
    ]

    /// The reference figures from Python's xml.etree (`scripts/tcx-reference.py`).
    static func reference(_ name: String) throws -> [String: Any] {
        let url = TestPaths.repositoryRoot.appendingPathComponent("Tests/TrackFormatsTests/References/tcx-reference.json")
        let all = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
        return try #require(all[name] as? [String: Any])
    }

    @Test(arguments: files.map(\.name))
    func lapsActivityAndDeviceFigures(name: String) throws {
        guard let url = Self.files.first(where: { $0.name == name })?.url else {
            print("skipped: ../shared/tracks/\(name) is not present")
            return
        }
        let reference = try Self.reference(name)
        let laps = try #require(reference["laps"] as? [[String: Any]])
        let summary = try WorkoutSummary(contentsOfTrack: url.path)
        #expect(summary.metrics.lapCount == laps.count)
        let sport = try #require(reference["sport"] as? String)
        // Running → running, Biking → cycling, Other → the default activity (running).
        let expected: ActivityType = ["Running": .running, "Biking": .cycling][sport] ?? .running
        #expect(summary.metrics.activity == expected)

        let device = try #require(summary.device)
        #expect(device.sport == sport)
        #expect(device.product == reference["creator"] as? String)
        let distance = laps.compactMap { $0["distanceMeters"] as? Double }.reduce(0, +)
        #expect(try #require(device.distanceMeters).isApproximatelyEqual(to: distance, relativeTolerance: 1e-12))

        // The JSON carries the device object with every key, null where the file says nothing.
        let json = try #require(try JSONSerialization.jsonObject(with: Data(summary.jsonText().utf8)) as? [String: Any])
        #expect(json["lapCount"] as? Int == laps.count)
        let object = try #require(json["device"] as? [String: Any])
        #expect(Set(object.keys) == ["manufacturer", "product", "sport", "distanceMeters", "timerSeconds", "elapsedSeconds",
                                     "ascentMeters", "descentMeters", "kilocalories", "averageHeartRate", "maximumHeartRate"])
        #expect(object["ascentMeters"] is NSNull)
        #expect(object["manufacturer"] is NSNull)
        #expect(object["sport"] as? String == sport)
        let timer = laps.compactMap { $0["totalTimeSeconds"] as? Double }.reduce(0, +)
        #expect(try #require(object["timerSeconds"] as? Double).isApproximatelyEqual(to: timer, relativeTolerance: 1e-12))

        // The text summary puts the device's distance beside the engine's.
        let distanceLine = try #require(summary.text().split(separator: "\n").first { $0.hasPrefix("Distance:") })
        #expect(distanceLine.contains("[device: \(DisplayFormatting.fixed(distance / 1000, digits: 2)) km]"))
    }

    /// Running time is the device's timer, Σ of the laps' `TotalTimeSeconds` (`scripts/tcx-reference.py`'s
    /// reference), to 2 s: the Edge 500's ride read 15,928 s of its 17,250 s before the laps' times were
    /// taken as the timer (six stops of up to 413 s without a trackpoint, which the engine paused as
    /// unrecorded gaps while the device's timer ran on); the V800's run, whose second lap was paused, keeps
    /// the engine's gap rule (its 619 s stop paused, 2 s more than the timer's).
    @Test(arguments: files.map(\.name))
    func runningTimeIsTheDevicesTimer(name: String) throws {
        guard let url = Self.files.first(where: { $0.name == name })?.url else {
            print("skipped: ../shared/tracks/\(name) is not present")
            return
        }
        let laps = try #require(try Self.reference(name)["laps"] as? [[String: Any]])
        let timer = laps.compactMap { $0["totalTimeSeconds"] as? Double }.reduce(0, +)
        let elapsed = try #require(try WorkoutSummary(contentsOfTrack: url.path).metrics.elapsedSeconds)
        #expect(abs(elapsed - timer) <= 2, "\(name): \(elapsed) s against the timer's \(timer) s")
    }

    /// The positions of a TCX file's trackpoints in document order, read by a regular expression (not by
    /// the reader under test).
    static func positions(_ text: String) throws -> (latitudes: [Double], longitudes: [Double]) {
        let pattern = try NSRegularExpression(pattern: "<LatitudeDegrees>([^<]+)</LatitudeDegrees>\\s*<LongitudeDegrees>([^<]+)</LongitudeDegrees>")
        var latitudes: [Double] = [], longitudes: [Double] = []
        let ns = text as NSString
        for match in pattern.matches(in: text, range: NSRange(location: 0, length: ns.length)) {
            latitudes.append(try #require(Double(ns.substring(with: match.range(at: 1)).trimmingCharacters(in: .whitespaces))))
            longitudes.append(try #require(Double(ns.substring(with: match.range(at: 2)).trimmingCharacters(in: .whitespaces))))
        }
        return (latitudes, longitudes)
    }

    /// A Forerunner writes one `Track` per lap while it records on (the schema nests a `Track` in its `Lap`):
    /// the lap boundaries are not breaks in the recording, so the file is one segment, and with
    /// `--filter none` its distance is the plain geodesic sum over every trackpoint (PROJ's `geod`),
    /// the 19.8 m across the two lap boundaries included.
    @Test func lapBoundariesDoNotBreakTheRecording() throws {
        let url = TestPaths.sampleTrack("run-garmin-fr410-hr-3laps.tcx")
        let (latitudes, longitudes) = try Self.positions(String(contentsOf: url, encoding: .utf8))
        let reference = try GeodReference.inverseDistancesMeters(latitudes: latitudes, longitudes: longitudes).reduce(0, +)
        let plain = try WorkoutSummary(contentsOfTrack: url.path, options: WorkoutOptions(filterMode: .none))
        #expect(plain.metrics.segmentCount == 1)
        #expect(plain.metrics.lapCount == 3)
        #expect(plain.metrics.distanceMeters.isApproximatelyEqual(to: reference, relativeTolerance: 1e-9), "\(plain.metrics.distanceMeters) m against \(reference) m")
    }

    /// A second `Track` in one lap follows a stop of the device's timer: it starts a segment, and the way
    /// across is not counted; a lap's first `Track` after an earlier lap's goes on with the segment.
    @Test func aSecondTrackInALapStartsASegment() throws {
        let t0 = 1_700_000_000.0
        func point(_ seconds: Double, _ northMeters: Double) -> String {
            let latitude = 46.5 + northMeters / 111_150
            return "<Trackpoint><Time>\(ISO8601Text.string(secondsSince1970: t0 + seconds)!)</Time><Position><LatitudeDegrees>\(latitude)</LatitudeDegrees><LongitudeDegrees>15.25</LongitudeDegrees></Position></Trackpoint>"
        }
        let points = [(0.0, 0.0), (5, 15), (10, 30), (14, 42), (19, 57), (200, 300), (205, 315)]
        let tcx = """
        <?xml version="1.0"?>
        <TrainingCenterDatabase xmlns="http://www.garmin.com/xmlschemas/TrainingCenterDatabase/v2"><Activities><Activity Sport="Running">
          <Lap StartTime="\(ISO8601Text.string(secondsSince1970: t0)!)"><TotalTimeSeconds>12</TotalTimeSeconds>
            <Track>\(points[0...2].map { point($0.0, $0.1) }.joined())</Track></Lap>
          <Lap StartTime="\(ISO8601Text.string(secondsSince1970: t0 + 12)!)"><TotalTimeSeconds>20</TotalTimeSeconds>
            <Track>\(points[3...4].map { point($0.0, $0.1) }.joined())</Track>
            <Track>\(points[5...6].map { point($0.0, $0.1) }.joined())</Track></Lap>
        </Activity></Activities></TrainingCenterDatabase>
        """
        let directory = try TestPaths.temporaryDirectory("tcx-tracks")
        let url = directory.appendingPathComponent("tracks.tcx")
        try tcx.write(to: url, atomically: true, encoding: .utf8)
        let (latitudes, longitudes) = try Self.positions(tcx)
        let steps = try GeodReference.inverseDistancesMeters(latitudes: latitudes, longitudes: longitudes)
        // Every step but the one into the second Track of the second lap.
        let reference = steps.enumerated().filter { $0.offset != 4 }.map(\.element).reduce(0, +)
        let plain = try WorkoutSummary(contentsOfTrack: url.path, options: WorkoutOptions(filterMode: .none))
        #expect(plain.metrics.segmentCount == 2)
        #expect(plain.metrics.distanceMeters.isApproximatelyEqual(to: reference, relativeTolerance: 1e-9), "\(plain.metrics.distanceMeters) m against \(reference) m")
    }

    /// A `MultiSportSession` whose run comes before its ride is one workout under the ride's rules: the
    /// ride's fixes at 14 m/s, GPS jumps to a runner (above 12.5 m/s), count, and the distance is the
    /// geodesic sum over both legs (PROJ's `geod`).
    @Test func aRunThenRideMultiSportSessionCountsTheRide() throws {
        let t0 = 1_700_000_000.0
        typealias Point = (seconds: Double, northMeters: Double)
        let run: [Point] = (0...120).map { second -> Point in (Double(second), 3 * Double(second)) }
        let ride: [Point] = (0...300).map { second -> Point in (150 + Double(second), 360 + 14 * Double(second)) }
        let legs = [run, ride]
        func point(_ seconds: Double, _ northMeters: Double) -> String {
            let latitude = 46.5 + northMeters / 111_150
            return "<Trackpoint><Time>\(ISO8601Text.string(secondsSince1970: t0 + seconds)!)</Time><Position><LatitudeDegrees>\(latitude)</LatitudeDegrees><LongitudeDegrees>15.25</LongitudeDegrees></Position></Trackpoint>"
        }
        func leg(_ part: String, _ sport: String, _ points: [Point]) -> String {
            "<\(part)><Activity Sport=\"\(sport)\"><Lap StartTime=\"\(ISO8601Text.string(secondsSince1970: t0 + points[0].seconds)!)\"><Track>\(points.map { point($0.seconds, $0.northMeters) }.joined())</Track></Lap></Activity></\(part)>"
        }
        let tcx = """
        <?xml version="1.0"?>
        <TrainingCenterDatabase xmlns="http://www.garmin.com/xmlschemas/TrainingCenterDatabase/v2"><Activities><MultiSportSession>
        \(leg("FirstSport", "Running", legs[0]))\(leg("NextSport", "Biking", legs[1]))
        </MultiSportSession></Activities></TrainingCenterDatabase>
        """
        let url = try TestPaths.temporaryDirectory("tcx-multisport").appendingPathComponent("run-ride.tcx")
        try tcx.write(to: url, atomically: true, encoding: .utf8)
        var reference = 0.0
        for points in legs {
            reference += try GeodReference.inverseDistancesMeters(latitudes: points.map { 46.5 + $0.northMeters / 111_150 },
                                                                  longitudes: points.map { _ in 15.25 }).reduce(0, +)
        }
        let summary = try WorkoutSummary(contentsOfTrack: url.path)
        #expect(summary.metrics.activity == .cycling)
        #expect(summary.device?.sport == "Running")
        #expect(summary.metrics.distanceMeters.isApproximatelyEqual(to: reference, relativeTolerance: 0.01), "\(summary.metrics.distanceMeters) m against \(reference) m")
    }

    /// A file of several workouts listed latest first (Training Center exports them so; Runalyze's test file
    /// holds three runs of January 2012): the first is the summary's, and the later ones, dated before its
    /// end, are left out with a warning that counts their fixes (they were left out silently before, as
    /// fixes "while paused").
    @Test func anEarlierWorkoutLaterInTheFileIsLeftOutWithAWarning() throws {
        let t0 = 1_700_000_000.0
        func activity(startingAt start: Double, points: Int) -> String {
            let trackpoints = (0..<points).map { index in
                "<Trackpoint><Time>\(ISO8601Text.string(secondsSince1970: start + Double(index))!)</Time><Position><LatitudeDegrees>\(46.5 + 3 * Double(index) / 111_150)</LatitudeDegrees><LongitudeDegrees>15.25</LongitudeDegrees></Position></Trackpoint>"
            }
            return #"<Activity Sport="Running"><Lap StartTime="\#(ISO8601Text.string(secondsSince1970: start)!)"><Track>\#(trackpoints.joined())</Track></Lap></Activity>"#
        }
        let first = activity(startingAt: t0, points: 300)
        let directory = try TestPaths.temporaryDirectory("tcx-several")
        func summary(_ activities: String, _ name: String) throws -> WorkoutSummary {
            let url = directory.appendingPathComponent(name)
            try #"<?xml version="1.0"?><TrainingCenterDatabase xmlns="http://www.garmin.com/xmlschemas/TrainingCenterDatabase/v2"><Activities>\#(activities)</Activities></TrainingCenterDatabase>"#
                .write(to: url, atomically: true, encoding: .utf8)
            return try WorkoutSummary(contentsOfTrack: url.path)
        }
        let alone = try summary(first, "alone.tcx")
        let several = try summary(first + activity(startingAt: t0 - 86_400, points: 200) + activity(startingAt: t0 - 2 * 86_400, points: 100), "several.tcx")
        #expect(several.metrics.distanceMeters.isApproximatelyEqual(to: alone.metrics.distanceMeters, relativeTolerance: 1e-6))
        #expect(several.metrics.elapsedSeconds == alone.metrics.elapsedSeconds)
        #expect(several.metrics.locationsWhilePaused == 300)
        #expect(several.metrics.lapCount == alone.metrics.lapCount)
        #expect(alone.metrics.warnings.isEmpty)
        let warning = try #require(several.metrics.warnings.first)
        #expect(warning.hasPrefix("300 fixes after a new segment are dated before the workout's latest time (\(ISO8601Text.string(secondsSince1970: t0 + 299)!))"))

        // A second activity overlapping the first by a few seconds (a device's clock at a lap) is not an
        // earlier workout: its fixes after the first one's end count; those dated before it are left out, and
        // said (the one at its last second is a repeated time).
        let overlapping = try summary(first + activity(startingAt: t0 + 297, points: 100), "overlapping.tcx")
        #expect(overlapping.metrics.warnings == ["2 fixes opened a segment dated before the latest time read (by up to 2.0 s; segments that overlap): time does not run back, so they were left out (counted in locationsWhilePaused)"])
        #expect(overlapping.metrics.locationsWhilePaused == 3)
    }

    /// Formats that state nothing about the device give `"device": null`, and no device figures in text.
    @Test func gpxHasNoDeviceObject() throws {
        let summary = try WorkoutSummary(contentsOfTrack: TestPaths.sampleTrack("run-garmin-connect-hr-cadence.gpx").path)
        #expect(summary.device == nil)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(summary.jsonText().utf8)) as? [String: Any])
        #expect(json["device"] is NSNull)
        #expect(!summary.text().contains("device"))
    }
}
