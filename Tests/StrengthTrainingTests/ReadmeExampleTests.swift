import Logging
import StrengthTraining
import TestSupport
import Testing

/// The README's example, with a manual clock and a temporary file.
struct ReadmeExampleTests {
    @Test func readmeExample() async throws {
        let fixture = try StoreFixture()
        let clock = ManualClock()
        let (logger, _) = makeLogger()
        let store = ResumeStore(path: fixture.path)
        let plan = await WorkoutPlanner().plan(
            GenerationRequest(workoutID: "2025-06-02", name: "Push", equipment: [.barbell, .dumbbell],
                              muscleGroups: [.chest, .shoulders, .triceps], targetReps: 8),
            recent: [], generator: nil, seed: 42)
        let session = try StrengthSession(workout: plan.workout, clock: clock, wallTimeAtStart: epoch, store: store, logger: logger)
        await session.start()
        try await session.changeLoad(exercise: 0, set: 0, to: 60)
        try await session.logSet()
        clock.advance(by: .seconds(60))
        #expect(await session.tick() != nil)
        try await session.logSet(reps: 6)
        #expect(try await session.finishExercise(0, confirmed: false) == .needsConfirmation(completed: 2, total: 3))
        #expect(await session.leave() == .written)
        guard case .resumed(let state, _) = store.load(workoutID: "2025-06-02", now: epoch + 300, logger: logger) else {
            Issue.record("not resumed"); return
        }
        #expect(state.workout.exercises[0].sets.map(\.actualLoadKg) == [60, 60, nil])
    }
}
