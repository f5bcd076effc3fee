import Foundation
import Logging
import StrengthTraining
import TestSupport
import Testing
import SessionSupport

struct ResumePersistenceTests {
    @Test func killAndRestore() async throws {
        let fixture = try StoreFixture()
        let (logger, _) = makeLogger()
        let clock = ManualClock()
        let session = try StrengthSession(workout: sampleWorkout(), presentationMode: .list, clock: clock, wallTimeAtStart: epoch, store: fixture.store(), logger: logger)
        await session.start()
        clock.advance(by: .seconds(60))
        try await session.logSet()
        clock.advance(by: .seconds(100))
        try await session.logSet(reps: 4, loadKg: 102.5)
        try await session.skipExercise(2)
        try await session.flagPain(1, note: "elbow")
        clock.advance(by: .seconds(20))
        #expect(await session.persist() == .written)
        let before = await session.state
        // "Kill": the session is gone; a new process reads the file 10 minutes later.
        let later = epoch + 180 + 600
        guard case .resumed(let state, let dropped) = fixture.store().load(workoutID: "w1", now: later, logger: logger) else {
            Issue.record("not resumed"); return
        }
        #expect(dropped)   // the rest was due at +250, more than 5 minutes before +780
        #expect(state.workout == before.workout)
        #expect(state.currentExerciseIndex == before.currentExerciseIndex)
        #expect(state.presentationMode == .list)
        #expect(state.completedSetsPerExercise == [2, 0, 0])
        #expect(state.workout.exercises[2].status == .skipped)
        #expect(state.workout.exercises[1].painFlagged)
        #expect(state.lastActiveAt == epoch + 180)
        // The workout timer counts 180 s, not the 10 minutes the app was gone.
        let clock2 = ManualClock()
        let resumed = StrengthSession(resuming: state, clock: clock2, wallTimeAtStart: later, store: fixture.store(), logger: logger)
        #expect(await resumed.state.activeSeconds(at: later) == 180)
        await resumed.returnToWorkout()
        clock2.advance(by: .seconds(20))
        #expect(await resumed.summary.activeSeconds == 200)
        try await resumed.logSet()
        #expect(await resumed.state.workout.completedSetCount == 3)
    }

    @Test func restoreWithEverySetDoneDoesNotCompleteByItself() async throws {
        let fixture = try StoreFixture()
        let (logger, _) = makeLogger()
        var state = try activeState()
        while state.workout.pendingSetCount > 0 { _ = try state.logSet(at: epoch + 10) }
        #expect(state.isReadyToComplete)
        try fixture.store().save(state)
        guard case .resumed(let restored, _) = fixture.store().load(now: epoch + 60, logger: logger) else {
            Issue.record("not resumed"); return
        }
        #expect(restored.phase == .active && restored.isReadyToComplete)
        let session = StrengthSession(resuming: restored, clock: ManualClock(), wallTimeAtStart: epoch + 60, store: fixture.store(), logger: logger)
        #expect(await session.state.phase == .active)
        #expect(try await session.complete(confirmed: false) == .finished)
        #expect(await session.state.phase == .completed)
        #expect(fixture.fileBytes() == nil)   // a completed workout is never resumed
    }

    @Test func corruptFileIsDiscardedWithAReason() throws {
        let fixture = try StoreFixture()
        let (logger, log) = makeLogger()
        try fixture.write("{\"formatVersion\":1,\"workout\":")
        guard case .discarded(.corrupt) = fixture.store().load(now: epoch, logger: logger) else {
            Issue.record("not discarded as corrupt"); return
        }
        #expect(log.messages.contains("strength: resume state discarded"))
        #expect(log.metadata(of: "strength: resume state discarded")?["reason"].map { "\($0)".hasPrefix("corrupt") } == true)
        #expect(fixture.fileBytes() == nil)
        #expect(fixture.store().load(now: epoch, logger: logger) == .nothing)
    }

    @Test func inconsistentFileIsCorrupt() throws {
        let fixture = try StoreFixture()
        var state = try activeState()
        _ = try state.logSet(at: epoch + 1)
        var text = String(decoding: try StrengthJSON.encode(state), as: UTF8.self)
        text = text.replacingOccurrences(of: "\"completedSetsPerExercise\":[1,0,0]", with: "\"completedSetsPerExercise\":[3,0,0]")
        try fixture.write(text)
        guard case .discarded(.corrupt(let detail)) = fixture.store().load(now: epoch, logger: makeLogger().0) else {
            Issue.record("not discarded"); return
        }
        #expect(detail.contains("completed sets"))
        try fixture.write("garbage \u{0}\u{1}")
        guard case .discarded(.corrupt) = fixture.store().load(now: epoch, logger: makeLogger().0) else {
            Issue.record("not discarded"); return
        }
    }

    @Test func expiredFileIsDiscarded() throws {
        let fixture = try StoreFixture()
        let state = try activeState()
        try fixture.store().save(state)
        let sixHoursLater = epoch + 6 * 3600
        guard case .resumed = fixture.store().load(now: sixHoursLater, logger: makeLogger().0) else {
            Issue.record("exactly 6 h should still resume"); return
        }
        #expect(fixture.store().load(now: sixHoursLater + 1, logger: makeLogger().0)
            == .discarded(.expired(lastActiveAt: epoch, maximumAgeSeconds: 6 * 3600)))
        try fixture.store().save(state)
        #expect(fixture.store(maximumAge: 60).load(now: epoch + 61, logger: makeLogger().0)
            == .discarded(.expired(lastActiveAt: epoch, maximumAgeSeconds: 60)))
    }

    @Test func stateOfAnotherWorkoutIsDiscarded() throws {
        let fixture = try StoreFixture()
        try fixture.store().save(try activeState(sampleWorkout(id: "monday")))
        #expect(fixture.store().load(workoutID: "tuesday", now: epoch, logger: makeLogger().0)
            == .discarded(.otherWorkout(found: "monday", expected: "tuesday")))
    }

    @Test func onlyAnActiveWorkoutIsPersisted() async throws {
        let fixture = try StoreFixture()
        let session = try StrengthSession(workout: sampleWorkout(), clock: ManualClock(), wallTimeAtStart: epoch, store: fixture.store(), logger: makeLogger().0)
        #expect(await session.persist() == .notActive(.generating))
        #expect(fixture.fileBytes() == nil)
        await session.start()
        #expect(await session.persist() == .written)
        #expect(fixture.fileBytes() != nil)
        _ = try await session.complete(confirmed: true)
        #expect(fixture.fileBytes() == nil)
        #expect(await session.persist() == .notActive(.completed))
        #expect(fixture.fileBytes() == nil)
    }

    @Test func persistingTwiceIsHarmless() async throws {
        let fixture = try StoreFixture()
        let clock = ManualClock()
        let session = try StrengthSession(workout: sampleWorkout(), clock: clock, wallTimeAtStart: epoch, store: fixture.store(), logger: makeLogger().0)
        await session.start()
        try await session.logSet()
        #expect(await session.persist() == .written)
        let first = fixture.fileBytes()
        #expect(await session.persist() == .written)
        #expect(fixture.fileBytes() == first)
        // No temporary file is left behind.
        let names = try FileManager.default.contentsOfDirectory(atPath: fixture.directory.path)
        #expect(names == ["strength-resume.json"])
    }

    @Test(arguments: [FaultInjectingFileSystem.Operation.write, .synchronize, .rename, .open])
    func writeFailureKeepsTheWorkoutGoingAndIsSurfaced(_ operation: FaultInjectingFileSystem.Operation) async throws {
        let fixture = try StoreFixture()
        let (logger, log) = makeLogger()
        let clock = ManualClock()
        let session = try StrengthSession(workout: sampleWorkout(), clock: clock, wallTimeAtStart: epoch, store: fixture.store(), logger: logger)
        await session.start()
        try await session.logSet()
        #expect(await session.persist() == .written)
        let saved = fixture.fileBytes()

        fixture.fileSystem.inject(ENOSPC, on: [operation], partialWriteFraction: 0.5)
        try await session.logSet()
        let outcome = await session.persist()
        guard case .failed(let message) = outcome else { Issue.record("expected a failure, got \(outcome)"); return }
        #expect(message.contains("errno \(ENOSPC)"))
        #expect(await session.lastPersistenceError == message)
        #expect(log.messages.contains("strength: resume state not written; the workout goes on in memory"))
        #expect(fixture.fileBytes() == saved)                 // the old state is intact
        try await session.logSet()                            // the workout goes on in memory
        #expect(await session.state.workout.completedSetCount == 3)

        fixture.fileSystem.clearFaults()
        #expect(await session.persist() == .written)
        #expect(await session.lastPersistenceError == nil)
        guard case .resumed(let state, _) = fixture.store().load(now: epoch + 10, logger: logger) else {
            Issue.record("not resumed"); return
        }
        #expect(state.workout.completedSetCount == 3)
    }

    @Test func inFlightActionIsAwaitedWhenItFinishesWithinThreeSeconds() async throws {
        let fixture = try StoreFixture()
        let clock = ManualClock()
        let session = try StrengthSession(workout: sampleWorkout(), clock: clock, wallTimeAtStart: epoch, store: fixture.store(), logger: makeLogger().0)
        await session.start()
        let gate = Gate()
        let press = ExerciseDefinition(id: "machine-chest-press", name: "Machine Chest Press", muscleGroup: .chest, equipment: .machine)
        let swap = Task { try await session.swapExercise(1) { await gate.wait(); return press } }
        await yieldUntil { gate.waiterCount == 1 }
        #expect(await session.hasActionInFlight)
        let persist = Task { await session.persist() }
        await yieldUntil { clock.sleeperCount == 1 }          // persist is waiting, with a 3 s timer
        clock.advance(by: .seconds(2))
        gate.open()
        try await swap.value
        #expect(await persist.value == .written)
        guard case .resumed(let state, _) = fixture.store().load(now: epoch + 5, logger: makeLogger().0) else {
            Issue.record("not resumed"); return
        }
        #expect(state.workout.exercises[1].name == "Machine Chest Press")
    }

    @Test func inFlightActionLongerThanThreeSecondsPersistsTheStateBeforeIt() async throws {
        let fixture = try StoreFixture()
        let clock = ManualClock()
        let (logger, log) = makeLogger()
        let session = try StrengthSession(workout: sampleWorkout(), clock: clock, wallTimeAtStart: epoch, store: fixture.store(), logger: logger)
        await session.start()
        let gate = Gate()
        let flag = Task { try await session.flagPain(0, note: "knee") { await gate.wait() } }
        await yieldUntil { gate.waiterCount == 1 }
        let persist = Task { await session.persist() }
        await yieldUntil { clock.sleeperCount == 1 }
        clock.advance(by: .milliseconds(2999))
        await Task.yield()
        clock.advance(by: .milliseconds(1))
        #expect(await persist.value == .written)
        #expect(log.messages.contains("strength: an action is still in flight; persisting the state before it"))
        guard case .resumed(let state, _) = fixture.store().load(now: epoch + 5, logger: logger) else {
            Issue.record("not resumed"); return
        }
        #expect(!state.workout.exercises[0].painFlagged)
        gate.open()
        try await flag.value
        #expect(await session.state.workout.exercises[0].painFlagged)
    }

    @Test func failedInFlightActionChangesNothing() async throws {
        struct Offline: Error {}
        let session = try StrengthSession(workout: sampleWorkout(), clock: ManualClock(), wallTimeAtStart: epoch, store: nil, logger: makeLogger().0)
        await session.start()
        await #expect(throws: Offline.self) {
            try await session.swapExercise(0) { throw Offline() }
        }
        #expect(await session.state.workout == sampleWorkout())
        #expect(await session.hasActionInFlight == false)
        #expect(await session.persist() == .noStore)
    }

    @Test func snakeCaseStoreRoundTrips() throws {
        let fixture = try StoreFixture()
        var state = try activeState()
        _ = try state.logSet(at: epoch + 3)
        try fixture.store(keyStyle: .snakeCase).save(state)
        let text = String(decoding: fixture.fileBytes() ?? [], as: UTF8.self)
        #expect(text.contains("\"last_active_at\""))
        guard case .resumed(let restored, _) = fixture.store(keyStyle: .snakeCase).load(now: epoch + 4, logger: makeLogger().0) else {
            Issue.record("not resumed"); return
        }
        #expect(restored.workout == state.workout)
    }
}
