import Testing
import TestSupport
import WorkoutEngine
import WorkoutSamples

/// A recording gap (the device stopped logging inside a segment) pauses the clock, but the person still got
/// from one end of it to the other: the straight line across counts as distance (issue 12). Truth from
/// PROJ's `geod`.
struct RecordingGapTests {
    /// A straight run north at 3 m/s for 600 s, a 300 s gap in which the runner walked 150 m on (0.5 m/s,
    /// under the running moving threshold, so the gap is an unrecorded pause), then 600 s more at 3 m/s.
    static func gapTrack() -> (samples: [Sample], path: [(latitude: Double, longitude: Double)]) {
        let metersPerDegree = 111_195.0
        var samples: [Sample] = []
        var path: [(latitude: Double, longitude: Double)] = []
        var north = 0.0
        var time = 1_700_000_000.0
        func fix() {
            let latitude = 46.0 + north / metersPerDegree
            path.append((latitude, 7.0))
            samples.append(.location(LocationSample(time: time, latitude: latitude, longitude: 7.0)))
        }
        for second in 0...600 {
            if second > 0 { north += 3; time += 1 }
            fix()
        }
        north += 150
        time += 300
        fix()
        for _ in 1...600 {
            north += 3
            time += 1
            fix()
        }
        return (samples, path)
    }

    @Test(arguments: [LocationFilterMode.default, .none])
    func theLineAcrossAGapCountsButItsTimeDoesNot(_ mode: LocationFilterMode) throws {
        let (samples, path) = Self.gapTrack()
        let truth = try GeodReference.inverseDistancesMeters(latitudes: path.map(\.latitude), longitudes: path.map(\.longitude)).reduce(0, +)
        let summary = try WorkoutSummary(samples: samples, options: WorkoutOptions(activity: .running, filterMode: mode))
        let m = summary.metrics
        #expect(m.segmentCount == 1)
        #expect(m.pauseCount == 1)
        #expect(m.elapsedSeconds == 1200, "the 300 s gap is paused time")
        #expect(m.totalSeconds == 1500)
        // The plain sum is exact; the smoothed distance of a noise-free straight line is within 0.1 %.
        let tolerance = mode == .none ? 1e-9 : 1e-3
        #expect(m.distanceMeters.isApproximatelyEqual(to: truth, relativeTolerance: tolerance), "\(m.distanceMeters) vs \(truth)")
        #expect(m.distanceMeters > 3700, "the 150 m across the gap are in (3 600 m without them)")
    }

    /// Untimed fixes between two timed ones minutes apart (Google Takeout's location history through
    /// GPSBabel): the way through them counts once. The gap after the last untimed fix is crossed from it,
    /// not again from the timed fix before them (the way to them counted twice: 5,890 km for a plain sum of
    /// 3,132 km). Truth: PROJ's `geod` over the four fixes.
    @Test func untimedFixesInsideAGapCountOnce() throws {
        let t0 = 1_368_291_502.0
        let points: [(latitude: Double, longitude: Double, time: Double?)] = [
            (37.4257117, -122.1474391, t0), (37.4258689, -122.1472167, nil),
            (37.4230918, -122.1491317, nil), (37.4231968, -122.1494844, t0 + 314),
        ]
        let samples = points.map { Sample.location(LocationSample(time: $0.time, latitude: $0.latitude, longitude: $0.longitude)) }
        let truth = try GeodReference.inverseDistancesMeters(latitudes: points.map(\.latitude), longitudes: points.map(\.longitude)).reduce(0, +)
        for mode in [LocationFilterMode.default, .none] {
            let summary = try WorkoutSummary(samples: samples, options: WorkoutOptions(activity: .running, filterMode: mode))
            #expect(summary.metrics.distanceMeters.isApproximatelyEqual(to: truth, relativeTolerance: 1e-6), "\(mode): \(summary.metrics.distanceMeters) m against \(truth) m")
        }
    }

    /// A file segment's first fixes that cannot resume the clock (untimed ones, as Google Takeout's location
    /// history through GPSBabel writes whole segments of, and ones dated before the previous segment's end)
    /// are left out as paused time is, but no longer unsaid: each kind is counted in a warning. Three segments
    /// running north at 3 m/s: 100 s; three untimed fixes, then 60 s; then 62 s starting 2 s before the
    /// second one's end (two fixes dated before it, one at it: a repeated time, not counted). Truth: PROJ's
    /// `geod` over each segment's kept fixes (nothing across a boundary).
    @Test(arguments: [LocationFilterMode.default, .none])
    func fixesOpeningASegmentThatCannotResumeTheClockAreCountedAndSaid(_ mode: LocationFilterMode) throws {
        let t0 = 1_700_000_000.0, metersPerDegree = 111_195.0
        var samples: [Sample] = [], kept: [[Double]] = []
        var north = 0.0
        func segment(times: [Double?], keptFrom: Int) {
            if !kept.isEmpty { samples.append(.event(WorkoutEventSample(time: nil, kind: .segmentStart))) }
            north += 500
            var latitudes: [Double] = []
            for time in times {
                north += 3
                latitudes.append(46 + north / metersPerDegree)
                samples.append(.location(LocationSample(time: time, latitude: latitudes.last ?? 46, longitude: 7)))
            }
            kept.append(Array(latitudes.dropFirst(keptFrom)))
        }
        segment(times: (0...100).map { t0 + Double($0) }, keptFrom: 0)
        segment(times: [nil, nil, nil] + (200...260).map { t0 + Double($0) }, keptFrom: 3)
        segment(times: (258...320).map { t0 + Double($0) }, keptFrom: 3)
        let truth = try kept.map { latitudes in
            try GeodReference.inverseDistancesMeters(latitudes: latitudes, longitudes: latitudes.map { _ in 7 }).reduce(0, +)
        }.reduce(0, +)
        let summary = try WorkoutSummary(samples: samples, options: WorkoutOptions(activity: .running, filterMode: mode))
        let m = summary.metrics
        #expect(m.locationCount == kept.map(\.count).reduce(0, +))
        #expect(m.locationsWhilePaused == 6)
        #expect(m.segmentCount == 3)
        #expect(m.elapsedSeconds == Double(100 + 60 + 59), "the clock resumes at each segment's first fix after the latest time (t0 + 200, t0 + 261)")
        #expect(m.distanceMeters.isApproximatelyEqual(to: truth, relativeTolerance: mode == .none ? 1e-9 : 1e-2), "\(m.distanceMeters) m against \(truth) m")
        #expect(m.warnings == [
            "3 untimed fixes opened a segment of a timed track, before its first timed sample: they cannot be placed in the workout's time and were left out (counted in locationsWhilePaused)",
            "2 fixes opened a segment dated before the latest time read (by up to 2.0 s; segments that overlap): time does not run back, so they were left out (counted in locationsWhilePaused)",
        ])
    }

    /// A segment that turns out to be an earlier workout (a fix dated more than the activity's gap before the
    /// latest time) is that workout's from there on, fixes near the latest time included; fixes before it
    /// that could have been an overlap are counted as one. A run of 100 s, then a segment of two fixes 10 s
    /// and 5 s before its end and 100 fixes ten minutes before it; and the same segment in the other order.
    @Test func aSegmentOfAnEarlierWorkoutIsLeftOutWhole() throws {
        let t0 = 1_700_000_000.0
        func fix(_ second: Double, _ index: Int) -> Sample {
            .location(LocationSample(time: t0 + second, latitude: 46 + Double(index) * 3 / 111_195, longitude: 7))
        }
        let first = (0...100).map { fix(Double($0), $0) }
        let boundary = Sample.event(WorkoutEventSample(time: nil, kind: .segmentStart))
        let near = [fix(90, 200), fix(95, 201)]
        let earlier = (0..<100).map { fix(Double($0) - 600, 300 + $0) }
        let alone = try WorkoutSummary(samples: first, options: WorkoutOptions(activity: .running, filterMode: .none))
        for (order, second) in [("near first", near + earlier), ("earlier first", earlier + near)] {
            let summary = try WorkoutSummary(samples: first + [boundary] + second, options: WorkoutOptions(activity: .running, filterMode: .none))
            let m = summary.metrics
            #expect(m.locationCount == 101, "\(order)")
            #expect(m.locationsWhilePaused == 102, "\(order)")
            #expect(m.distanceMeters == alone.metrics.distanceMeters, "\(order)")
            let counts = m.warnings.compactMap { $0.split(separator: " ").first.flatMap { Int($0) } }
            #expect(counts == (order == "near first" ? [100, 2] : [102]), "\(order): \(m.warnings)")
        }
    }

    @Test func aLiveSessionShowsTheGapAsPausedAndStillCountsItsDistance() throws {
        let (samples, path) = Self.gapTrack()
        let truth = try GeodReference.inverseDistancesMeters(latitudes: path.map(\.latitude), longitudes: path.map(\.longitude)).reduce(0, +)
        var builder = WorkoutBuilder(options: WorkoutOptions(activity: .running, filterMode: .none))
        var live = LiveState(activity: .running)
        var changes: [SessionStateChange] = []
        for sample in samples {
            let outcome = builder.add(sample)
            changes += outcome.stateChanges
            live.apply(outcome)
        }
        // The gap's pause is at the last fix before it, its resume at the first after it: a screen never
        // counts the gap as running time.
        let gap = changes.filter { $0.cause == .recordingGap }
        #expect(gap.map(\.kind) == [.pause, .resume])
        #expect(gap.first?.time == 1_700_000_600 && gap.last?.time == 1_700_000_900)
        #expect(live.metrics.distanceMeters.isApproximatelyEqual(to: truth, relativeTolerance: 1e-9))
        #expect(builder.snapshot.segmentCount == 1)
    }

    @Test func aGapOfMoreThanSixHoursSeparatesTwoOutings() throws {
        var samples: [Sample] = []
        for second in 0...300 {
            samples.append(.location(LocationSample(time: 1_700_000_000 + Double(second), latitude: 46 + Double(second) * 2.7e-5, longitude: 7)))
        }
        // The next day, 40 km away: not a distance anyone ran between two fixes of this workout.
        for second in 0...300 {
            samples.append(.location(LocationSample(time: 1_700_090_000 + Double(second), latitude: 46.4 + Double(second) * 2.7e-5, longitude: 7)))
        }
        let summary = try WorkoutSummary(samples: samples, options: WorkoutOptions(activity: .running))
        #expect(summary.metrics.segmentCount == 2)
        #expect(summary.metrics.distanceMeters < 2000)
        // With --filter none a file segment is never split: the plain sum includes the jump.
        let plain = try WorkoutSummary(samples: samples, options: WorkoutOptions(activity: .running, filterMode: .none))
        #expect(plain.metrics.segmentCount == 1)
        #expect(plain.metrics.distanceMeters > 40_000)
    }

    /// Nor is the difference in altitude between two outings climbed or descended: the first outing climbs
    /// from 500 m to 550 m, the second, the next day, starts at 700 m and climbs to 730 m. By arithmetic the
    /// gain is 80 m (within the smoother's rounding of the ends) and the loss none; the splits add up to it,
    /// and no climb runs across the 150 m step (each outing alone is too flat, 2.8 % and 1.7 %, for one).
    /// With `--filter none` the track is one segment, and the 150 m between the two count as a climb.
    @Test func noClimbOrDescentCountsBetweenTwoOutings() throws {
        var samples: [Sample] = []
        for second in 0...600 {
            samples.append(.location(LocationSample(time: 1_700_000_000 + Double(second), latitude: 46 + Double(second) * 2.7e-5,
                                                    longitude: 7, altitudeMeters: 500 + 50 * Double(second) / 600)))
        }
        for second in 0...600 {
            samples.append(.location(LocationSample(time: 1_700_090_000 + Double(second), latitude: 46.4 + Double(second) * 2.7e-5,
                                                    longitude: 7, altitudeMeters: 700 + 30 * Double(second) / 600)))
        }
        let summary = try WorkoutSummary(samples: samples, options: WorkoutOptions(activity: .running))
        #expect(summary.metrics.segmentCount == 2)
        #expect(abs((summary.metrics.elevationGainMeters ?? 0) - 80) < 1, "gain \(summary.metrics.elevationGainMeters ?? -1) m")
        #expect((summary.metrics.elevationLossMeters ?? 1) < 1, "loss \(summary.metrics.elevationLossMeters ?? -1) m")
        #expect(summary.analysis.climbs.isEmpty)
        let splits = summary.analysis.splits.kilometers
        #expect(abs(splits.map { $0.figures.elevationGainMeters ?? 0 }.reduce(0, +) - (summary.metrics.elevationGainMeters ?? 0)) < 0.01)
        #expect(abs(splits.map { $0.figures.elevationLossMeters ?? 0 }.reduce(0, +) - (summary.metrics.elevationLossMeters ?? 0)) < 0.01)
        let plain = try WorkoutSummary(samples: samples, options: WorkoutOptions(activity: .running, filterMode: .none))
        #expect(abs((plain.metrics.elevationGainMeters ?? 0) - 230) < 1e-6)
        #expect((plain.metrics.elevationLossMeters ?? 1) < 1e-6)
    }
}
