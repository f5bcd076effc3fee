import StrengthTraining
import TestSupport
import Testing

struct DisplayStateTests {
    @Test func compactStateShowsExerciseSetRestAndElapsed() throws {
        var state = try activeState()
        _ = try state.logSet(at: epoch + 30)
        let display = StrengthDisplayState(state: state, at: epoch + 40.5)
        #expect(display.exerciseName == "Back Squat")
        #expect(display.setNumber == 2 && display.setCount == 4)
        #expect(display.restRemainingSeconds == 80)
        #expect(display.restOvertimeSeconds == 0)
        #expect(display.elapsedSeconds == 40)
    }

    @Test func throttlePublishesChangesAndCountersAtTheMinimumInterval() throws {
        var state = try activeState()
        var throttle = DisplayStateThrottle(minimumInterval: 5)
        #expect(throttle.offer(StrengthDisplayState(state: state, at: epoch), at: epoch) != nil)
        #expect(throttle.offer(StrengthDisplayState(state: state, at: epoch + 0.5), at: epoch + 0.5) == nil)  // unchanged
        #expect(throttle.offer(StrengthDisplayState(state: state, at: epoch + 2), at: epoch + 2) == nil)      // counter only, too soon
        #expect(throttle.offer(StrengthDisplayState(state: state, at: epoch + 5), at: epoch + 5) != nil)      // counter, interval passed
        _ = try state.logSet(at: epoch + 6)
        #expect(throttle.offer(StrengthDisplayState(state: state, at: epoch + 6), at: epoch + 6) != nil)      // structural: at once
    }

    @Test func sessionPublishesOnChangeAndOnTicksAtMostOncePerInterval() async throws {
        let clock = ManualClock()
        let session = try StrengthSession(workout: sampleWorkout(), clock: clock, wallTimeAtStart: epoch, store: nil, displayMinimumInterval: 1, logger: makeLogger().0)
        await session.start()
        #expect(await session.displayPublishCount == 1)
        await session.tick()
        await session.tick()
        #expect(await session.displayPublishCount == 1)
        clock.advance(by: .milliseconds(500))
        await session.tick()
        #expect(await session.displayPublishCount == 1)
        clock.advance(by: .milliseconds(600))
        await session.tick()
        #expect(await session.displayPublishCount == 2)
        try await session.logSet()
        #expect(await session.displayPublishCount == 3)
        var iterator = session.displayUpdates.makeAsyncIterator()
        let latest = await iterator.next()
        #expect(latest?.setNumber == 2 && latest?.restRemainingSeconds == 90)
    }
}
