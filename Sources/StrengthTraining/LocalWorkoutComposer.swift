/// The local fallback: picks exercises from a catalog by equipment and muscle group, seeded (the same
/// seed, request and history give the same workout). Exercises new against the recent workouts come
/// first, so the workout passes the variation check whenever the catalog has enough new exercises
/// for the request. Filters are relaxed (muscle groups, then equipment to bodyweight, then the whole
/// catalog) when nothing matches, so a workout always comes out.
public struct LocalWorkoutComposer: Sendable {
    /// The exercises it composes from.
    public var catalog: ExerciseCatalog
    /// The variation rule it aims to satisfy.
    public var check: VariationCheck

    /// A composer over `catalog` (the bundled one by default) aiming at `check`.
    public init(catalog: ExerciseCatalog = .bundled, check: VariationCheck = VariationCheck()) {
        self.catalog = catalog
        self.check = check
    }

    /// A workout for `request`, new against `recent` exercise names (oldest first; the check's
    /// lookback applies).
    /// - Complexity: O(catalog size).
    public func compose(_ request: GenerationRequest, recent: [[String]], seed: UInt64) -> StrengthWorkout {
        var candidates = catalog.filtered(equipment: request.equipment, muscleGroups: Set(request.muscleGroups))
        if candidates.isEmpty { candidates = catalog.filtered(equipment: request.equipment, muscleGroups: []) }
        if candidates.isEmpty { candidates = catalog.filtered(equipment: [.bodyweight], muscleGroups: []) }
        if candidates.isEmpty { candidates = catalog.exercises }
        let seen = Set(recent.suffix(max(0, check.lookback)).joined().map(VariationCheck.normalize))
        var generator = SeededGenerator(seed: seed)
        let fresh = candidates.filter { !seen.contains(VariationCheck.normalize($0.name)) }.shuffled(using: &generator)
        let repeated = candidates.filter { seen.contains(VariationCheck.normalize($0.name)) }.shuffled(using: &generator)
        let count = max(1, request.exerciseCount)
        var groupOrder = request.muscleGroups
        for candidate in candidates where !groupOrder.contains(candidate.muscleGroup) { groupOrder.append(candidate.muscleGroup) }
        var picked = Self.roundRobin(fresh, groups: groupOrder, limit: count)
        if picked.count < count { picked += Self.roundRobin(repeated, groups: groupOrder, limit: count - picked.count) }
        let sets = max(1, request.setsPerExercise)
        let reps = max(0, request.targetReps)
        let exercises = picked.map { definition in
            Exercise(
                id: definition.id, name: definition.name, muscleGroup: definition.muscleGroup, equipment: definition.equipment,
                restSeconds: request.restSeconds, sets: Array(repeating: ExerciseSet(targetReps: reps), count: sets))
        }
        return StrengthWorkout(id: request.workoutID, name: request.name, exercises: exercises)
    }

    /// Takes one exercise per group in turn, in `groups` order, until `limit` or the pool is empty.
    private static func roundRobin(_ pool: [ExerciseDefinition], groups: [MuscleGroup], limit: Int) -> [ExerciseDefinition] {
        var buckets = groups.map { group in pool.filter { $0.muscleGroup == group }[...] }
        var picked: [ExerciseDefinition] = []
        while picked.count < limit, buckets.contains(where: { !$0.isEmpty }) {
            for index in buckets.indices where picked.count < limit {
                if let next = buckets[index].popFirst() { picked.append(next) }
            }
        }
        return picked
    }
}
