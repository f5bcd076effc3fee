import Foundation
import Testing
import TestSupport
import WorkoutEngine
import WorkoutSamples

/// FIT input through the engine: the device's timer replaces gap pauses (and survives a journal), the
/// summary carries damage, and running time matches the device's timer time.
@Suite struct FITEngineTests {
    /// fitdecode's session timer time per file (`Tests/Reference/fit-reference.json`).
    static func deviceTimerSeconds(_ file: String) throws -> Double? {
        let url = TestPaths.repositoryRoot.appendingPathComponent("Tests/Reference/fit-reference.json")
        let object = try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: [String: Any]]
        return ((object?[file]?["session"] as? [String: Any])?["timerSeconds"] as? NSNumber)?.doubleValue
    }

    static func path(_ file: String) -> String? {
        let sample = TestPaths.sampleTrack(file)
        if FileManager.default.fileExists(atPath: sample.path) { return sample.path }
        return TestPaths.sharedTrack(file)?.path
    }

    /// Heart-rate readings every second for `seconds`, from `start`.
    static func readings(from start: Double, seconds: Int) -> [Sample] {
        (0...seconds).map { .heartRate(HeartRateSample(time: start + Double($0), beatsPerMinute: 140)) }
    }

    @Test("with the device's timer, a recording gap is not a pause")
    func deviceTimerReplacesGapPauses() {
        let samples = Self.readings(from: 1_000_000, seconds: 60) + Self.readings(from: 1_001_000, seconds: 60)
        var plain = WorkoutBuilder()
        for sample in samples { plain.add(sample) }
        var timed = WorkoutBuilder()
        try? timed.trackHasTimerEvents()
        for sample in samples { timed.add(sample) }
        #expect(plain.snapshot.elapsedSeconds == 120)
        #expect(timed.snapshot.elapsedSeconds == 1060)
        #expect(timed.pauseCount == 0)
        // The device's own pause still pauses.
        var paused = WorkoutBuilder()
        try? paused.trackHasTimerEvents()
        for sample in Self.readings(from: 1_000_000, seconds: 60) { paused.add(sample) }
        paused.add(.event(WorkoutEventSample(time: 1_000_060, kind: .pause)))
        paused.add(.event(WorkoutEventSample(time: 1_001_000, kind: .resume)))
        for sample in Self.readings(from: 1_001_000, seconds: 60) { paused.add(sample) }
        #expect(paused.snapshot.elapsedSeconds == 120)
    }

    /// Two stretches of 600 fixes, one per second at 2.5 m/s due north, the second starting 5 km due east
    /// of the first's end, `gapSeconds` after it: points on geodesics at known distances (`geod`'s direct
    /// problem), so each stretch is 1,497.5 m and the line across the gap 5,000 m by construction.
    static func twoStretches(gapSeconds: Double) throws -> [Sample] {
        let step = (0..<600).map { Double($0) * 2.5 }
        let first = try GeodReference.directPoints(latitude: 47.6, longitude: 9.4, azimuthDegrees: 0, distancesMeters: step)
        let last = try #require(first.last)
        let across = try #require(try GeodReference.directPoints(
            latitude: last.latitude, longitude: last.longitude, azimuthDegrees: 90, distancesMeters: [5_000]).first)
        let second = try GeodReference.directPoints(latitude: across.latitude, longitude: across.longitude, azimuthDegrees: 0, distancesMeters: step)
        let start = 1_000_000_000.0, secondStart = start + 599 + gapSeconds
        return first.enumerated().map { .location(LocationSample(time: start + Double($0.offset), latitude: $0.element.latitude, longitude: $0.element.longitude)) }
            + second.enumerated().map { .location(LocationSample(time: secondStart + Double($0.offset), latitude: $0.element.latitude, longitude: $0.element.longitude)) }
    }

    static func summary(of samples: [Sample], deviceTimer: Bool, filter: LocationFilterMode = .default) throws -> WorkoutSnapshot {
        var builder = WorkoutBuilder(options: WorkoutOptions(activity: .running, filterMode: filter))
        if deviceTimer { builder.useDeviceTimer() }
        for sample in samples { builder.add(sample) }
        return try builder.summary().metrics
    }

    /// A gap the device's timer ran through is crossed as one without the timer is (the straight line
    /// counts, no moving time), but its time is running time: 5 hours here, crossed at 0.28 m/s, below
    /// running's moving threshold. Before, the step across went through the smoother like any other.
    @Test("under the device's timer, a gap is crossed by the straight line and its time runs")
    func deviceTimerGapIsCrossed() throws {
        let samples = try Self.twoStretches(gapSeconds: 5 * 3600)
        let timed = try Self.summary(of: samples, deviceTimer: true)
        let elapsed = try #require(timed.elapsedSeconds), expected: Double = 599 + 5 * 3600 + 599
        #expect(abs(elapsed - expected) < 1e-6, "\(elapsed) s")
        #expect(timed.pauseCount == 0)
        #expect(abs(timed.distanceMeters - (1_497.5 + 5_000 + 1_497.5)) < 1, "\(timed.distanceMeters) m")
        #expect(try #require(timed.movingSeconds) <= 1_198 && (timed.movingSeconds ?? 0) >= 1_190)
        // Without the timer the same gap is an unrecorded pause, crossed the same way.
        let plain = try Self.summary(of: samples, deviceTimer: false)
        #expect(plain.elapsedSeconds == 1_198)
        #expect(abs(plain.distanceMeters - timed.distanceMeters) < 1e-6)
    }

    /// The fix across a gap the device's timer ran through says so (`crossesUnpausedGap`), and not that
    /// the session paused (maps mark pauses); without the timer the same fix follows a pause.
    @Test("the fix across a gap the timer ran through does not follow a pause")
    func aTimedGapIsNoPause() throws {
        let samples = try Self.twoStretches(gapSeconds: 5 * 3600)
        for deviceTimer in [true, false] {
            var builder = WorkoutBuilder(options: WorkoutOptions(activity: .running))
            if deviceTimer { builder.useDeviceTimer() }
            let fixes = samples.flatMap { builder.add($0).acceptedFixes }
            let crossing = try #require(fixes.first { $0.location.time == samples[600].time })
            #expect(crossing.followsPause == !deviceTimer)
            #expect(crossing.crossesUnpausedGap == deviceTimer)
            #expect(fixes.filter { $0.followsPause || $0.crossesUnpausedGap }.count == 1)
        }
    }

    /// Under the device's timer, a reading without a position first after a gap says nothing of the speed
    /// across it: the gap, crossed at 3 m/s here, is moving time as it is when a fix comes first (before,
    /// the heart rate made it a crossing with no moving time: 120 s lost).
    @Test("under the device's timer, a reading first after a gap does not decide it")
    func aReadingAfterATimedGapDoesNotDecideIt() throws {
        let step = (0..<481).map { Double($0) * 3 }
        let points = try GeodReference.directPoints(latitude: 47.6, longitude: 9.4, azimuthDegrees: 0, distancesMeters: step)
        let start = 1_000_000_000.0
        // Fixes every second but for 120 s without any (a tunnel), crossed at the same 3 m/s.
        let fixes: [Sample] = points.enumerated().compactMap { index, point in
            (200..<320).contains(index) ? nil
                : .location(LocationSample(time: start + Double(index), latitude: point.latitude, longitude: point.longitude))
        }
        let withReading = Array(fixes[..<200]) + [.heartRate(HeartRateSample(time: start + 320, beatsPerMinute: 150))] + Array(fixes[200...])
        for samples in [fixes, withReading] {
            let summary = try Self.summary(of: samples, deviceTimer: true)
            #expect(summary.elapsedSeconds == 480)
            #expect(try #require(summary.movingSeconds) >= 470, "\(summary.movingSeconds ?? -1) s")
        }
    }

    /// A workout without positions: the time across a pause is no moving time, whatever speed the device
    /// states (before, a 7-hour gap under the timer, or a 5-minute gap without it, counted as moving: more
    /// moving time than running time).
    @Test("a device distance's moving time stops across a pause", arguments: [(true, 7.0 * 3600), (false, 300.0)])
    func deviceDistanceMovingTimeStopsAcrossAPause(deviceTimer: Bool, gapSeconds: Double) throws {
        let start = 1_000_000_000.0
        let readings: [Sample] = (0..<240).map { index in
            let time = start + Double(index) + (index >= 120 ? gapSeconds : 0)
            return .distance(DistanceSample(time: time, cumulativeMeters: 3 * Double(index), speedMetersPerSecond: 3))
        }
        let summary = try Self.summary(of: readings, deviceTimer: deviceTimer)
        let elapsed = try #require(summary.elapsedSeconds), moving = try #require(summary.movingSeconds)
        #expect(elapsed == 238, "\(elapsed) s")
        #expect(moving == 238, "\(moving) s")
    }

    /// A gap of more than 6 hours separates two outings even under the device's timer: no distance across
    /// it, and its time is not running time (GPSBabel writes a logger's merged sessions, years apart, to
    /// FIT with one timer start and stop; they read as one run thousands of kilometres long). `--filter
    /// none` keeps the file's segment whole: the plain sum, line across included, with the gap paused.
    @Test("under the device's timer, a gap of more than 6 hours separates outings")
    func deviceTimerLongGapSeparatesOutings() throws {
        let samples = try Self.twoStretches(gapSeconds: 7 * 3600)
        let timed = try Self.summary(of: samples, deviceTimer: true)
        #expect(timed.elapsedSeconds == 1_198)
        #expect(timed.pauseCount == 1)
        #expect(timed.segmentCount == 2)
        #expect(abs(timed.distanceMeters - 2 * 1_497.5) < 1, "\(timed.distanceMeters) m")
        let raw = try Self.summary(of: samples, deviceTimer: true, filter: .none)
        #expect(raw.elapsedSeconds == 1_198)
        #expect(abs(raw.distanceMeters - (2 * 1_497.5 + 5_000)) < 1e-6, "\(raw.distanceMeters) m")
    }

    @Test("the device's timer survives an activity adopted later")
    func deviceTimerSurvivesActivity() {
        var builder = WorkoutBuilder()
        builder.useDeviceTimer()
        builder.adoptActivity(.cycling)
        #expect(builder.usesDeviceTimer)
        #expect(builder.options.activity == .cycling)
    }

    @Test("a journal replays the device-timer decision")
    func journalReplaysDeviceTimer() throws {
        let directory = try TestPaths.temporaryDirectory("fit-journal").path
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let session = RecordingSession(directory: directory)
        session.start(at: 1_000_000)
        session.useDeviceTimer()
        for sample in Self.readings(from: 1_000_000, seconds: 60) + Self.readings(from: 1_001_000, seconds: 60) {
            session.record(sample)
        }
        #expect(session.close())
        #expect(session.snapshot.elapsedSeconds == 1060)
        let outcomes = try SessionRecovery.recover(directory: directory, now: 1_001_100, logger: PersistenceFixtures.quietLogger())
        guard case .recovered(let recovered) = try #require(outcomes.first) else {
            Issue.record("not recovered: \(outcomes)")
            return
        }
        #expect(recovered.builder.usesDeviceTimer)
        // Recovery pauses the session at its last record; running time is the device timer's.
        #expect(recovered.builder.snapshot.elapsedSeconds == 1060)
    }

    @Test("running time matches the device's timer time", arguments: [
        "ride-garmin-edge530-hr-cad-power.fit", "run-garmin-fr920xt-hr-cad-laps-devfields.fit",
        "run-polar-marathon-nogps-44laps.fit", "run-polar-treadmill-12km.fit", "ride-wahoo-elemnt-bolt-hr.fit",
        "run-garmin-footpod-compressed-speed-distance.fit", "ride-garmin-edge500-late-gps-4laps.fit",
        "run-garmin-summary-first-12laps.fit", "ride-garmin-mtb-slow-climbs-summary-first.fit",
        "large-garmin-fr910xt-run-20k-records.fit",
    ])
    func runningTimeIsTimerTime(_ file: String) throws {
        guard let path = Self.path(file) else {
            print("skipped: \(file) is not in ../shared/tracks")
            return
        }
        let timer = try #require(try Self.deviceTimerSeconds(file))
        let summary = try WorkoutSummary(contentsOfTrack: path)
        let elapsed = try #require(summary.metrics.elapsedSeconds)
        #expect(abs(elapsed - timer) <= 2, "\(file): engine \(elapsed) s, device timer \(timer) s")
        #expect(summary.damage == nil)
    }

    /// The last record's distance as fitdecode reads it (`lastDistanceMeters` in `Tests/Reference/fit-reference.json`).
    static func lastRecordDistanceMeters(_ file: String) throws -> Double {
        let url = TestPaths.repositoryRoot.appendingPathComponent("Tests/Reference/fit-reference.json")
        let object = try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: [String: Any]]
        return try #require((object?[file]?["lastDistanceMeters"] as? NSNumber)?.doubleValue)
    }

    /// A foot pod's `compressed_speed_distance` (python-fitparse's test file): the distance its 12-bit values
    /// accumulate to, as fitdecode reads the last record (10,248.6875 m; the session states 10,248.67 m).
    /// Before, the run read 0 m.
    @Test("a foot pod's compressed speed and distance are the workout's")
    func compressedSpeedDistance() throws {
        let file = "run-garmin-footpod-compressed-speed-distance.fit"
        let summary = try WorkoutSummary(contentsOfTrack: TestPaths.sampleTrack(file).path)
        let last = try Self.lastRecordDistanceMeters(file)
        #expect(abs(summary.metrics.distanceMeters - last) < 1e-9, "\(summary.metrics.distanceMeters) m, fitdecode \(last) m")
        #expect(summary.metrics.averageSpeedMetersPerSecond != nil)
    }

    /// An Edge 500 ride whose first 129 records (7 minutes, 3.4 km by the wheel sensor) have no position
    /// (python-fitparse's `sample-activity.fit`): the device's distance before the first fix counts, and
    /// the ride reads within 0.5 % of the distance the file states (fitdecode's last record, 88,797.21 m).
    /// Before, it read 85,246 m (−4.0 %), its first lap 6,127 m against the device's 9,565 m.
    @Test("the device's distance before the first fix counts")
    func distanceBeforeTheFirstFix() throws {
        let file = "ride-garmin-edge500-late-gps-4laps.fit"
        let summary = try WorkoutSummary(contentsOfTrack: TestPaths.sampleTrack(file).path)
        let last = try Self.lastRecordDistanceMeters(file)
        #expect(abs(summary.metrics.distanceMeters - last) <= 0.005 * last, "\(summary.metrics.distanceMeters) m, the file \(last) m")
        let first = try #require(summary.analysis.laps.first?.figures.distanceMeters)
        let device = try #require(summary.analysis.laps.first?.device?.distanceMeters)
        #expect(abs(first - device) <= 0.02 * device, "lap 1: \(first) m, the device \(device) m")
    }

    @Test("a treadmill run measures the device's distance")
    func treadmillDistance() throws {
        let summary = try WorkoutSummary(contentsOfTrack: TestPaths.sampleTrack("run-polar-treadmill-12km.fit").path)
        // fitdecode: the last record's distance is 12,011.7 m, the first 0. The device's timer stops at
        // 19:12:15, before the last records (to 19:12:16): their last few metres are not running time.
        #expect(summary.metrics.distanceMeters > 12_011.7 - 10 && summary.metrics.distanceMeters <= 12_011.7)
        #expect(summary.metrics.activity == .running)
        #expect(summary.metrics.heartRateAverage != nil)
    }

    /// The maximum speed of a workout without positions follows the fixes' rule (the largest median of five
    /// consecutive step speeds): a device distance that jumps 20 m ahead in one second and stalls the next
    /// (as the Polar marathon's does) leaves it at the runner's 3 m/s, by arithmetic.
    @Test("a device distance that jumps ahead does not set the maximum speed")
    func deviceDistanceGlitchAndMaximumSpeed() throws {
        let (samples, meters) = Self.glitchingDeviceDistance()
        let summary = try WorkoutSummary(samples: samples, options: WorkoutOptions(activity: .running))
        #expect(summary.metrics.maximumSpeedMetersPerSecond == 3)
        #expect(abs(summary.metrics.distanceMeters - meters) < 1e-9)
    }

    /// A workout without positions takes the speed its records state, as a fix's: its maximum speed is the
    /// largest median of five stated speeds, as fitdecode reads them (`maximumSpeedMedianOf5`: the
    /// marathon's 5.222 m/s, where its distance running ahead at 11–12 m/s for five seconds would read 11).
    @Test("a workout without positions takes the speed its records state",
          arguments: ["run-polar-treadmill-12km.fit", "run-polar-marathon-nogps-44laps.fit", "run-garmin-footpod-compressed-speed-distance.fit"])
    func statedSpeedWithoutPositions(_ file: String) throws {
        let reference = try Self.maximumSpeedMedianOf5(file)
        let summary = try WorkoutSummary(contentsOfTrack: TestPaths.sampleTrack(file).path)
        let maximum = try #require(summary.metrics.maximumSpeedMetersPerSecond)
        #expect(abs(maximum - reference) < 1e-9, "\(file): \(maximum) m/s, fitdecode \(reference) m/s")
    }

    /// The speed curve of a workout without positions follows the same rule: its one-second best is the
    /// median of five stated speeds, fitdecode's `maximumSpeedMedianOf5` (the records are a second apart),
    /// not the device distance's 11–12 m/s run ahead; no longer window is faster than a shorter one.
    @Test("the speed curve of a workout without positions takes the speed its records state",
          arguments: ["run-polar-treadmill-12km.fit", "run-polar-marathon-nogps-44laps.fit"])
    func speedCurveWithoutPositions(_ file: String) throws {
        let reference = try Self.maximumSpeedMedianOf5(file)
        let summary = try WorkoutSummary(contentsOfTrack: TestPaths.sampleTrack(file).path)
        let curve = summary.analysis.meanMaximal.speedMetersPerSecond.points
        let oneSecond = try #require(curve.first { $0.seconds == 1 })
        #expect(abs(oneSecond.value - reference) < 1e-9, "\(file): \(oneSecond.value) m/s, fitdecode \(reference) m/s")
        for (shorter, longer) in zip(curve, curve.dropFirst()) {
            #expect(longer.value <= shorter.value + 1e-9, "\(file): \(longer.seconds) s faster than \(shorter.seconds) s")
        }
    }

    /// A device distance that runs ahead for a second and stalls sets no point of the speed curve (the
    /// median of the five seconds around each, as the maximum speed): 3 m/s throughout.
    @Test func speedCurveIgnoresADeviceDistanceGlitch() throws {
        let (samples, _) = Self.glitchingDeviceDistance()
        let summary = try WorkoutSummary(samples: samples, options: WorkoutOptions(activity: .running))
        let curve = summary.analysis.meanMaximal.speedMetersPerSecond.points
        #expect(curve.first { $0.seconds == 1 }?.value == 3)
        #expect(curve.first { $0.seconds == 60 }?.value == 3)
    }

    /// A device distance of 10 minutes at 3 m/s that jumps 20 m ahead in one second and stalls the next, and
    /// its last total, metres.
    static func glitchingDeviceDistance() -> (samples: [Sample], totalMeters: Double) {
        var samples: [Sample] = []
        var meters = 0.0
        for second in 0...600 {
            if second > 0 { meters += second == 300 ? 20 : (second == 301 ? 0 : 3) }
            samples.append(.distance(DistanceSample(time: 1_700_000_000 + Double(second), cumulativeMeters: meters)))
        }
        return (samples, meters)
    }

    /// fitdecode's largest median of five stated speeds of `file` (`maximumSpeedMedianOf5` in
    /// `Tests/Reference/fit-reference.json`), m/s.
    static func maximumSpeedMedianOf5(_ file: String) throws -> Double {
        let url = TestPaths.repositoryRoot.appendingPathComponent("Tests/Reference/fit-reference.json")
        let object = try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: [String: Any]]
        return try #require(object?[file]?["maximumSpeedMedianOf5"] as? NSNumber).doubleValue
    }

    /// fitdecode's reading of the records (`kilometreCrossingSeconds` in `Tests/Reference/fit-reference.json`).
    /// Seconds after the first record, and that record's time (seconds since 1970).
    static func kilometreCrossings(_ file: String) throws -> (seconds: [Double], firstRecordTime: Double) {
        let url = TestPaths.repositoryRoot.appendingPathComponent("Tests/Reference/fit-reference.json")
        let object = try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: [String: Any]]
        let crossings = try #require(object?[file]?["kilometreCrossingSeconds"] as? [NSNumber])
        let first = try #require(object?[file]?["firstTime"] as? NSNumber)
        return (crossings.map(\.doubleValue), first.doubleValue)
    }

    /// A workout without positions is analysed on the device's distance: kilometre splits end where the
    /// distance since the first record reaches each kilometre, at the times fitdecode's reading of the
    /// records gives (the first split starts with the workout, which may be before the first record) (interpolated between the two records around it, as the splits are), and the splits and
    /// laps add up to the summary's distance and moving time. Before, such a workout had no splits, no best
    /// efforts and 44 laps of 0 m.
    @Test("a workout without positions has splits and laps on the device's distance",
          arguments: ["run-polar-treadmill-12km.fit", "run-polar-marathon-nogps-44laps.fit", "run-garmin-footpod-compressed-speed-distance.fit"])
    func splitsOnTheDevicesDistance(_ file: String) throws {
        let summary = try WorkoutSummary(contentsOfTrack: TestPaths.sampleTrack(file).path)
        let (crossings, firstRecordTime) = try Self.kilometreCrossings(file)
        let splits = summary.analysis.splits.kilometers
        try #require(splits.count == crossings.count + 1, "\(file): \(splits.count) splits, \(crossings.count) whole kilometres")
        // The splits start with the workout (the timer may start before the first record).
        let startTime = try #require(summary.metrics.startTime)
        var wallSeconds = startTime - firstRecordTime
        for (split, crossing) in zip(splits, crossings) {
            wallSeconds += split.figures.totalSeconds
            #expect(abs(split.figures.distanceMeters - 1000) < 1e-6)
            #expect(abs(wallSeconds - crossing) < 0.01, "\(file) km \(split.number): \(wallSeconds) s, fitdecode \(crossing) s")
        }
        let m = summary.metrics
        #expect(abs(splits.map(\.figures.distanceMeters).reduce(0, +) - m.distanceMeters) < 1e-6)
        #expect(abs(splits.map(\.figures.movingSeconds).reduce(0, +) - (m.movingSeconds ?? -1)) < 0.01)
        let laps = summary.analysis.laps
        #expect(abs(laps.map(\.figures.distanceMeters).reduce(0, +) - m.distanceMeters) < 1e-6)
        #expect(laps.allSatisfy { $0.figures.distanceMeters > 0 })
        #expect(summary.analysis.bestEfforts.contains { $0.name == "5k" })
    }

    /// A watch without GPS but with a barometer (the Polar marathon): the altitude of its records is the
    /// workout's elevation, smoothed and counted as a fix's would be. Reference: fitdecode's altitudes with a
    /// 2 m hysteresis (`altitudeGainLoss2mHysteresis`, 763.4 m up and 756.2 m down), which the smoothing of
    /// a 0.2 m barometer moves by well under 1 %; the device states 629 m and 654 m (a coarser count of its
    /// own). The laps add up to it. Before, a file without positions had no elevation.
    @Test("a workout without positions takes its elevation from the device's altitude")
    func elevationWithoutPositions() throws {
        let file = "run-polar-marathon-nogps-44laps.fit"
        let url = TestPaths.repositoryRoot.appendingPathComponent("Tests/Reference/fit-reference.json")
        let object = try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: [String: Any]]
        let reference = try #require(object?[file]?["altitudeGainLoss2mHysteresis"] as? [NSNumber]).map(\.doubleValue)
        try #require(reference.count == 2)
        let summary = try WorkoutSummary(contentsOfTrack: TestPaths.sampleTrack(file).path)
        let gain = try #require(summary.metrics.elevationGainMeters), loss = try #require(summary.metrics.elevationLossMeters)
        #expect(abs(gain - reference[0]) < 0.01 * reference[0], "gain \(gain) m, reference \(reference[0]) m")
        #expect(abs(loss - reference[1]) < 0.01 * reference[1], "loss \(loss) m, reference \(reference[1]) m")
        let lapGain = summary.analysis.laps.map { $0.figures.elevationGainMeters ?? 0 }.reduce(0, +)
        #expect(abs(lapGain - gain) < 0.05)
    }

    @Test("a truncated FIT file gives a summary with damage; strict makes it an error naming the byte")
    func damageInSummary() throws {
        let bytes = try Data(contentsOf: TestPaths.sampleTrack("run-polar-treadmill-12km.fit"))
        let directory = try TestPaths.temporaryDirectory("fit-damage")
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("cut.fit").path
        try bytes.prefix(30_001).write(to: URL(fileURLWithPath: path))
        let summary = try WorkoutSummary(contentsOfTrack: path)
        let damage = try #require(summary.damage)
        #expect(damage.reason.contains("truncated"))
        #expect(summary.jsonText().contains("\"damage\":{\"byteOffset\":\(damage.byteOffset),\"reason\":"))
        #expect(summary.text().contains("Damaged input:   byte \(damage.byteOffset)"))
        #expect(summary.metrics.distanceMeters > 1000)
        #expect {
            try WorkoutSummary(contentsOfTrack: path, format: nil, options: WorkoutOptions(), readOptions: TrackReadOptions(strict: true))
        } throws: { error in
            (error as? TrackFormatError)?.description.hasPrefix("\(path):byte \(damage.byteOffset): truncated") == true
        }
        // A GPX summary has no damage key (golden outputs unchanged).
        let gpx = try WorkoutSummary(contentsOfTrack: TestPaths.sampleTrack("run-garmin-connect-hr-cadence.gpx").path)
        #expect(!gpx.jsonText().contains("damage"))
    }
}
