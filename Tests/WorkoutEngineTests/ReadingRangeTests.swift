import Testing
import TestSupport
import WorkoutEngine
import WorkoutSamples

/// Implausible readings (a strap dropout's 0 or 255 bpm, negative energy, a failed barometer's 1.7e308 m)
/// are dropped and counted, never averaged in (issues 12 and 13).
struct ReadingRangeTests {
    @Test func heartRateDropoutsDoNotMoveTheFigures() throws {
        let clean = try PhysiologyWorkoutTests.samples(of: PhysiologyWorkoutTests.garminRun)
        var injected = 0
        var dirty: [Sample] = []
        for sample in clean {
            dirty.append(sample)
            if case .heartRate(let reading) = sample, let time = reading.time {
                // Every tenth reading is followed by a dropout value at the same time: 0, 255, or negative.
                injected += 1
                if injected % 10 == 0 { dirty.append(.heartRate(HeartRateSample(time: time, beatsPerMinute: [0, 255, -40][injected / 10 % 3]))) }
            }
        }
        let expectedDropped = injected / 10
        let reference = try WorkoutSummary(samples: clean, options: WorkoutOptions(activity: .running)).metrics
        let summary = try WorkoutSummary(samples: dirty, options: WorkoutOptions(activity: .running)).metrics
        #expect(summary.rejectedReadings[.heartRate] == expectedDropped)
        #expect(summary.heartRateMinimum == reference.heartRateMinimum)
        #expect(summary.heartRateMaximum == reference.heartRateMaximum)
        #expect(summary.heartRateAverage == reference.heartRateAverage)
        #expect(summary.activeEnergyKilocalories == reference.activeEnergyKilocalories)
    }

    @Test func implausibleFieldsLeaveTheFixAndReadingsAreCountedByKind() throws {
        var samples: [Sample] = []
        for i in 0...60 {
            let t = 1_700_000_000 + Double(i)
            let altitude: Double = i == 30 ? 1.7e308 : (i == 31 ? -9_000 : 500)
            samples.append(.location(LocationSample(time: t, latitude: 46 + Double(i) * 2.7e-5, longitude: 7, altitudeMeters: altitude,
                                                    speedMetersPerSecond: i == 10 ? -3 : 3)))
            samples.append(.activeEnergy(ActiveEnergySample(time: t, kilocalories: i == 20 ? -50 : 0.2)))
            samples.append(.cadence(CadenceSample(time: t, perMinute: i == 5 ? 9_999 : 170)))
            samples.append(.power(PowerSample(time: t, watts: i == 7 ? -1 : 250)))
        }
        let m = try WorkoutSummary(samples: samples, options: WorkoutOptions(activity: .running)).metrics
        #expect(m.locationCount == 61)
        #expect(m.rejectedReadings[.altitude] == 2)
        #expect(m.rejectedReadings[.speed] == 1)
        #expect(m.rejectedReadings[.activeEnergy] == 1)
        #expect(m.rejectedReadings[.cadence] == 1)
        #expect(m.rejectedReadings[.power] == 1)
        #expect(m.maximumElevationMeters == 500 && m.minimumElevationMeters == 500)
        #expect(m.activeEnergyKilocalories.map { abs($0 - 60 * 0.2) < 1e-9 } == true)
        #expect(m.cadenceAverage == 170)
        #expect(m.powerAverage == 250)
    }
}
