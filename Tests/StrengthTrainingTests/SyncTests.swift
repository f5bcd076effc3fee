import StrengthTraining
import TestSupport
import Testing

struct SyncTests {
    @Test func serverCompletedSetsWinAndLocalPendingEditsStay() throws {
        var local = try activeState()
        _ = try local.logSet(reps: 5, loadKg: 100, at: epoch + 10)     // set 0 done locally
        _ = try local.changeLoad(exercise: 0, set: 2, to: 105, at: epoch + 20)  // pending edit on sets 2, 3
        let restBefore = local.restTimer

        var server = sampleWorkout()
        server.exercises[0].sets[0].status = .completed             // the server has set 0 with other values
        server.exercises[0].sets[0].actualReps = 6
        server.exercises[0].sets[0].actualLoadKg = 100
        server.exercises[0].sets[0].completedAt = epoch + 11
        server.exercises[0].sets[1].status = .completed             // and set 1 that was not logged here
        server.exercises[0].sets[1].actualReps = 5
        server.exercises[0].sets[1].actualLoadKg = 100
        server.exercises[0].sets[1].completedAt = epoch + 100

        let (merged, report) = StrengthSync.merge(local: local.workout, server: server)
        #expect(report.serverWonSets == 2)
        #expect(merged.exercises[0].sets[0].actualReps == 6)
        #expect(merged.exercises[0].sets[1].status == .completed)
        #expect(merged.exercises[0].sets[2].targetLoadKg == 105)    // local pending edit kept
        #expect(merged.exercises[0].sets[3].targetLoadKg == 105)
        #expect(restBefore != nil)
    }

    @Test func sessionMergeKeepsTheRestTimer() async throws {
        let clock = ManualClock()
        let session = try StrengthSession(workout: sampleWorkout(), clock: clock, wallTimeAtStart: epoch, store: nil, logger: makeLogger().0)
        await session.start()
        try await session.logSet()
        let rest = await session.state.restTimer
        var server = sampleWorkout()
        for index in 0..<4 {
            server.exercises[0].sets[index].status = .completed
            server.exercises[0].sets[index].actualReps = 5
            server.exercises[0].sets[index].actualLoadKg = 100
            server.exercises[0].sets[index].completedAt = epoch
        }
        server.exercises.append(Exercise(id: "curl", name: "Curl", muscleGroup: .biceps, sets: [ExerciseSet(targetReps: 12)]))
        let report = try await session.applyServerState(server)
        #expect(report.addedExercises == 1)
        #expect(await session.state.restTimer == rest)
        #expect(await session.state.workout.exercises[0].status == .finished)
        #expect(await session.state.currentExerciseIndex == 1)
        #expect(await session.state.workout.exercises.count == 4)

        var broken = server
        broken.exercises.append(Exercise(id: "empty", name: "Empty", muscleGroup: .core, sets: []))
        let before = await session.state
        await #expect(throws: StrengthSessionError.self) { try await session.applyServerState(broken) }
        #expect(await session.state == before)
    }

    struct Backend: StrengthSyncBackend {
        var error: (any Error)?
        func uploadCompletedWorkout(_ workout: StrengthWorkout, summary: StrengthWorkoutSummary) async throws {
            if let error { throw error }
        }
    }

    @Test func completingWhenTheServerSessionIsGoneSavesLocally() async throws {
        let clock = ManualClock()
        let session = try StrengthSession(workout: sampleWorkout(), clock: clock, wallTimeAtStart: epoch, store: nil, logger: makeLogger().0)
        await session.start()
        try await session.logSet()
        clock.advance(by: .seconds(300))
        #expect(try await session.complete(confirmed: false, backend: Backend(error: StrengthBackendError.sessionGone)) == .needsConfirmation(completed: 1, total: 9))
        let result = try await session.complete(confirmed: true, backend: Backend(error: StrengthBackendError.sessionGone))
        guard case .savedLocally(let summary) = result else { Issue.record("got \(result)"); return }
        #expect(summary.completedSets == 1 && summary.activeSeconds == 300 && summary.volumeKg == 500)
        #expect(await session.state.phase == .completed)
    }

    @Test func completingSyncsOrReportsOtherFailures() async throws {
        let a = try StrengthSession(workout: sampleWorkout(), clock: ManualClock(), wallTimeAtStart: epoch, store: nil, logger: makeLogger().0)
        await a.start()
        guard case .synced = try await a.complete(confirmed: true, backend: Backend(error: nil)) else { Issue.record("not synced"); return }
        let b = try StrengthSession(workout: sampleWorkout(), clock: ManualClock(), wallTimeAtStart: epoch, store: nil, logger: makeLogger().0)
        await b.start()
        guard case .uploadFailed = try await b.complete(confirmed: true, backend: Backend(error: StrengthBackendError.failed("503"))) else {
            Issue.record("not reported"); return
        }
    }
}
