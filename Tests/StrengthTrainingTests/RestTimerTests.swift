import Logging
import StrengthTraining
import TestSupport
import Testing

struct RestTimerTests {
    @Test func remainingAndElapsedComeFromTimestamps() {
        let timer = RestTimer(exerciseID: "squat", setIndex: 0, targetSeconds: 90, startedAt: 1000)
        #expect(timer.elapsedSeconds(at: 1030) == 30)
        #expect(timer.remainingSeconds(at: 1030) == 60)
        #expect(timer.overtimeSeconds(at: 1030) == 0)
        // A late read (no tick in between) gives the right value, and overtime keeps counting.
        #expect(timer.remainingSeconds(at: 1200) == 0)
        #expect(timer.overtimeSeconds(at: 1200) == 110)
        #expect(timer.dueTime == 1090)
    }

    @Test func completionFiresExactlyOnce() {
        var timer = RestTimer(exerciseID: "squat", setIndex: 0, targetSeconds: 60, startedAt: 0)
        #expect(timer.takeCompletion(at: 59.9) == nil)
        let completion = timer.takeCompletion(at: 61)
        #expect(completion?.overtimeSeconds == 1)
        #expect(timer.takeCompletion(at: 62) == nil)
        #expect(timer.takeCompletion(at: 500) == nil)
        #expect(timer.overtimeSeconds(at: 500) == 440)
    }

    @Test func pauseStopsTheCountAndResumeContinues() {
        var timer = RestTimer(exerciseID: "squat", setIndex: 0, targetSeconds: 60, startedAt: 0)
        timer.pause(at: 20)
        #expect(timer.isPaused && timer.dueTime == nil)
        #expect(timer.remainingSeconds(at: 300) == 40)
        timer.resume(at: 300)
        #expect(timer.remainingSeconds(at: 310) == 30)
        #expect(timer.dueTime == 340)
    }

    @Test func skipEndsTheRestWithoutCompletion() throws {
        var state = try activeState()
        _ = try state.logSet(at: epoch)
        state.skipRest(at: epoch + 5)
        #expect(state.restTimer == nil)
        #expect(state.takeRestCompletion(at: epoch + 500) == nil)
    }

    @Test func sessionWaitsForTheRestOnTheInjectedClock() async throws {
        let clock = ManualClock()
        let session = try StrengthSession(workout: sampleWorkout(), clock: clock, wallTimeAtStart: epoch, store: nil, logger: makeLogger().0)
        await session.start()
        try await session.logSet()
        let waiter = Task { try await session.waitForRestCompletion() }
        await yieldUntil { clock.sleeperCount == 1 }
        clock.advance(by: .seconds(89))
        #expect(await session.state.restTimer?.completionDelivered == false)
        clock.advance(by: .seconds(1))
        let completion = try await waiter.value
        #expect(completion?.exerciseID == "squat")
        #expect(completion?.overtimeSeconds == 0)
        // Exactly once: neither a tick nor another wait reports it again.
        #expect(await session.tick() == nil)
        #expect(try await session.waitForRestCompletion() == nil)
    }

    @Test func pausedRestIsNotDueAndResumesOnTheClock() async throws {
        let clock = ManualClock()
        let session = try StrengthSession(workout: sampleWorkout(), clock: clock, wallTimeAtStart: epoch, store: nil, logger: makeLogger().0)
        await session.start()
        try await session.logSet()
        clock.advance(by: .seconds(30))
        await session.pauseRest()
        clock.advance(by: .seconds(600))
        #expect(await session.tick() == nil)
        #expect(await session.state.restTimer?.remainingSeconds(at: session.now) == 60)
        await session.resumeRest()
        clock.advance(by: .seconds(60))
        #expect(await session.tick() != nil)
        #expect(await session.tick() == nil)
    }

    @Test func restTimerSurvivesARestartWithinTheGraceOnly() throws {
        let fixture = try StoreFixture()
        var state = try activeState()
        _ = try state.logSet(at: epoch + 10)         // 90 s rest, due at +100
        try fixture.store().save(state)
        let (logger, _) = makeLogger()
        // Restarted 4 min after the target: within the 5 min grace.
        guard case .resumed(let kept, let dropped) = fixture.store().load(now: epoch + 100 + 240, logger: logger) else {
            Issue.record("not resumed"); return
        }
        #expect(!dropped)
        #expect(kept.restTimer?.overtimeSeconds(at: epoch + 340) == 240)
        // Restarted 6 min after the target: the rest is dropped, the workout kept.
        guard case .resumed(let late, let droppedLate) = fixture.store().load(now: epoch + 100 + 360, logger: logger) else {
            Issue.record("not resumed"); return
        }
        #expect(droppedLate && late.restTimer == nil)
        #expect(late.workout.completedSetCount == 1)
    }

    @Test func completionReportedBeforeAKillIsNotReportedAgain() throws {
        let fixture = try StoreFixture()
        var state = try activeState()
        _ = try state.logSet(at: epoch)
        #expect(state.takeRestCompletion(at: epoch + 95) != nil)
        try fixture.store().save(state)
        guard case .resumed(var restored, _) = fixture.store().load(now: epoch + 120, logger: makeLogger().0) else {
            Issue.record("not resumed"); return
        }
        #expect(restored.takeRestCompletion(at: epoch + 121) == nil)
    }
}
