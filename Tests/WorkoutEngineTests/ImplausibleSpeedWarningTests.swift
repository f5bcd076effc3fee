import Testing
import WorkoutEngine

/// A track with fixes too fast for the activity (a ride or a drive read as a run: at least 10, and more than
/// 1 % of them) says so in the summary's `warnings`, instead of a distance that is silently short.
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

    /// A ride at about 12 m/s read as a run: every fifth second at 13.2 m/s, above running's 12.5. That fix
    /// is left out, and so is the next (25.2 m in 2 s from the fix before it), the one after is back within
    /// (37.2 m in 3 s): 2 of every 5 fixes, 160 of 400, under half of them. Before, the warning needed more
    /// than half.
    @Test func aRideWithSomeFixesTooFastForARunIsNamed() throws {
        let summary = try WorkoutSummary(samples: Self.samples(count: 400) { $0 % 5 == 2 ? 13.2 : 12 }, options: WorkoutOptions(activity: .running))
        let rejected = summary.metrics.rejections[.implausibleSpeed]
        #expect(rejected >= 10 && rejected < 200, "\(rejected)")
        #expect(summary.metrics.warnings.contains { $0.hasPrefix("\(rejected) of 400 fixes were faster than running allows") })
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
