import Foundation
import StrengthTraining
import Testing

struct ModelCodingTests {
    @Test func restDefaultsToSixtySeconds() {
        let workout = sampleWorkout()
        #expect(workout.exercises[0].effectiveRestSeconds == 90)
        #expect(workout.exercises[1].restSeconds == nil)
        #expect(workout.exercises[1].effectiveRestSeconds == 60)
    }

    @Test(arguments: JSONKeyStyle.allCases)
    func stateRoundTripsInBothKeyStyles(_ style: JSONKeyStyle) throws {
        var state = try activeState()
        _ = try state.logSet(reps: 4, loadKg: 102.5, at: epoch + 30)
        try state.flagPain(1, note: "shoulder", at: epoch + 40)
        let bytes = try StrengthJSON.encode(state, keyStyle: style)
        let decoded = try StrengthJSON.decode(StrengthSessionState.self, from: bytes, keyStyle: style)
        #expect(decoded == state)
    }

    /// A paused timer keeps where its pause began: restored, a resume dated before it (a clock set back)
    /// resumes there, as the timer in memory does, instead of counting the time twice.
    @Test(arguments: JSONKeyStyle.allCases)
    func aPausedTimerRoundTripsWhereItsPauseBegan(_ style: JSONKeyStyle) throws {
        var timer = WorkoutTimer()
        timer.run(at: 0)
        timer.pause(at: 10)
        timer.run(at: 20)
        timer.pause(at: 30)
        let restored = try StrengthJSON.decode(WorkoutTimer.self, from: StrengthJSON.encode(timer, keyStyle: style), keyStyle: style)
        #expect(restored == timer)
        var inMemory = timer, again = restored
        inMemory.run(at: 25)
        again.run(at: 25)
        #expect(inMemory.activeSeconds(at: 40) == 30)
        #expect(again.activeSeconds(at: 40) == 30)

        var rest = RestTimer(exerciseID: "squat", setIndex: 0, targetSeconds: 60, startedAt: 0)
        rest.pause(at: 20)
        rest.resume(at: 30)
        rest.pause(at: 40)
        #expect(try StrengthJSON.decode(RestTimer.self, from: StrengthJSON.encode(rest, keyStyle: style), keyStyle: style) == rest)
    }

    @Test func snakeCaseKeysAreSnakeCase() throws {
        var state = try activeState()
        _ = try state.logSet(at: epoch + 30)
        let text = String(decoding: try StrengthJSON.encode(state, keyStyle: .snakeCase), as: UTF8.self)
        for key in ["\"target_load_kg\"", "\"target_reps\"", "\"muscle_group\"", "\"rest_seconds\"", "\"current_exercise_index\"",
                    "\"completed_sets_per_exercise\"", "\"last_active_at\"", "\"rest_timer\"", "\"exercise_id\"", "\"completed_at\"",
                    "\"actual_load_kg\"", "\"workout_timer\"", "\"accumulated_seconds\"", "\"presentation_mode\""] {
            #expect(text.contains(key), "missing \(key)")
        }
        #expect(!text.contains("targetLoadKg"))
    }

    @Test func workoutJSONFormIsStable() throws {
        let workout = StrengthWorkout(id: "w", name: "A", exercises: [
            Exercise(id: "curl", name: "Curl", muscleGroup: .biceps, sets: [ExerciseSet(targetReps: 10, targetLoadKg: 12.5)]),
        ])
        let text = String(decoding: try StrengthJSON.encode(workout), as: UTF8.self)
        #expect(text == #"{"exercises":[{"id":"curl","muscleGroup":"biceps","name":"Curl","painFlagged":false,"sets":[{"status":"pending","targetLoadKg":12.5,"targetReps":10}],"status":"open"}],"id":"w","name":"A"}"#)
        let decoded = try StrengthJSON.decode(StrengthWorkout.self, from: Array(text.utf8))
        #expect(decoded == workout)
    }

    @Test func validationRejectsBadWorkouts() {
        var noSets = sampleWorkout()
        noSets.exercises[0].sets = []
        #expect(throws: StrengthSessionError.self) { try noSets.validate() }
        var duplicate = sampleWorkout()
        duplicate.exercises[1].id = "squat"
        #expect(throws: StrengthSessionError.self) { try duplicate.validate() }
        var negative = sampleWorkout()
        negative.exercises[0].sets[0].targetLoadKg = -.infinity
        #expect(throws: StrengthSessionError.self) { try negative.validate() }
        #expect(throws: StrengthSessionError.self) { try StrengthSessionState(workout: StrengthWorkout(id: "e", name: "", exercises: []), createdAt: 0) }
    }

    @Test func summaryCountsVolumeAndActiveTime() throws {
        var state = try activeState()
        _ = try state.logSet(at: epoch + 10)            // 5 x 100
        _ = try state.logSet(reps: 3, at: epoch + 120)  // 3 x 100
        let summary = StrengthWorkoutSummary(state: state, at: epoch + 200)
        #expect(summary.completedSets == 2)
        #expect(summary.totalSets == 9)
        #expect(summary.volumeKg == 800)
        #expect(summary.activeSeconds == 200)
    }
}
