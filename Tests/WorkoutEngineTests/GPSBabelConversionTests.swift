import Foundation
import Testing
import TestSupport
import WorkoutEngine

/// The real GPX recordings read again as the FIT and TCX files that another program writes from them:
/// GPSBabel 1.8 (`gpsbabel -t -i gpx -f track.gpx -o garmin_fit|gtrnctr -F …`, Debian's `gpsbabel`). Its FIT
/// files carry one timer start and stop around the whole recording (so the engine takes the device's timer,
/// see README, "Session time"), and its TCX files are courses (`Courses/Course/Track`), not activities. The
/// same fixes must give the same route whatever the container: the TCX course's plain geodesic sum equals
/// PROJ's `geod -I` over the course's own coordinates, the default filter's distance of each conversion
/// stays within 0.5 % of the GPX's, and running time within the file's steps but those that separate
/// outings (moving time within running time) (FIT rounds coordinates to 2⁻³¹ semicircles, about 1 cm; GPSBabel writes
/// TCX with 7 decimals and joins a GPX file's segments into one `Track`). Before, the TCX courses read as
/// empty workouts, and the FIT files of the loggers that merged sessions read as one run across the jump:
/// the SkyTraq file 7,934 km and 2.6 years of running time, the DG-100 file 1.3 % short and 2,010 hours
/// of moving time. The files only in `../shared/tracks` are skipped when that folder is not there.
struct GPSBabelConversionTests {
    static let bundled = ["hike-garmin-gpsmap64s-2seg-elevation.gpx", "hike-outdooractive-planned-trk-no-time-waypoints.gpx",
                          "patho-caltopo-2tracks-repeated-timestamps.gpx", "patho-duplicate-points-empty-ele-ridewithgps.gpx",
                          "run-garmin-connect-hr-cadence.gpx", "run-suunto-ambit-hr-cad-pauses.gpx"]
    static let shared = ["large-globalsat-dg100-12k-points.gpx", "patho-mtk-logger-nofix-gps-jumps.gpx",
                         "patho-skytraq-merged-sessions-time-jump.gpx"]

    static func url(_ name: String) -> URL? {
        bundled.contains(name) ? TestPaths.sampleTrack(name) : TestPaths.sharedTrack(name)
    }

    /// Converts `gpx` with GPSBabel to `format` (`garmin_fit` or `gtrnctr`) in `directory`.
    static func convert(_ gpx: URL, to format: String, in directory: URL) throws -> URL {
        let output = directory.appendingPathComponent(gpx.deletingPathExtension().lastPathComponent + (format == "gtrnctr" ? ".tcx" : ".fit"))
        let result = try runProcess("gpsbabel", ["-t", "-i", "gpx", "-f", gpx.path, "-o", format, "-F", output.path])
        guard result.status == 0 else { throw GPSBabelError(message: "gpsbabel -o \(format) \(gpx.lastPathComponent): \(result.standardError)") }
        return output
    }

    struct GPSBabelError: Error, CustomStringConvertible { var message: String; var description: String { message } }

    static func summary(_ url: URL, filter: LocationFilterMode = .default) throws -> WorkoutSnapshot {
        try WorkoutSummary(contentsOfTrack: url.path, options: WorkoutOptions(filterMode: filter)).metrics
    }

    /// The running time a recording can have at most: the span of its track points' times (read from the
    /// file here, in file order) less every step longer than ``WorkoutBuilder/sessionBreakSeconds``, which
    /// separates two outings (README, "Session time"); `nil` when the file has fewer than two times.
    static func longestRunningSeconds(_ gpx: URL) throws -> Double? {
        let text = try String(contentsOf: gpx, encoding: .utf8)
        guard let track = text.range(of: "<trk>") else { return nil }
        let formatter = ISO8601DateFormatter()
        let fractional = ISO8601DateFormatter()
        fractional.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        let times = text[track.lowerBound...].matches(of: /<time>([^<]+)<\/time>/).compactMap { match -> Double? in
            let value = String(match.output.1)
            return (formatter.date(from: value) ?? fractional.date(from: value))?.timeIntervalSince1970
        }
        guard times.count >= 2 else { return nil }
        var running = 0.0
        for (earlier, later) in zip(times, times.dropFirst()) where later > earlier && later - earlier <= WorkoutBuilder.sessionBreakSeconds {
            running += later - earlier
        }
        return running
    }

    static func expectSameRoute(_ converted: WorkoutSnapshot, as original: WorkoutSnapshot, longestRunningSeconds: Double?, _ label: String) {
        let difference = abs(converted.distanceMeters - original.distanceMeters)
        #expect(difference <= max(1, 0.005 * original.distanceMeters),
                "\(label): \(converted.distanceMeters) m, the GPX \(original.distanceMeters) m")
        // Running time: at most the recording's steps but those that separate outings (a device's timer
        // runs through gaps, not through years), and moving time at most running time.
        if let elapsed = converted.elapsedSeconds, let longest = longestRunningSeconds {
            #expect(elapsed <= longest + 1, "\(label): \(elapsed) s running, the file's steps within outings \(longest) s")
            #expect((converted.movingSeconds ?? 0) <= elapsed + 1e-6, "\(label): moving \(converted.movingSeconds ?? -1) s, running \(elapsed) s")
        }
    }

    /// A ride in a FIT file that names no sport (GPSBabel's from a TCX ride: its course names the sport
    /// `generic`) is read by running's rules, as the README says: its fixes above running's 12.5 m/s are
    /// left out, and the summary says so. Given `cycling`, it reads as the TCX does.
    @Test(arguments: ["ride-garmin-edge500-hr.tcx", "ride-garmin-edge305-hr.tcx", "ride-garmin-edge520-hr-11k.tcx"])
    func aRideWithoutASportSaysItWasReadAsARun(name: String) throws {
        let bundledTCX = TestPaths.sampleTrack(name)
        guard let tcx = FileManager.default.fileExists(atPath: bundledTCX.path) ? bundledTCX : TestPaths.sharedTrack(name) else {
            print("skipped: \(name) is not in ../shared/tracks")
            return
        }
        let directory = try TestPaths.temporaryDirectory("gpsbabel")
        defer { try? FileManager.default.removeItem(at: directory) }
        let fit = directory.appendingPathComponent("ride.fit")
        let result = try runProcess("gpsbabel", ["-t", "-i", "gtrnctr", "-f", tcx.path, "-o", "garmin_fit", "-F", fit.path])
        #expect(result.status == 0, "\(result.standardError)")
        let asRun = try Self.summary(fit)
        #expect(asRun.activity == .running)
        #expect(asRun.warnings.contains { $0.contains("fixes were faster than running allows (12.5 m/s)") }, "\(name): \(asRun.warnings)")
        let original = try Self.summary(tcx)
        let asRide = try WorkoutSummary(contentsOfTrack: fit.path, options: WorkoutOptions(activity: .cycling, activityIsExplicit: true)).metrics
        #expect(asRide.warnings.isEmpty)
        #expect(abs(asRide.distanceMeters - original.distanceMeters) <= 0.005 * original.distanceMeters,
                "\(name) as FIT: \(asRide.distanceMeters) m, the TCX \(original.distanceMeters) m")
    }

    @Test(arguments: bundled + shared)
    func aConversionReadsAsTheGPX(name: String) throws {
        guard let gpx = Self.url(name) else {
            print("skipped: \(name) is not in ../shared/tracks")
            return
        }
        let directory = try TestPaths.temporaryDirectory("gpsbabel")
        defer { try? FileManager.default.removeItem(at: directory) }
        let original = try Self.summary(gpx)
        let longest = try Self.longestRunningSeconds(gpx)

        let fit = try Self.convert(gpx, to: "garmin_fit", in: directory)
        Self.expectSameRoute(try Self.summary(fit), as: original, longestRunningSeconds: longest, "\(name) as FIT")

        let tcx = try Self.convert(gpx, to: "gtrnctr", in: directory)
        Self.expectSameRoute(try Self.summary(tcx), as: original, longestRunningSeconds: longest, "\(name) as a TCX course")
        // The plain sum over the course's own coordinates, by `geod`, per `Track` (GPSBabel writes one).
        let text = try String(contentsOf: tcx, encoding: .utf8)
        var expected = 0.0
        for opened in text.components(separatedBy: "<Track>").dropFirst() {
            let track = opened.components(separatedBy: "</Track>")[0]
            let pattern = /<LatitudeDegrees>([-0-9.]+)<\/LatitudeDegrees>\s*<LongitudeDegrees>([-0-9.]+)<\/LongitudeDegrees>/
            let points = track.matches(of: pattern).compactMap { match in
                Double(match.output.1).flatMap { latitude in Double(match.output.2).map { (latitude, $0) } }
            }
            expected += try GeodReference.inverseDistancesMeters(latitudes: points.map(\.0), longitudes: points.map(\.1)).reduce(0, +)
        }
        let plain = try Self.summary(tcx, filter: .none)
        #expect(abs(plain.distanceMeters - expected) <= 1e-9 * max(expected, 1), "\(name) as a TCX course: \(plain.distanceMeters) m, geod \(expected) m")
    }
}
