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

    /// The state and running time of an instant before the latest change, by arithmetic on the intervals:
    /// run 1000-1060, paused to 1100, run to 1130, paused to 1150, run to the end at 1200.
    @Test func readingsBeforeTheLatestChange() {
        var clock = SessionClock()
        #expect(clock.reading(at: 5) == .init(state: .notStarted, elapsedSeconds: 0))
        clock.start(at: 1000)
        #expect(clock.reading(at: 999) == .init(state: .notStarted, elapsedSeconds: 0))
        #expect(clock.reading(at: 1010) == .init(state: .running, elapsedSeconds: 10))
        clock.pause(at: 1060)
        #expect(clock.lastClosedInterval == .init(start: 1000, end: 1060))
        #expect(clock.reading(at: 1050) == .init(state: .running, elapsedSeconds: 50))
        #expect(clock.reading(at: 1070) == .init(state: .paused, elapsedSeconds: 60))
        clock.resume(at: 1100)
        #expect(clock.reading(at: 1030) == .init(state: .running, elapsedSeconds: 30))
        #expect(clock.reading(at: 1080) == .init(state: .paused, elapsedSeconds: 60))
        #expect(clock.reading(at: 1120) == .init(state: .running, elapsedSeconds: 80))
        clock.pause(at: 1130)
        clock.resume(at: 1150)
        // Two changes after 1050: the clock keeps only the interval 1100-1130.
        #expect(clock.reading(at: 1050) == nil)
        #expect(clock.reading(at: 1125) == .init(state: .running, elapsedSeconds: 85))
        #expect(clock.reading(at: 1140) == .init(state: .paused, elapsedSeconds: 90))
        clock.end(at: 1200)
        #expect(clock.reading(at: 1190) == .init(state: .running, elapsedSeconds: 130))
        #expect(clock.reading(at: 1200) == .init(state: .ended, elapsedSeconds: 140))
        #expect(clock.reading(at: 1300) == .init(state: .ended, elapsedSeconds: 140))
    }

    @Test func anEndAfterAPauseReadsPausedBetweenThem() {
        var clock = SessionClock()
        clock.start(at: 0)
        clock.pause(at: 10)
        clock.end(at: 20)
        #expect(clock.reading(at: 5) == .init(state: .running, elapsedSeconds: 5))
        #expect(clock.reading(at: 15) == .init(state: .paused, elapsedSeconds: 10))
        #expect(clock.reading(at: 25) == .init(state: .ended, elapsedSeconds: 10))
        var never = SessionClock()
        never.end(at: 3)
        #expect(never.reading(at: 1) == .init(state: .notStarted, elapsedSeconds: 0))
        #expect(never.reading(at: 4) == .init(state: .ended, elapsedSeconds: 0))
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
