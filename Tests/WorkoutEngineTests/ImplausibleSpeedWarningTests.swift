import Testing
import WorkoutEngine

/// A track most of whose fixes are too fast for the activity (a ride or a drive read as a run) says so in
/// the summary's `warnings`, instead of a distance that is silently short.
struct ImplausibleSpeedWarningTests {
    /// `count` fixes one second apart heading north, `metersPerStep` apart (a degree of latitude is about
    /// 111 km here; the exact figure does not matter, only that each step is far above or below 12.5 m/s).
    static func samples(count: Int, metersPerStep: (Int) -> Double) -> [Sample] {
        var latitude = 45.0
        return (0..<count).map { index in
            if index > 0 { latitude += metersPerStep(index) / 111_000 }
            return .location(LocationSample(time: 1_700_000_000 + Double(index), latitude: latitude, longitude: 7.0))
        }
    }

    @Test func aDriveReadAsARunIsNamed() throws {
        let summary = try WorkoutSummary(samples: Self.samples(count: 20) { _ in 30 }, options: WorkoutOptions(activity: .running))
        let warning = try #require(summary.metrics.warnings.first { $0.contains("faster than running allows (12.5 m/s)") })
        #expect(warning.hasPrefix("\(summary.metrics.rejections[.implausibleSpeed]) of 20 fixes"))
        #expect(summary.metrics.rejections[.implausibleSpeed] > 10)
    }

    @Test func theSameTrackAsARideHasNoWarning() throws {
        let summary = try WorkoutSummary(samples: Self.samples(count: 20) { _ in 30 }, options: WorkoutOptions(activity: .cycling))
        #expect(summary.metrics.rejections[.implausibleSpeed] == 0)
        #expect(summary.metrics.warnings.isEmpty)
    }

    @Test func aFewJumpsInARunAreNotWarnedOf() throws {
        // Three fixes 200 m off a 3 m/s run (spikes: the next fix is back on the run): rejected, counted, but
        // no warning.
        let samples = (0..<40).map { index -> Sample in
            let spike = [10, 20, 30].contains(index) ? 200.0 : 0
            return .location(LocationSample(time: 1_700_000_000 + Double(index), latitude: 45 + (3 * Double(index) + spike) / 111_000, longitude: 7))
        }
        let summary = try WorkoutSummary(samples: samples, options: WorkoutOptions(activity: .running))
        #expect(summary.metrics.rejections[.implausibleSpeed] >= 1)
        #expect(summary.metrics.warnings.isEmpty)
    }
}
