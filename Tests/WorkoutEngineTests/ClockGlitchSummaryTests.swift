import Foundation
import Testing
import TestSupport
import WorkoutEngine
import WorkoutSamples

/// One mis-dated fix no longer throws away the rest of a track (a reviewer's finding: a GPX fix dated a day
/// ahead kept 11 of 300 fixes, 30.9 m, with no warning): the readers take its time off (`ClockJumpWatch`),
/// and a mis-dating they cannot judge is named in the summary's `warnings`. Distances from PROJ's `geod`;
/// times by arithmetic.
struct ClockGlitchSummaryTests {
    /// 2023-11-14T22:13:20Z.
    static let t0 = 1_700_000_000.0

    /// Fix `index` of the test line: 2.8e-5° north and 1.96e-5° east per step (3.45 m).
    static func position(_ index: Int) -> (latitude: Double, longitude: Double) {
        (47.3769 + 2.8e-5 * Double(index), 8.5417 + 1.96e-5 * Double(index))
    }

    /// A GPX track of one `trk` per element of `tracks`: each fix's position index and time.
    static func gpx(_ tracks: [[(index: Int, time: Double)]]) -> [UInt8] {
        let formatter = ISO8601DateFormatter()
        formatter.timeZone = TimeZone(identifier: "UTC")
        let body = tracks.map { fixes in
            "<trk><trkseg>" + fixes.map { fix in
                let (latitude, longitude) = position(fix.index)
                return "<trkpt lat=\"\(latitude)\" lon=\"\(longitude)\"><time>\(formatter.string(from: Date(timeIntervalSince1970: fix.time)))</time></trkpt>"
            }.joined() + "</trkseg></trk>"
        }.joined()
        return Array("""
            <?xml version="1.0"?><gpx version="1.1" creator="t" xmlns="http://www.topografix.com/GPX/1/1">\(body)</gpx>
            """.utf8)
    }

    /// `geod`'s length of the test line through the fixes `indices`, in order.
    static func truthMeters(_ indices: [Int]) throws -> Double {
        let points = indices.map(position)
        return try GeodReference.inverseDistancesMeters(latitudes: points.map(\.latitude), longitudes: points.map(\.longitude)).reduce(0, +)
    }

    /// 300 fixes 1 s apart, with `change` applied to their times.
    static func line(_ change: (inout [Double]) -> Void) -> [UInt8] {
        var times = (0..<300).map { t0 + Double($0) }
        change(&times)
        return gpx([times.enumerated().map { ($0.offset, $0.element) }])
    }

    @Test func oneFixADayAheadInTheMiddleCostsNothingButItsTime() throws {
        let summary = try WorkoutSummary(trackBytes: Self.line { $0[10] = Self.t0 + 86_400 }, name: "glitch.gpx")
        let m = summary.metrics
        #expect(m.locationCount == 300)
        #expect(m.rejections[.nonIncreasingTime] == 0)
        #expect(m.elapsedSeconds == 299)
        #expect(m.totalSeconds == 299)
        let truth = try Self.truthMeters(Array(0..<300))
        // A noise-free straight line: the smoothed distance is within 0.1 % of the plain sum.
        #expect(m.distanceMeters.isApproximatelyEqual(to: truth, relativeTolerance: 1e-3), "\(m.distanceMeters) vs \(truth)")
        #expect(summary.skippedFields["time"]?.count == 1)
    }

    /// Ten fixes a year ahead: every fix counts, the ten untimed. Without the filter the distance is the plain
    /// sum; with it, within 0.1 % of it (1,092.5 m before the timed fix after a run of untimed ones started the
    /// smoother afresh: the smoothed track ran back over their stretch).
    @Test func aRunOfFixesAYearAheadLosesOnlyTheirTimes() throws {
        let track = Self.line { times in
            for index in 150..<160 { times[index] += 365 * 86_400 }
        }
        let truth = try Self.truthMeters(Array(0..<300))
        let plain = try WorkoutSummary(trackBytes: track, name: "glitch.gpx", options: WorkoutOptions(filterMode: .none))
        #expect(plain.metrics.distanceMeters.isApproximatelyEqual(to: truth, relativeTolerance: 1e-9), "\(plain.metrics.distanceMeters) vs \(truth)")
        let summary = try WorkoutSummary(trackBytes: track, name: "glitch.gpx")
        let m = summary.metrics
        #expect(m.locationCount == 300)
        #expect(m.distanceMeters.isApproximatelyEqual(to: truth, relativeTolerance: 1e-3), "\(m.distanceMeters) vs \(truth)")
        #expect(m.rejections[.nonIncreasingTime] == 0)
        #expect(m.elapsedSeconds == 299)
        #expect(m.totalSeconds == 299)
        #expect(summary.skippedFields["time"]?.count == 10)
    }

    /// The first fix an hour ahead kept 1 fix, 0 m, no warning: now it loses its time; its position still
    /// counts, the time runs from the second fix.
    @Test func aFirstFixAnHourAheadLosesOnlyItsTime() throws {
        let summary = try WorkoutSummary(trackBytes: Self.line { $0[0] = Self.t0 + 3600 }, name: "glitch.gpx")
        let m = summary.metrics
        #expect(m.locationCount == 300)
        #expect(m.rejections[.nonIncreasingTime] == 0)
        #expect(m.elapsedSeconds == 298)
        let truth = try Self.truthMeters(Array(0..<300))
        #expect(m.distanceMeters.isApproximatelyEqual(to: truth, relativeTolerance: 1e-3), "\(m.distanceMeters) vs \(truth)")
        #expect(summary.skippedFields["time"]?.count == 1)
    }

    /// A fix less than six hours ahead in the middle is not judged by the readers: the fixes it overtakes
    /// are left out, and the summary says how many and why.
    @Test func aFixAnHourAheadInTheMiddleIsWarnedOf() throws {
        let summary = try WorkoutSummary(trackBytes: Self.line { $0[5] = Self.t0 + 3600 }, name: "glitch.gpx")
        let m = summary.metrics
        // Fixes 6...299 are dated before fix 5.
        #expect(m.rejections[.nonIncreasingTime] == 294)
        #expect(m.warnings.contains { $0.hasPrefix("294 of 300 fixes were dated at or before a fix already taken") })
        // A few fixes out of order (6...12, dated at or before fix 5) are not worth a word.
        let few = try WorkoutSummary(trackBytes: Self.line { $0[5] = Self.t0 + 12 }, name: "few.gpx")
        #expect(few.metrics.rejections[.nonIncreasingTime] == 7)
        #expect(few.metrics.warnings.isEmpty)
    }

    /// Two outings eight hours apart in one file (the second starts where the first ended): both keep
    /// their times; the eight hours are a pause.
    @Test func aLaterOutingInTheSameFileKeepsItsTimes() throws {
        let first = (0..<200).map { (index: $0, time: Self.t0 + Double($0)) }
        let second = (0..<200).map { (index: 199 + $0, time: Self.t0 + 8 * 3600 + Double($0)) }
        let summary = try WorkoutSummary(trackBytes: Self.gpx([first, second]), name: "two.gpx")
        let m = summary.metrics
        #expect(summary.skippedFields.isEmpty)
        #expect(m.locationCount == 400)
        #expect(m.totalSeconds == 28_999)
        #expect(m.elapsedSeconds == 398)
        let truth = try Self.truthMeters(Array(0..<200) + Array(199..<399))
        #expect(m.distanceMeters.isApproximatelyEqual(to: truth, relativeTolerance: 1e-3), "\(m.distanceMeters) vs \(truth)")
    }

    /// The reviewer's real case: one track point of a Garmin Connect run with its year changed from 2017 to
    /// 2018 kept 51 of 988 fixes (428 m of 12,718 m), with no warning. Now the summary is the unchanged
    /// file's, but for that fix's time.
    @Test func aRealRunWithOneYearChangedReadsAsTheRun() throws {
        let url = TestPaths.sampleTrack("run-garmin-connect-hr-cadence.gpx")
        let text = try String(contentsOf: url, encoding: .utf8)
        // Track point 52's time (the metadata's `time` comes before the first track point).
        var points = text.components(separatedBy: "<trkpt ")
        #expect(points.count == 989)
        let original = points[52]
        points[52] = original.replacingOccurrences(of: "<time>2017-", with: "<time>2018-")
        #expect(points[52] != original)
        let changed = points.joined(separator: "<trkpt ")
        let before = try WorkoutSummary(contentsOfTrack: url.path)
        let after = try WorkoutSummary(trackBytes: Array(changed.utf8), name: "changed.gpx")
        // The fix, its heart rate and its cadence.
        #expect(after.skippedFields["time"]?.count == 3)
        #expect(after.metrics.locationCount == before.metrics.locationCount)
        #expect(after.metrics.rejections == before.metrics.rejections)
        #expect(after.metrics.elapsedSeconds == before.metrics.elapsedSeconds)
        #expect(after.metrics.totalSeconds == before.metrics.totalSeconds)
        // One untimed fix among 988 timed ones, which the smoother takes as it comes: 10.8 m (0.08 %) more.
        #expect(after.metrics.distanceMeters.isApproximatelyEqual(to: before.metrics.distanceMeters, relativeTolerance: 2e-3),
                "\(after.metrics.distanceMeters) vs \(before.metrics.distanceMeters)")
        #expect(after.metrics.distanceMeters > 12_000)
    }
}
