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

    /// An altimeter settling at the start (the vívoactive's first altitudes, 1 258 → 2 257 m in ten
    /// seconds) is dropped: each first altitude more than 5 m/s from the next is left out and counted. The
    /// rest of the track is flat at 2 257 m and then climbs 40 m over 10 minutes: by arithmetic, the gain
    /// is 40 m (within the smoother's rounding of the two ends), and the minimum is no lower than 2 250 m.
    /// The vívoactive's own steps (m): +655, +119, +112, +56, +28, +14, +7.2, +3.6: the first seven exceed
    /// 5 m/s, so seven altitudes are dropped (the eighth, 2 250.6 m, starts the profile).
    @Test func anAltimeterStillSettlingAtTheStartIsDropped() throws {
        let settling = [1_257.6, 1_913.2, 2_032.2, 2_144.6, 2_201.0, 2_229.0, 2_243.4, 2_250.6, 2_254.2, 2_255.8, 2_257.0]
        var samples: [Sample] = []
        for i in 0..<1_500 {
            let altitude: Double
            if i < settling.count {
                altitude = settling[i]
            } else if i < 600 {
                altitude = 2_257
            } else {
                altitude = 2_257 + 40 * min(Double(i - 600) / 600, 1)
            }
            samples.append(.location(LocationSample(time: 1_700_000_000 + Double(i), latitude: 46 + Double(i) * 2.7e-5, longitude: 7,
                                                    altitudeMeters: altitude)))
        }
        let m = try WorkoutSummary(samples: samples, options: WorkoutOptions(activity: .running)).metrics
        #expect(m.rejectedReadings[.altitude] == 7)
        #expect(abs((m.elevationGainMeters ?? 0) - 40) < 2, "gain \(m.elevationGainMeters ?? -1) m")
        #expect((m.minimumElevationMeters ?? 0) >= 2_250)
        // With `--filter none` every valid altitude counts as it is.
        let raw = try WorkoutSummary(samples: samples, options: WorkoutOptions(activity: .running, filterMode: .none)).metrics
        #expect(raw.rejectedReadings[.altitude] == 0)
        #expect(raw.minimumElevationMeters == 1_257.6)
    }
}
