import Testing
import TestSupport
import WorkoutEngine
import WorkoutSamples

/// A device clock that never moved (every fix at one time) or was never set (a sentinel such as -2³¹ s)
/// must not lose the route: the track is measured as untimed (issue 12).
struct UntimedTrackTests {
    static func line(count: Int, time: Double?) -> (samples: [Sample], latitudes: [Double], longitudes: [Double]) {
        var samples: [Sample] = []
        var latitudes: [Double] = [], longitudes: [Double] = []
        for i in 0..<count {
            let latitude = 45.9 + Double(i) * 1.1e-4, longitude = 6.8 + Double(i % 7) * 3e-5
            latitudes.append(latitude)
            longitudes.append(longitude)
            samples.append(.location(LocationSample(time: time, latitude: latitude, longitude: longitude, altitudeMeters: 1000 + Double(i))))
            samples.append(.heartRate(HeartRateSample(time: time, beatsPerMinute: 120)))
        }
        return (samples, latitudes, longitudes)
    }

    @Test(arguments: [-2_147_483_648.0, 0.0, 631_065_600.0, 1_600_000_000.0])
    func everyFixAtOneTimeIsAnUntimedTrack(_ time: Double) throws {
        let (samples, latitudes, longitudes) = Self.line(count: 368, time: time)
        let truth = try GeodReference.inverseDistancesMeters(latitudes: latitudes, longitudes: longitudes).reduce(0, +)
        let summary = try WorkoutSummary(samples: samples, options: WorkoutOptions(activity: .hiking))
        let m = summary.metrics
        #expect(m.locationCount == 368)
        #expect(m.rejections.total == 0)
        #expect(m.startTime == nil && m.endTime == nil && m.elapsedSeconds == nil && m.movingSeconds == nil)
        #expect(m.distanceMeters.isApproximatelyEqual(to: truth, relativeTolerance: 1e-9), "\(m.distanceMeters) vs \(truth)")
        #expect(m.elevationGainMeters == 367)
        #expect(m.warnings.count == 1)
        let export = ExportTrack(samples: samples, options: WorkoutOptions(activity: .hiking))
        #expect(export.pointCount == 368, "no export writes fewer points than the engine accepted")
        #expect(export.segments.joined().allSatisfy { $0.location.time == nil })
    }

    /// A cold start that stamps its first fixes with one time (the later ones read as untimed, their raw steps
    /// counted): the timed fix after them starts smoothing afresh, so the straight line reads its `geod`
    /// length; before, the smoothed track went back over the stamped stretch (1,091 m for 1,030 m, a
    /// reviewer's file).
    @Test(arguments: [1, 3, 10])
    func aColdStartStampingOneTimeIsNotCountedTwice(stamped: Int) throws {
        var samples: [Sample] = [], latitudes: [Double] = [], longitudes: [Double] = []
        let start = 1_700_000_000.0
        for i in 0..<300 {
            let latitude = 47.3769 + 2.8e-5 * Double(i), longitude = 8.5417 + 1.96e-5 * Double(i)
            latitudes.append(latitude)
            longitudes.append(longitude)
            samples.append(.location(LocationSample(time: i < stamped ? start : start + Double(i), latitude: latitude, longitude: longitude)))
        }
        let truth = try GeodReference.inverseDistancesMeters(latitudes: latitudes, longitudes: longitudes).reduce(0, +)
        let summary = try WorkoutSummary(samples: samples, options: WorkoutOptions(activity: .running))
        #expect(summary.metrics.locationCount == 300)
        #expect(abs(summary.metrics.distanceMeters - truth) <= 0.002 * truth, "\(summary.metrics.distanceMeters) against geod's \(truth)")
    }

    @Test func timesThatMoveOnAreKept() throws {
        var samples = Self.line(count: 10, time: nil).samples
        samples = samples.enumerated().map { index, sample in sample.withTime(1_600_000_000 + Double(index / 2)) }
        let summary = try WorkoutSummary(samples: samples, options: WorkoutOptions(activity: .hiking))
        #expect(summary.metrics.startTime == 1_600_000_000)
        #expect(summary.metrics.elapsedSeconds == 9)
        // No warning about the times (12 m every half second is too fast for a hike, which is warned of).
        #expect(!summary.metrics.warnings.contains { $0.contains("untimed") })
    }
}
