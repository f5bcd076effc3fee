import Testing
import WorkoutEngine

struct SessionClockTests {
    @Test func elapsedAccumulatesRunningIntervalsOnly() {
        var clock = SessionClock()
        #expect(clock.state == .notStarted)
        #expect(clock.elapsedSeconds(at: 100) == 0)
        clock.start(at: 1000)
        #expect(clock.elapsedSeconds(at: 1010) == 10)
        clock.pause(at: 1060)
        #expect(clock.state == .paused)
        // Paused time never counts, however long.
        #expect(clock.elapsedSeconds(at: 5000) == 60)
        clock.resume(at: 1100)
        #expect(clock.elapsedSeconds(at: 1130) == 90)
        clock.end(at: 1200)
        #expect(clock.state == .ended)
        #expect(clock.accumulatedSeconds == 160)
        #expect(clock.elapsedSeconds(at: 9999) == 160)
    }

    @Test func transitionsOutOfOrderAreIgnored() {
        var clock = SessionClock()
        clock.pause(at: 5)
        clock.resume(at: 6)
        #expect(clock.state == .notStarted)
        clock.start(at: 10)
        clock.resume(at: 12)  // already running: ignored
        #expect(clock.openIntervalStart == 10)
        clock.pause(at: 20)
        clock.pause(at: 30)  // already paused: ignored
        #expect(clock.accumulatedSeconds == 10)
        clock.end(at: 40)
        clock.start(at: 50)
        #expect(clock.state == .ended)
        #expect(clock.accumulatedSeconds == 10)
    }

    /// Time does not run back across a pause: a resume dated before the pause began opens the interval
    /// where the pause began.
    @Test func aResumeBeforeThePauseResumesWhereThePauseBegan() {
        var clock = SessionClock()
        clock.start(at: 26)
        clock.pause(at: 39)
        #expect(clock.pausedAt == 39)
        clock.resume(at: 26)
        #expect(clock.openIntervalStart == 39)
        clock.pause(at: 39)
        #expect(clock.accumulatedSeconds == 13)
    }

    /// A chain of two copies of one FIT file (tormoder/fit's `activity-filecrc.fit`: timer start, 14 records,
    /// stop, twice, with the same times): the second copy's timer start, dated before the first copy's stop,
    /// resumed the clock there, and its stop counted the 13 s again (26 s of running time in 13.7 s of wall
    /// time).
    @Test func aSecondCopyOfTheSameRecordingCountsNoTimeTwice() throws {
        var builder = WorkoutBuilder(options: WorkoutOptions(activity: .running))
        for _ in 0..<2 {
            try builder.consume(.event(WorkoutEventSample(time: nil, kind: .segmentStart)))
            try builder.consume(.event(WorkoutEventSample(time: 1_000, kind: .resume)))
            for second in 0...13 {
                try builder.consume(.location(LocationSample(time: 1_000 + Double(second), latitude: 49.8, longitude: 8.6 + Double(second) * 1e-5)))
            }
            try builder.consume(.event(WorkoutEventSample(time: 1_013, kind: .pause)))
        }
        let summary = try builder.summary()
        #expect(summary.metrics.elapsedSeconds == 13)
        #expect(summary.metrics.totalSeconds == 13)
    }

    /// A pause dated before the latest sample (a Sigma ROX 11.1 writes its last timer stop 34 s before its
    /// last records, GoldenCheetah's test ride) pauses at that sample: moving time counted the records up to
    /// it, and read moving 7,263 s against 7,252 s of running time.
    @Test func aPauseDatedBeforeTheLatestSamplePausesThere() throws {
        var builder = WorkoutBuilder(options: WorkoutOptions(activity: .cycling))
        for second in 0...100 {
            try builder.consume(.location(LocationSample(time: 1_000 + Double(second), latitude: 49.8 + Double(second) * 6e-5,
                                                         longitude: 8.6, speedMetersPerSecond: 6.7)))
        }
        try builder.consume(.event(WorkoutEventSample(time: 1_066, kind: .pause)))
        let metrics = try builder.summary().metrics
        #expect(metrics.elapsedSeconds == 100)
        #expect(metrics.movingSeconds == 100)
        #expect(metrics.pauseCount == 1)

        // The latest reading's time, not an event's: a lap dated later moves no pause.
        var withLap = WorkoutBuilder(options: WorkoutOptions(activity: .cycling))
        for second in 0...100 {
            try withLap.consume(.location(LocationSample(time: 1_000 + Double(second), latitude: 49.8 + Double(second) * 6e-5,
                                                         longitude: 8.6, speedMetersPerSecond: 6.7)))
        }
        try withLap.consume(.event(WorkoutEventSample(time: 1_160, kind: .lap)))
        try withLap.consume(.event(WorkoutEventSample(time: 1_100, kind: .pause)))
        #expect(try withLap.summary().metrics.elapsedSeconds == 100)
    }

    /// A resume dated before its pause is told at the time the clock resumed, so the session's state
    /// changes never run back.
    @Test func aResumeBeforeItsPauseIsToldWhereTheClockResumed() {
        var builder = WorkoutBuilder(options: WorkoutOptions(activity: .running))
        for second in 0...10 {
            _ = builder.add(.location(LocationSample(time: 1_000 + Double(second), latitude: 49.8 + Double(second) * 3e-5, longitude: 8.6)))
        }
        _ = builder.add(.event(WorkoutEventSample(time: 1_010, kind: .pause)))
        let outcome = builder.add(.event(WorkoutEventSample(time: 1_007, kind: .resume)))
        #expect(outcome.stateChanges.map(\.time) == [1_010])
        #expect(builder.clock.openIntervalStart == 1_010)
    }
}

struct DisplayFormattingTests {
    @Test(arguments: [
        (0.0, "0:00"), (59.9, "0:59"), (61, "1:01"), (3599, "59:59"), (3600, "1:00:00"), (36061, "10:01:01"),
    ])
    func durations(seconds: Double, expected: String) {
        #expect(DisplayFormatting.duration(seconds: seconds) == expected)
    }

    @Test func longDurationAndPace() {
        #expect(DisplayFormatting.longDuration(seconds: 5498) == "1:31:38")
        #expect(DisplayFormatting.pace(secondsPerUnit: 299.6) == "5:00")
        #expect(DisplayFormatting.pace(secondsPerUnit: .infinity) == "--:--")
        #expect(DisplayFormatting.fixed(12.345, digits: 2) == "12.35")
        #expect(DisplayFormatting.fixed(-0.004, digits: 2) == "0.00")
        #expect(DisplayFormatting.fixed(3, digits: 0) == "3")
    }
}
