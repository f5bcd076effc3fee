import Foundation
import StrengthTraining
import TestSupport
import Testing
import SessionSupport

struct VariationTests {
    let check = VariationCheck()

    @Test func ratioComparesTrimmedCaseInsensitiveNames() {
        let result = check.evaluate(["  back squat", "Deadlift", "Plank", "Dip", "Row"], recent: [["BACK SQUAT "], ["plank"]])
        #expect(result.newCount == 3 && result.total == 5)
        #expect(result.ratio == 0.6)
        #expect(result.passes)
        #expect(result.repeatedNames == ["  back squat", "Plank"])
    }

    @Test func onlyTheLastThreeWorkoutsCount() {
        let recent = [["A", "B", "C"], ["x"], ["y"], ["z"]]
        #expect(check.evaluate(["A", "B", "C"], recent: recent).ratio == 1)
        #expect(check.evaluate(["A", "B", "x"], recent: recent).ratio.isApproximatelyEqual(to: 2.0 / 3, relativeTolerance: 1e-12))
        #expect(!check.evaluate(["x", "y", "C"], recent: recent).passes)
        #expect(!check.evaluate([], recent: []).passes)
    }

    /// Returns the workouts in order, records the seeds, or throws.
    final class ScriptedGenerator: StrengthWorkoutGenerator, @unchecked Sendable {
        private let lock = NSLock()
        private var script: [Result<StrengthWorkout, GenerationFailure>]
        private(set) var seeds: [UInt64] = []
        init(_ script: [Result<StrengthWorkout, GenerationFailure>]) { self.script = script }
        func generate(_ request: GenerationRequest, seed: UInt64) async throws -> StrengthWorkout {
            let next: Result<StrengthWorkout, GenerationFailure> = lock.withLock {
                seeds.append(seed)
                return script.isEmpty ? .failure(.failed("script empty")) : script.removeFirst()
            }
            return try next.get()
        }
        var calls: Int { lock.withLock { seeds.count } }
    }

    func workout(_ names: [String]) -> StrengthWorkout {
        StrengthWorkout(id: "g", name: "G", exercises: names.enumerated().map { index, name in
            Exercise(id: "e\(index)", name: name, muscleGroup: .fullBody, sets: [ExerciseSet(targetReps: 5)])
        })
    }

    let request = GenerationRequest(workoutID: "next", name: "Next", equipment: [.barbell, .dumbbell, .bodyweight], muscleGroups: [.chest, .back], exerciseCount: 4)
    var recent: [StrengthWorkout] { [workout(["Barbell Bench Press", "Barbell Row", "Pull-Up"])] }

    @Test func generatorWorkoutThatPassesIsUsed() async {
        let generator = ScriptedGenerator([.success(workout(["A", "B", "C", "Pull-Up"]))])
        let planned = await WorkoutPlanner().plan(request, recent: recent, generator: generator, seed: 7)
        #expect(planned.source == .generator(attempt: 1))
        #expect(planned.variation.ratio == 0.75)
        #expect(generator.seeds == [7])
    }

    @Test func failingCheckRetriesTwiceWithNewSeedsThenFallsBack() async {
        let repeat_ = workout(["Barbell Bench Press", "Barbell Row", "Pull-Up", "A"])
        let generator = ScriptedGenerator([.success(repeat_), .success(repeat_), .success(repeat_), .success(workout(["A", "B", "C", "D"]))])
        let planned = await WorkoutPlanner().plan(request, recent: recent, generator: generator, seed: 7)
        #expect(generator.calls == 3)
        #expect(Set(generator.seeds).count == 3)
        #expect(planned.source == .fallback(.variationCheckFailed(lastRatio: 0.25)))
        #expect(planned.variation.passes)
        #expect(planned.workout.exercises.count == 4)
    }

    @Test func secondAttemptCanPass() async {
        let generator = ScriptedGenerator([.success(workout(["Pull-Up", "Barbell Row", "Barbell Bench Press"])), .success(workout(["A", "B", "C"]))])
        let planned = await WorkoutPlanner().plan(request, recent: recent, generator: generator, seed: 1)
        #expect(planned.source == .generator(attempt: 2))
    }

    @Test(arguments: [GenerationFailure.timeout, .rateLimited, .failed("500")])
    func failuresGoStraightToTheFallback(_ failure: GenerationFailure) async {
        let generator = ScriptedGenerator([.failure(failure), .success(workout(["A", "B", "C"]))])
        let planned = await WorkoutPlanner().plan(request, recent: recent, generator: generator, seed: 3)
        #expect(generator.calls == 1)
        let expected: FallbackReason = switch failure {
        case .timeout: .timeout
        case .rateLimited: .rateLimited
        case .failed(let detail): .failed(detail)
        }
        #expect(planned.source == .fallback(expected))
        #expect(planned.variation.passes)
    }

    @Test func invalidGeneratedWorkoutFallsBack() async {
        let generator = ScriptedGenerator([.success(StrengthWorkout(id: "x", name: "", exercises: []))])
        let planned = await WorkoutPlanner().plan(request, recent: recent, generator: generator, seed: 3)
        guard case .fallback(.failed) = planned.source else { Issue.record("got \(planned.source)"); return }
    }

    @Test func composerIsSeededAndFiltersByEquipmentAndMuscleGroup() throws {
        let composer = LocalWorkoutComposer()
        let a = composer.compose(request, recent: [], seed: 42)
        let b = composer.compose(request, recent: [], seed: 42)
        #expect(a == b)
        try a.validate()
        #expect(a.exercises.count == 4)
        #expect(a.exercises.allSatisfy { [.chest, .back].contains($0.muscleGroup) })
        #expect(a.exercises.allSatisfy { [.barbell, .dumbbell, .bodyweight].contains($0.equipment ?? .machine) })
        #expect(a.exercises.filter { $0.muscleGroup == .chest }.count == 2)   // round robin over the groups
        let others = (0..<20).map { composer.compose(request, recent: [], seed: UInt64($0)) }
        #expect(Set(others.map { $0.exercises.map(\.id) }).count > 1)
    }

    @Test(arguments: 0..<25)
    func composerPassesTheCheckWhenTheCatalogAllows(_ seed: Int) {
        let composer = LocalWorkoutComposer()
        var history: [StrengthWorkout] = []
        for round in 0..<6 {
            let next = composer.compose(GenerationRequest(workoutID: "r\(round)", name: "", exerciseCount: 5), recent: history.map { $0.exercises.map(\.name) }, seed: UInt64(seed * 100 + round))
            #expect(check.evaluate(next, recent: history).passes)
            history.append(next)
        }
    }

    @Test func composerRelaxesFiltersWhenNothingMatches() {
        let workout = LocalWorkoutComposer().compose(GenerationRequest(workoutID: "b", name: "", equipment: [.band], muscleGroups: [.calves], exerciseCount: 2), recent: [], seed: 1)
        #expect(workout.exercises.count == 2)
        #expect(workout.exercises.allSatisfy { $0.equipment == .band })
    }

    @Test func catalogLoadsFromAPathAndReportsErrors() throws {
        let directory = try TestPaths.temporaryDirectory("catalog")
        let path = directory.appendingPathComponent("catalog.json").path
        try POSIXFileSystem().writeAtomically(Array(#"[{"id":"a","name":"A","muscle_group":"core","equipment":"band"}]"#.utf8), to: path)
        let catalog = try ExerciseCatalog.load(path: path, keyStyle: .snakeCase)
        #expect(catalog.exercises == [ExerciseDefinition(id: "a", name: "A", muscleGroup: .core, equipment: .band)])
        #expect(throws: ExerciseCatalogError.self) { try ExerciseCatalog.load(path: path) }   // camel case keys missing
        #expect(throws: ExerciseCatalogError.self) { try ExerciseCatalog.load(path: path + ".missing") }
        #expect(throws: ExerciseCatalogError.empty) { try ExerciseCatalog([]) }
        #expect(Set(ExerciseCatalog.bundled.exercises.map(\.id)).count == ExerciseCatalog.bundled.exercises.count)
        #expect(Set(ExerciseCatalog.bundled.exercises.map(\.muscleGroup)) == Set(MuscleGroup.allCases))
    }
}
