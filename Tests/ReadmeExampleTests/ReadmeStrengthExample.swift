import Foundation
import StrengthTraining

// The README's "Strength workouts" block, compiled (see ReadmeEngineExamples.swift).
enum ReadmeStrengthExample {
    static func plannedSession(lastThreeWorkouts: [StrengthWorkout]) async throws {
        // README:begin
        let plan = await WorkoutPlanner().plan(
            GenerationRequest(workoutID: "2025-06-02", name: "Push", equipment: [.barbell, .dumbbell],
                              muscleGroups: [.chest, .shoulders, .triceps], targetReps: 8),
            recent: lastThreeWorkouts, generator: nil, seed: 42)        // nil: the local catalog composes it
        let session = try StrengthSession(workout: plan.workout, clock: ContinuousClock(),
            wallTimeAtStart: Date().timeIntervalSince1970, store: ResumeStore(path: "/var/lib/gym/resume.json"))
        await session.start()
        try await session.changeLoad(exercise: 0, set: 0, to: 60)      // later pending sets follow
        try await session.logSet()                                    // planned reps and load; rest starts
        if let rest = try await session.waitForRestCompletion() { print("rest over, +\(rest.overtimeSeconds) s") }
        if case .needsConfirmation(let done, let total) = try await session.finishExercise(0, confirmed: false) {
            print("\(done) of \(total) sets done: finish anyway?")
        }
        await session.leave()                                         // timer pauses; state saved atomically
        // README:end
    }
}
