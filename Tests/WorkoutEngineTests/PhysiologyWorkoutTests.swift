import Foundation
import Testing
import TestSupport
import TrackFormats
import WorkoutEngine
import WorkoutSamples

/// Energy, zones and TRIMP through ``WorkoutBuilder`` and on a real track.
struct PhysiologyWorkoutTests {
    static let garminRun = TestPaths.sampleTrack("run-garmin-connect-hr-cadence.gpx").path

    /// Samples of a track file, in order, with the activity it names.
    struct Collector: TrackSampleSink {
        var samples: [Sample] = []
        var activity: String?
        mutating func trackActivity(named name: String) throws { activity = name }
        mutating func consume(_ sample: Sample) throws { samples.append(sample) }
    }

    static func samples(of path: String) throws -> [Sample] {
        var collector = Collector()
        _ = try TrackReader.read(TrackInput(path: path), into: &collector)
        return collector.samples
    }

    /// A straight track heading north at `speed` m/s, one fix a second, climbing `grade`, with optional
    /// heart rate and power readings each second.
    static func straightTrack(seconds: Int, speed: Double, grade: Double = 0, heartRate: Double? = nil, watts: Double? = nil, start: Double = 1_000_000) -> [Sample] {
        var samples: [Sample] = []
        let metersPerDegree = 111_000.0
        for i in 0...seconds {
            let t = start + Double(i)
            let north = speed * Double(i)
            samples.append(.location(LocationSample(time: t, latitude: 47 + north / metersPerDegree, longitude: 8, altitudeMeters: 400 + north * grade,
                                                    horizontalAccuracyMeters: 3, verticalAccuracyMeters: 2, speedMetersPerSecond: speed)))
            if let heartRate { samples.append(.heartRate(HeartRateSample(time: t, beatsPerMinute: heartRate))) }
            if let watts { samples.append(.power(PowerSample(time: t, watts: watts))) }
        }
        return samples
    }

    static func summary(_ samples: [Sample], activity: ActivityType, profile: AthleteProfile = AthleteProfile()) throws -> WorkoutSnapshot {
        try WorkoutSummary(samples: samples, options: WorkoutOptions(activity: activity, activityIsExplicit: true, profile: profile)).metrics
    }

    @Test func realGarminRunUsesHeartRate() throws {
        let summary = try WorkoutSummary(contentsOfTrack: Self.garminRun, options: WorkoutOptions())
        let m = summary.metrics
        #expect(m.energyModel == .heartRate)
        let elapsed = try #require(m.elapsedSeconds)
        let average = try #require(m.heartRateAverage)
        // Keytel is linear in heart rate, so the integral equals the rate at the time-weighted average HR
        // times the minutes it covered (here every running second: the strap never dropped out).
        #expect(abs(m.energyModelSeconds.heartRate - elapsed) < 1)
        let expected = EnergyFormulas.keytelKilocaloriesPerMinute(heartRate: average, massKilograms: 70, ageYears: 35, sex: nil) * elapsed / 60
        let energy = try #require(m.activeEnergyKilocalories)
        #expect(abs(energy - expected) / expected < 0.01)
        #expect(energy > 800 && energy < 1100)
        let trimp = try #require(m.trimp)
        #expect(trimp > 100 && trimp < 250)
        // Zone time never exceeds running time; most of this run is in zones 3 and 4.
        let zoneSeconds = m.heartRateZones.map(\.seconds)
        #expect(zoneSeconds.count == 5)
        #expect(zoneSeconds.reduce(0, +) <= elapsed + 1)
        #expect(zoneSeconds[2] + zoneSeconds[3] > 0.8 * elapsed)
        #expect(m.profile.assumed.keys.count == 5)
        let json = summary.jsonText()
        for key in [#""energyModel":"heartRate""#, #""trimp":"#, #""zones":[{"zone":1,"#, #""assumed":["massKilograms""#] {
            #expect(json.contains(key))
        }
        print("Garmin run: \(energy) kcal, TRIMP \(trimp), zones \(zoneSeconds), elapsed \(elapsed) s, distance \(m.distanceMeters) m")
    }

    @Test func realGarminRunWithoutHeartRateUsesACSM() throws {
        let samples = try Self.samples(of: Self.garminRun).filter { if case .heartRate = $0 { false } else { true } }
        let m = try Self.summary(samples, activity: .running)
        #expect(m.energyModel == .acsmRunning)
        #expect(m.trimp == nil)
        // ACSM running, active: (0.2·S + 0.9·S·G) mL/kg/min; over the run S·minutes is the distance and
        // S·G·minutes the climb, so energy ≈ (0.2·distance + 0.9·climb) × 70 kg × 5 / 1000.
        let climb = try #require(m.elevationGainMeters)
        let expected = (0.2 * m.distanceMeters + 0.9 * climb) * 70 * 5 / 1000
        let energy = try #require(m.activeEnergyKilocalories)
        #expect(abs(energy - expected) / expected < 0.1, "\(energy) vs \(expected)")
        print("Garmin run without HR: \(energy) kcal (hand estimate \(expected))")

        let heavier = try Self.summary(samples, activity: .running, profile: AthleteProfile(massKilograms: 90))
        #expect(try #require(heavier.activeEnergyKilocalories) > energy)
    }

    @Test func deviceEnergyTakesPrecedence() throws {
        var samples = Self.straightTrack(seconds: 120, speed: 3, heartRate: 150)
        samples.append(.activeEnergy(ActiveEnergySample(time: 1_000_060, kilocalories: 7)))
        samples.append(.activeEnergy(ActiveEnergySample(time: 1_000_120, kilocalories: 8)))
        let m = try Self.summary(samples, activity: .running)
        #expect(m.energyModel == .device)
        #expect(m.activeEnergyKilocalories == 15)
    }

    @Test func heartRateBeatsACSMAndPowerBeatsHeartRateWhenCycling() throws {
        let run = try Self.summary(Self.straightTrack(seconds: 600, speed: 3, heartRate: 150), activity: .running)
        #expect(run.energyModel == .heartRate)
        // 600 s at 150 bpm, default profile: Keytel rate × 10 minutes.
        let keytel = EnergyFormulas.keytelKilocaloriesPerMinute(heartRate: 150, massKilograms: 70, ageYears: 35, sex: nil) * 10
        #expect(abs(try #require(run.activeEnergyKilocalories) - keytel) < 1e-6)

        let ride = try Self.summary(Self.straightTrack(seconds: 600, speed: 8, heartRate: 150, watts: 200), activity: .cycling)
        #expect(ride.energyModel == .power)
        // 200 W for 600 s: 11.81167 kcal/min × 10.
        #expect(abs(try #require(ride.activeEnergyKilocalories) - EnergyFormulas.powerKilocaloriesPerMinute(watts: 200, massKilograms: 70) * 10) < 1e-6)

        let plain = try Self.summary(Self.straightTrack(seconds: 600, speed: 25 / 3.6), activity: .cycling)
        #expect(plain.energyModel == .compendiumCycling)
        // 25 km/h is 10 MET: 10.5 kcal/min at 70 kg; the first second has no speed yet.
        #expect(abs(try #require(plain.activeEnergyKilocalories) - 10.5 * 599 / 60) < 1e-6)

        // Power is a cycling model only: a running power meter falls through to heart rate.
        let runWithPower = try Self.summary(Self.straightTrack(seconds: 60, speed: 3, heartRate: 150, watts: 250), activity: .running)
        #expect(runWithPower.energyModel == .heartRate)
    }

    @Test func acsmOnAFlatAndAClimbingWalk() throws {
        // 1.34 m/s (80.4 m/min) for 10 minutes on the level: 0.1 × 80.4 × 70 × 5 / 1000 = 2.814 kcal/min.
        let flat = try Self.summary(Self.straightTrack(seconds: 600, speed: 1.34), activity: .walking)
        #expect(flat.energyModel == .acsmWalking)
        let flatEnergy = try #require(flat.activeEnergyKilocalories)
        #expect(abs(flatEnergy - 2.814 * 599 / 60) < 1e-6)
        // At 5 % the smoothed altitude settles on the climb: close to 5.3466 kcal/min (worked example).
        let hill = try Self.summary(Self.straightTrack(seconds: 600, speed: 1.34, grade: 0.05), activity: .hiking)
        let hillEnergy = try #require(hill.activeEnergyKilocalories)
        #expect(abs(hillEnergy - 5.3466 * 599 / 60) / (5.3466 * 599 / 60) < 0.05, "\(hillEnergy)")
        let steeper = try Self.summary(Self.straightTrack(seconds: 600, speed: 1.34, grade: 0.10), activity: .hiking)
        #expect(try #require(steeper.activeEnergyKilocalories) > hillEnergy)
    }

    @Test func heartRateDropoutFallsBackPerStretch() throws {
        // Heart rate for the first 300 s only: the rest is ACSM.
        var samples = Self.straightTrack(seconds: 600, speed: 3)
        samples = samples.flatMap { sample -> [Sample] in
            guard case .location(let fix) = sample, let t = fix.time, t - 1_000_000 < 300 else { return [sample] }
            return [sample, .heartRate(HeartRateSample(time: t, beatsPerMinute: 150))]
        }
        let m = try Self.summary(samples, activity: .running)
        #expect(m.energyModel == .heartRate || m.energyModel == .acsmRunning)
        // 299 s between the first and last reading, plus the 20 s hold of the last one.
        #expect(abs(m.energyModelSeconds.heartRate - 319) < 1e-6)
        #expect(abs(m.energyModelSeconds.acsmRunning - 281) < 1e-6)
    }

    @Test func energyGrowsPerSampleAndNotWhilePaused() throws {
        var builder = WorkoutBuilder(options: WorkoutOptions(activity: .running, activityIsExplicit: true))
        var previous = 0.0
        let samples = Self.straightTrack(seconds: 120, speed: 3, heartRate: 140)
        for (index, sample) in samples.enumerated() {
            builder.add(sample)
            let now = builder.activeEnergyKilocalories ?? 0
            #expect(now >= previous)
            previous = now
            if index == 121 {  // after 60 s: pause for 10 minutes of track time
                builder.pause(at: 1_000_060)
            }
        }
        let beforeResume = builder.activeEnergyKilocalories
        builder.resume(at: 1_000_660)
        for sample in Self.straightTrack(seconds: 60, speed: 3, heartRate: 140, start: 1_000_660) { builder.add(sample) }
        let m = builder.snapshot
        // Only running time counts: 60 s before the pause and 60 s after.
        #expect(abs(m.energyModelSeconds.heartRate - 120) < 1e-6)
        #expect(try #require(builder.activeEnergyKilocalories) > (beforeResume ?? 0))
    }

    @Test func noTimeMeansNoEnergyModel() throws {
        let samples: [Sample] = [
            .location(LocationSample(time: nil, latitude: 47, longitude: 8)),
            .location(LocationSample(time: nil, latitude: 47.01, longitude: 8)),
            .heartRate(HeartRateSample(time: nil, beatsPerMinute: 150)),
        ]
        let m = try Self.summary(samples, activity: .walking)
        #expect(m.energyModel == nil)
        #expect(m.activeEnergyKilocalories == nil)
        #expect(m.trimp == nil)
        #expect(try WorkoutSummary(samples: samples).jsonText().contains(#""activeEnergyKilocalories":null,"energyModel":null"#))
    }
}
