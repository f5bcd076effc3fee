import StrengthTraining
import Testing

struct SessionRulesTests {
    @Test func loggingWithNoInputRecordsThePlanAdvancesAndStartsRest() throws {
        var state = try activeState()
        let result = try state.logSet(at: epoch + 20)
        #expect(result.recordedAutomatically)
        #expect(result.reps == 5 && result.loadKg == 100)
        let set = state.workout.exercises[0].sets[0]
        #expect(set.status == .completed && set.actualReps == 5 && set.actualLoadKg == 100 && set.completedAt == epoch + 20)
        #expect(state.workout.exercises[0].nextPendingSetIndex == 1)
        let rest = try #require(state.restTimer)
        #expect(rest.targetSeconds == 90 && rest.startedAt == epoch + 20 && rest.setIndex == 0)
    }

    @Test func loggingGivenValuesRecordsThem() throws {
        var state = try activeState()
        let result = try state.logSet(reps: 3, loadKg: 95, at: epoch + 20)
        #expect(!result.recordedAutomatically)
        #expect(state.workout.exercises[0].sets[0].actualReps == 3)
        #expect(state.workout.exercises[0].sets[0].actualLoadKg == 95)
        #expect(throws: StrengthSessionError.invalidValue("reps -1")) { try state.logSet(reps: -1, at: epoch + 30) }
        #expect(throws: StrengthSessionError.self) { try state.logSet(loadKg: .nan, at: epoch + 30) }
    }

    @Test func lastSetOfAnExerciseMovesToTheNextAndDefaultRestIsSixty() throws {
        var state = try activeState()
        for _ in 0..<4 { _ = try state.logSet(at: epoch + 10) }
        #expect(state.workout.exercises[0].status == .finished)
        #expect(state.currentExerciseIndex == 1)
        _ = try state.logSet(at: epoch + 20)
        #expect(state.restTimer?.targetSeconds == 60)
    }

    @Test func noRestAfterTheLastSetOfTheWorkout() throws {
        var state = try activeState(StrengthWorkout(id: "one", name: "", exercises: [
            Exercise(id: "a", name: "A", muscleGroup: .core, sets: [ExerciseSet(targetReps: 1)]),
        ]))
        let result = try state.logSet(at: epoch + 5)
        #expect(result.restTimer == nil && state.restTimer == nil)
        #expect(state.isReadyToComplete)
        #expect(state.phase == .active)
    }

    @Test func skipSetAdvancesWithoutRest() throws {
        var state = try activeState()
        #expect(try state.skipSet(at: epoch + 5) == 0)
        #expect(state.workout.exercises[0].sets[0].status == .skipped)
        #expect(state.restTimer == nil)
        _ = try state.logSet(at: epoch + 6)
        #expect(state.workout.exercises[0].sets[1].status == .completed)
    }

    @Test func unlogReturnsToPendingAndClearsValues() throws {
        var state = try activeState()
        _ = try state.logSet(reps: 4, loadKg: 90, at: epoch + 5)
        try state.unlogSet(exercise: 0, set: 0, at: epoch + 6)
        let set = state.workout.exercises[0].sets[0]
        #expect(set.status == .pending && set.actualReps == nil && set.actualLoadKg == nil && set.completedAt == nil)
        #expect(state.restTimer == nil)
        #expect(throws: StrengthSessionError.setNotCompleted(exercise: 0, set: 0)) { try state.unlogSet(exercise: 0, set: 0, at: epoch + 7) }
    }

    @Test func unlogReopensAFinishedExercise() throws {
        var state = try activeState()
        for _ in 0..<4 { _ = try state.logSet(at: epoch + 10) }
        try state.unlogSet(exercise: 0, set: 3, at: epoch + 11)
        #expect(state.workout.exercises[0].status == .open)
        #expect(state.currentExerciseIndex == 0)
    }

    @Test func addSetCopiesTheLastSetsTargets() throws {
        var state = try activeState()
        _ = try state.changeLoad(exercise: 0, set: 3, to: 110, at: epoch + 1)
        _ = try state.changeTargetReps(exercise: 0, set: 3, to: 3, at: epoch + 1)
        let index = try state.addSet(exercise: 0, at: epoch + 2)
        #expect(index == 4)
        #expect(state.workout.exercises[0].sets[4] == ExerciseSet(targetReps: 3, targetLoadKg: 110))
    }

    @Test func removeLastPendingSetButNeverTheOnlySet() throws {
        var state = try activeState()
        try state.removeLastPendingSet(exercise: 1, at: epoch + 1)
        #expect(state.workout.exercises[1].sets.count == 2)
        try state.removeLastPendingSet(exercise: 1, at: epoch + 1)
        let before = state
        #expect(throws: StrengthSessionError.wouldLeaveNoSet(exercise: 1)) { try state.removeLastPendingSet(exercise: 1, at: epoch + 2) }
        #expect(state == before)
    }

    @Test func removeLastPendingSetKeepsCompletedSets() throws {
        var state = try activeState()
        for _ in 0..<3 { _ = try state.logSet(at: epoch + 1) }
        try state.removeLastPendingSet(exercise: 0, at: epoch + 2)
        #expect(state.workout.exercises[0].sets.count == 3)
        #expect(state.workout.exercises[0].status == .finished)
        #expect(throws: StrengthSessionError.exerciseClosed(exercise: 0)) { try state.removeLastPendingSet(exercise: 0, at: epoch + 3) }
    }

    @Test func weightCascadeChangesOnlyLaterPendingSets() throws {
        var state = try activeState()
        _ = try state.logSet(at: epoch + 1)          // set 0 completed @100
        _ = try state.skipSet(at: epoch + 2)         // set 1 skipped
        let changed = try state.changeLoad(exercise: 0, set: 2, to: 105, at: epoch + 3)
        #expect(changed == [2, 3])
        let sets = state.workout.exercises[0].sets
        #expect(sets[0].actualLoadKg == 100 && sets[0].targetLoadKg == 100)
        #expect(sets[1].targetLoadKg == 100)
        #expect(sets[2].targetLoadKg == 105 && sets[3].targetLoadKg == 105)
        #expect(state.workout.exercises[1].sets.allSatisfy { $0.targetLoadKg == 60 })
    }

    @Test func weightCascadeFromACompletedSetCorrectsItAndLaterPendingSets() throws {
        var state = try activeState()
        _ = try state.logSet(at: epoch + 1)
        _ = try state.logSet(at: epoch + 2)
        let changed = try state.changeLoad(exercise: 0, set: 0, to: 97.5, at: epoch + 3)
        #expect(changed == [0, 2, 3])
        let sets = state.workout.exercises[0].sets
        #expect(sets[0].actualLoadKg == 97.5)
        #expect(sets[1].actualLoadKg == 100)
        #expect(sets[2].targetLoadKg == 97.5 && sets[3].targetLoadKg == 97.5)
        #expect(throws: StrengthSessionError.self) { try state.changeLoad(exercise: 0, set: 9, to: 1, at: epoch) }
    }

    @Test func finishingWithPendingSetsNeedsConfirmation() throws {
        var state = try activeState()
        _ = try state.logSet(at: epoch + 1)
        _ = try state.logSet(at: epoch + 2)
        let before = state
        #expect(try state.finishExercise(0, confirmed: false, at: epoch + 3) == .needsConfirmation(completed: 2, total: 4))
        #expect(state == before)
        #expect(try state.finishExercise(0, confirmed: true, at: epoch + 3) == .finished)
        #expect(state.workout.exercises[0].status == .finished)
        #expect(state.workout.exercises[0].sets.map(\.status) == [.completed, .completed, .skipped, .skipped])
        #expect(state.currentExerciseIndex == 1)
    }

    @Test func skipExerciseAndFlagPainAndSwap() throws {
        var state = try activeState()
        try state.skipExercise(0, at: epoch + 1)
        #expect(state.workout.exercises[0].status == .skipped)
        #expect(state.workout.exercises[0].sets.allSatisfy { $0.status == .skipped })
        #expect(state.currentExerciseIndex == 1)
        #expect(throws: StrengthSessionError.exerciseClosed(exercise: 0)) { try state.skipExercise(0, at: epoch + 2) }

        try state.flagPain(1, note: "left shoulder", at: epoch + 3)
        #expect(state.workout.exercises[1].painFlagged && state.workout.exercises[1].painNote == "left shoulder")

        let press = ExerciseDefinition(id: "machine-chest-press", name: "Machine Chest Press", muscleGroup: .chest, equipment: .machine)
        try state.swapExercise(1, with: press, at: epoch + 4)
        let swapped = state.workout.exercises[1]
        #expect(swapped.name == "Machine Chest Press" && swapped.id == "machine-chest-press" && swapped.equipment == .machine)
        #expect(swapped.swappedFrom == "Barbell Bench Press")
        #expect(swapped.sets.count == 3 && swapped.sets.allSatisfy { $0.targetReps == 8 })
        _ = try state.logSet(at: epoch + 5)
        #expect(throws: StrengthSessionError.exerciseAlreadyStarted(exercise: 1)) { try state.swapExercise(1, with: press, at: epoch + 6) }
    }

    @Test func workoutCompletionNeedsConfirmationUntilEverySetIsDone() throws {
        var state = try activeState()
        _ = try state.logSet(at: epoch + 1)
        #expect(try state.completeWorkout(confirmed: false, at: epoch + 2) == .needsConfirmation(completed: 1, total: 9))
        #expect(state.phase == .active)
        #expect(try state.completeWorkout(confirmed: true, at: epoch + 600) == .finished)
        #expect(state.phase == .completed)
        #expect(state.activeSeconds(at: epoch + 9999) == 600)
        #expect(throws: StrengthSessionError.workoutNotActive(.completed)) { try state.logSet(at: epoch + 700) }
    }

    @Test func actionsNeedAnActiveWorkout() throws {
        var state = try StrengthSessionState(workout: sampleWorkout(), createdAt: epoch)
        #expect(state.phase == .generating)
        #expect(throws: StrengthSessionError.workoutNotActive(.generating)) { try state.logSet(at: epoch) }
        #expect(throws: StrengthSessionError.exerciseIndexOutOfRange(7)) {
            var active = try activeState()
            try active.flagPain(7, at: epoch)
        }
    }

    @Test func workoutTimerCountsActiveTimeOnly() throws {
        var state = try activeState()
        state.leave(at: epoch + 100)
        #expect(state.activeSeconds(at: epoch + 500) == 100)
        state.returnToWorkout(at: epoch + 400)
        #expect(state.activeSeconds(at: epoch + 450) == 150)
        _ = try state.completeWorkout(confirmed: true, at: epoch + 500)
        #expect(state.activeSeconds(at: epoch + 10_000) == 200)
    }
}
