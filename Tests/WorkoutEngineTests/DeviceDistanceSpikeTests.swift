import Foundation
import Testing
import TestSupport
import WorkoutEngine
import WorkoutSamples

/// A device's cumulative distance (a treadmill, a foot pod, a watch indoors) whose total jumps for a reading
/// or a few: the rise from the last reading taken implies more than the activity's plausible maximum speed
/// (the location filter's limit, 12.5 m/s running), so the reading is dropped, counted in
/// `rejectedReadings.distance`, and the readings after it go on from the last one taken. Before, a spike was
/// counted in full (a TCX treadmill run of 297 m read 5,144 m, 52.5 m/s on average, with nothing rejected).
/// Truth: the spike-free sums of the readings, by arithmetic.
struct DeviceDistanceSpikeTests {
    static let start = 1_700_000_000.0

    /// Readings 1 s apart: `meters(i)` at second `i`, for the seconds given (all of 0..<100 by default).
    static func readings(_ seconds: [Int] = Array(0..<100), meters: (Int) -> Double) -> [Sample] {
        seconds.map { .distance(DistanceSample(time: start + Double($0), cumulativeMeters: meters($0))) }
    }

    /// The reviewer's case: a TCX run without positions, 100 trackpoints 1 s apart, `DistanceMeters` 3·i but
    /// for one spike at i = 50. The spike-free steps add up to 3·99 = 297 m (the step from 147 m at 49 s to
    /// 153 m at 51 s is 6 m), over 99 s of moving time.
    @Test(arguments: [5_000.0, 1e12])
    func aSpikeInATCXRunWithoutPositionsIsRejected(spikeMeters: Double) throws {
        let points = (0..<100).map { i in
            let meters = i == 50 ? spikeMeters : 3 * Double(i)
            return "<Trackpoint><Time>\(ISO8601Text.string(secondsSince1970: Self.start + Double(i))!)</Time><DistanceMeters>\(meters)</DistanceMeters></Trackpoint>"
        }
        let tcx = """
        <?xml version="1.0"?>
        <TrainingCenterDatabase xmlns="http://www.garmin.com/xmlschemas/TrainingCenterDatabase/v2"><Activities><Activity Sport="Running">
          <Lap StartTime="\(ISO8601Text.string(secondsSince1970: Self.start)!)"><Track>\(points.joined())</Track></Lap>
        </Activity></Activities></TrainingCenterDatabase>
        """
        let summary = try WorkoutSummary(trackBytes: Array(tcx.utf8), name: "spike.tcx")
        let m = summary.metrics
        #expect(abs(m.distanceMeters - 297) <= 1, "\(m.distanceMeters) m")
        #expect(m.rejectedReadings[.distance] == 1)
        #expect(abs((m.movingSeconds ?? 0) - 99) <= 1e-9, "\(m.movingSeconds ?? 0) s moving")
        #expect(abs((m.averageSpeedMetersPerSecond ?? 0) - 3) <= 0.01, "\(m.averageSpeedMetersPerSecond ?? 0) m/s")
        #expect(abs((m.maximumSpeedMetersPerSecond ?? 0) - 3) <= 0.01, "\(m.maximumSpeedMetersPerSecond ?? 0) m/s")
        // 297 m holds no 400 m, let alone a kilometre (the spike made a 1 km best effort of 0.21 s).
        #expect(summary.analysis.bestEfforts.isEmpty, "\(summary.analysis.bestEfforts.map(\.name))")
        #expect(abs(summary.analysis.splits.kilometers.map(\.figures.distanceMeters).reduce(0, +) - 297) <= 1)
    }

    /// A glitch of three readings in a row, which agree among themselves or do not: each is rejected (a run
    /// of three is shorter than a new level's five), and the 297 m of the spike-free steps remain.
    @Test(arguments: [[5_000.0, 5_003, 5_006], [5_000, 1e9, 7_000], [5_000, 5_000, 5_000]])
    func aGlitchOfSeveralReadingsIsRejectedWhole(glitch: [Double]) throws {
        let samples = Self.readings { i in (50...52).contains(i) ? glitch[i - 50] : 3 * Double(i) }
        let m = try WorkoutSummary(samples: samples, options: WorkoutOptions(activity: .running)).metrics
        #expect(abs(m.distanceMeters - 297) <= 1e-9, "\(m.distanceMeters) m")
        #expect(m.rejectedReadings[.distance] == 3)
        #expect(m.warnings.isEmpty, "\(m.warnings)")
    }

    /// The device's total going back to 0 (a reset) is still taken: 147 m before (0–49 s), nothing for the
    /// step into the reset, then 3·49 = 147 m after it (50–99 s): 294 m, nothing rejected.
    @Test func aResetIsStillTaken() throws {
        let samples = Self.readings { i in 3 * Double(i < 50 ? i : i - 50) }
        let m = try WorkoutSummary(samples: samples, options: WorkoutOptions(activity: .running)).metrics
        #expect(abs(m.distanceMeters - 294) <= 1e-9, "\(m.distanceMeters) m")
        #expect(m.rejectedReadings[.distance] == 0)
    }

    /// Ten minutes without a reading (the foot pod's link lost), then the total 1,800 m higher: 3 m/s over
    /// the 600 s between the two readings, far more than 12.5 m/s allows in one second but not in 600. It is
    /// counted: 147 m (0–49 s), 1,800 m (to 1,947 m at 649 s), then 3·49 = 147 m (to 698 s): 2,094 m.
    @Test func aLargeRiseAfterALongGapIsNotASpike() throws {
        let seconds = Array(0..<50) + Array(649..<699)
        let samples = Self.readings(seconds) { i in 3 * Double(i) }
        let m = try WorkoutSummary(samples: samples, options: WorkoutOptions(activity: .running)).metrics
        #expect(abs(m.distanceMeters - 2_094) <= 1e-9, "\(m.distanceMeters) m")
        #expect(m.rejectedReadings[.distance] == 0)
    }

    /// A jump that persists (a foot pod recalibrated: the total is 1,000 m higher from 50 s on): the jump is
    /// rejected, and once five readings in a row agree among themselves the new level is taken, its step
    /// counting from the first of them. Left out: the 1,000 m and the 3 m of the step into the jump, so
    /// 297 − 3 = 294 m; one reading stays rejected.
    @Test func aJumpThatPersistsIsANewLevelWithoutTheJump() throws {
        let samples = Self.readings { i in 3 * Double(i) + (i >= 50 ? 1_000 : 0) }
        var builder = WorkoutBuilder(options: WorkoutOptions(activity: .running))
        var shown: [Double] = []
        for sample in samples { shown.append(builder.add(sample).metrics.distanceMeters) }
        // Held from 50 to 53 s (the distance shown stays at 147 m), taken at 54 s: 147 + 12 m.
        #expect(shown[53] == 147 && shown[54] == 159, "\(shown[49...55])")
        let m = try WorkoutSummary(samples: samples, options: WorkoutOptions(activity: .running)).metrics
        #expect(abs(m.distanceMeters - 294) <= 1e-9, "\(m.distanceMeters) m")
        #expect(m.rejectedReadings[.distance] == 1)
    }

    /// A treadmill ride at 15 m/s read as a run: every rise is too fast for running, so every reading but the
    /// first is rejected and a warning says why; read as a ride it is 15·99 = 1,485 m, nothing rejected.
    @Test func readingsTooFastForTheActivityAreLeftOutWithAWarning() throws {
        let samples = Self.readings { i in 15 * Double(i) }
        let run = try WorkoutSummary(samples: samples, options: WorkoutOptions(activity: .running)).metrics
        #expect(run.distanceMeters == 0)
        #expect(run.rejectedReadings[.distance] == 99)
        #expect(run.warnings.contains { $0.hasPrefix("99 of 100 device distance readings rose faster than running allows (12.5 m/s)") }, "\(run.warnings)")
        let ride = try WorkoutSummary(samples: samples, options: WorkoutOptions(activity: .cycling)).metrics
        #expect(abs(ride.distanceMeters - 1_485) <= 1e-9, "\(ride.distanceMeters) m")
        #expect(ride.rejectedReadings[.distance] == 0)
        #expect(ride.warnings.isEmpty, "\(ride.warnings)")
    }

    /// `--filter none` keeps every reading as it is (as every valid fix): the spike counts, as before.
    @Test func withoutTheFilterEveryReadingCounts() throws {
        let samples = Self.readings { i in i == 50 ? 5_000 : 3 * Double(i) }
        let m = try WorkoutSummary(samples: samples, options: WorkoutOptions(activity: .running, filterMode: .none)).metrics
        // 147 m, the 4,853 m into the spike, nothing into 153 m (a reset), then 3·48 = 144 m.
        #expect(abs(m.distanceMeters - 5_144) <= 1e-9, "\(m.distanceMeters) m")
        #expect(m.rejectedReadings[.distance] == 0)
    }
}
