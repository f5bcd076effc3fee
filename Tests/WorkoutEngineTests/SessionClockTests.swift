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
