import Foundation
import Testing
import TestSupport
import WorkoutEngine
import WorkoutSamples

/// Normalized power, training load and mean-maximal curves against values computed here: by hand, and by
/// a separate, plain implementation of Coggan's definition.
struct AnalysisPowerTests {
    static let start = 1_700_000_000.0

    /// Power readings at 1 Hz, reading k at k seconds; the grid then has `watts.count - 1` seconds.
    static func summary(watts: [Double], ftp: Double? = nil) throws -> WorkoutSummary {
        let samples = watts.enumerated().map { Sample.power(PowerSample(time: start + Double($0.offset), watts: $0.element)) }
        return try WorkoutSummary(samples: samples, options: WorkoutOptions(activity: .cycling, profile: AthleteProfile(ftpWatts: ftp)))
    }

    @Test func constantPowerHasThatNormalizedPower() throws {
        let summary = try Self.summary(watts: Array(repeating: 250, count: 3601), ftp: 250)
        let load = try #require(summary.analysis.trainingLoad)
        #expect(abs((load.normalizedPowerWatts ?? 0) - 250) < 1e-9)
        #expect(abs(load.averagePowerWatts - 250) < 1e-9)
        #expect(abs((load.variabilityIndex ?? 0) - 1) < 1e-12)
        // One hour at FTP: IF 1, TSS 100 by definition; work 250 W × 3 600 s = 900 kJ.
        #expect(abs((load.intensityFactor ?? 0) - 1) < 1e-12)
        #expect(abs((load.trainingStressScore ?? 0) - 100) < 1e-9)
        #expect(abs(load.workKilojoules - 900) < 1e-9)
        #expect(load.durationSeconds == 3600)
        #expect(summary.analysis.meanMaximal.powerWatts.points.map(\.seconds) == MeanMaximalCurve.durationsSeconds)
        #expect(summary.analysis.meanMaximal.powerWatts.points.allSatisfy { abs($0.value - 250) < 1e-9 })
    }

    @Test func alternatingThirtySecondsOfFourHundredAndZero() throws {
        // 30 s at 400 W, 30 s at 0 W, repeated; the grid has 29 + 20 × 60 = 1 229 seconds, so the 1 200
        // rolling 30 s windows (ending at seconds 29 … 1 228) cover 20 whole periods of 60.
        // Within a period, a window holds m seconds at 400 W, and m runs 30, 29, …, 1, 0, 1, …, 29: m = 0
        // and m = 30 once each, m = 1 … 29 twice. Its mean is 400 × m / 30, so
        //   mean of (mean⁴) = 400⁴ × (30⁴ + 2 × Σ_{m=1}^{29} m⁴) / (30⁴ × 60),
        //   Σ_{m=1}^{29} m⁴ = 29 × 30 × 59 × (3 × 29² + 3 × 29 − 1) / 30 = 29 × 59 × 2 609 = 4 463 999,
        //   NP = 400 × ((810 000 + 8 927 998) / 48 600 000)^¼ = 400 × 0.200370…^¼ = 267.62 W
        // (the continuous limit is 400 × (1/5)^¼ = 267.50 W). The average is 251 600 J / 1 229 s.
        let watts = (0...1229).map { ($0 % 60) < 30 ? 400.0 : 0 }
        let summary = try Self.summary(watts: watts, ftp: 300)
        let load = try #require(summary.analysis.trainingLoad)
        let expected = 400 * pow((810_000.0 + 2 * 4_463_999) / 48_600_000, 0.25)
        #expect(abs(expected - 267.62) < 0.01)
        #expect(abs((load.normalizedPowerWatts ?? 0) - expected) < 1e-9, "\(load.normalizedPowerWatts ?? 0) vs \(expected)")
        #expect(abs(load.averagePowerWatts - 251_600.0 / 1229) < 1e-9)
        #expect(abs(load.workKilojoules - 251.6) < 1e-9)
        #expect(abs((load.intensityFactor ?? 0) - expected / 300) < 1e-12)
        #expect(abs((load.trainingStressScore ?? 0) - 1229 * expected * (expected / 300) / (300 * 3600) * 100) < 1e-9)
        // Mean-maximal: 400 W for up to 30 s, then the best window with m seconds of 400 W in it.
        let curve = Dictionary(uniqueKeysWithValues: summary.analysis.meanMaximal.powerWatts.points.map { ($0.seconds, $0.value) })
        #expect(curve[1] == 400 && curve[30] == 400)
        #expect(abs((curve[60] ?? 0) - 200) < 1e-9)
        #expect(abs((curve[120] ?? 0) - 200) < 1e-9)
        #expect(curve[3600] == nil, "longer than the workout")
    }

    @Test func normalizedPowerMatchesAPlainImplementation() throws {
        var rng = SplitMix64(seed: 17)
        var watts: [Double] = []
        var level = 200.0
        for _ in 0...2400 {
            level = min(max(level + rng.gaussian() * 25, 0), 900)
            watts.append((level + rng.gaussian() * 40).rounded().clamped(0, 1500))
        }
        let load = try #require(Self.summary(watts: watts).analysis.trainingLoad)
        // The plain way: grid second k is reading k (k < 2400); every 30 s window ending at k ≥ 29.
        let grid = Array(watts.prefix(2400))
        var fourth: [Double] = []
        for end in 29..<grid.count {
            let mean = grid[(end - 29)...end].reduce(0, +) / 30
            fourth.append(mean * mean * mean * mean)
        }
        let np = pow(fourth.reduce(0, +) / Double(fourth.count), 0.25)
        #expect(abs((load.normalizedPowerWatts ?? 0) - np) < 1e-9 * np, "\(load.normalizedPowerWatts ?? 0) vs \(np)")
        #expect(abs(load.averagePowerWatts - grid.reduce(0, +) / 2400) < 1e-9)
        #expect(load.intensityFactor == nil && load.trainingStressScore == nil, "no FTP in the profile")
        // Mean-maximal 60 s, the plain way.
        var best60 = 0.0
        for startSecond in 0...(grid.count - 60) { best60 = max(best60, grid[startSecond..<(startSecond + 60)].reduce(0, +) / 60) }
        let curve60 = try #require(Self.summary(watts: watts).analysis.meanMaximal.powerWatts.points.first { $0.seconds == 60 })
        #expect(abs(curve60.value - best60) < 1e-9)
    }

    @Test func shortPowerGapsAreZeroAndHeartRateGapsBreakTheCurve() throws {
        // 300 W for 100 s, no reading for 50 s (shorter than cycling's 60 s unrecorded-gap limit, so the
        // clock runs on): the readings cover 0 … 119 s (the one at 99 s holds 20 s: grid seconds 0 … 118),
        // then 31 s count as 0 W; then 300 W for 100 s (grid seconds 150 … 249; the grid ends at 250 s).
        var samples: [Sample] = []
        for k in Array(0..<100) + Array(150...250) { samples.append(.power(PowerSample(time: Self.start + Double(k), watts: 300))) }
        let summary = try WorkoutSummary(samples: samples, options: WorkoutOptions(activity: .cycling))
        let load = try #require(summary.analysis.trainingLoad)
        #expect(load.durationSeconds == 250)
        #expect(abs(load.workKilojoules - 300 * 219 / 1000) < 1e-9)
        #expect(summary.analysis.meanMaximal.powerWatts.points.last?.seconds == 120, "windows span the zero-filled gap")
        // A gap longer than the limit is a pause (the clock's rule), which the grid leaves out.
        var paused: [Sample] = []
        for k in Array(0..<100) + Array(200...300) { paused.append(.power(PowerSample(time: Self.start + Double(k), watts: 300))) }
        let pausedLoad = try #require(WorkoutSummary(samples: paused, options: WorkoutOptions(activity: .cycling)).analysis.trainingLoad)
        #expect(pausedLoad.durationSeconds == 199, "99 s before the gap, 100 s after; the gap is paused")
        // Heart rate with the same short gap: no window spans the uncovered 30 s.
        var hr: [Sample] = []
        for k in Array(0..<100) + Array(150...250) { hr.append(.heartRate(HeartRateSample(time: Self.start + Double(k), beatsPerMinute: 150))) }
        let hrCurve = try WorkoutSummary(samples: hr, options: WorkoutOptions(activity: .cycling)).analysis.meanMaximal.heartRateBPM
        #expect(hrCurve.points.map(\.seconds) == [1, 5, 10, 15, 20, 30, 60], "119 s before the gap, 100 s after: no 120 s window")
        #expect(hrCurve.points.allSatisfy { $0.value == 150 })
    }
}

private extension Double {
    func clamped(_ low: Double, _ high: Double) -> Double { Swift.min(Swift.max(self, low), high) }
}
