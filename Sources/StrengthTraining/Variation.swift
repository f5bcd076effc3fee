/// The result of a ``VariationCheck``.
public struct VariationResult: Sendable, Hashable {
    /// Exercises of the new workout that appear in none of the recent workouts.
    public var newCount: Int
    /// Exercises of the new workout.
    public var total: Int
    /// `newCount / total` (0 for a workout with no exercise).
    public var ratio: Double
    /// Whether `ratio` reaches the required ratio.
    public var passes: Bool
    /// The names (as given) that were found in a recent workout.
    public var repeatedNames: [String]
}

/// Checks that a new workout is different enough from the last ones: it passes when at least
/// ``requiredNewRatio`` (60 %) of its exercises appear in none of the last ``lookback`` (3)
/// workouts. Names are compared trimmed of white space and case-insensitively.
public struct VariationCheck: Sendable, Hashable {
    /// The share of exercises that must be new (0.6).
    public var requiredNewRatio: Double
    /// How many recent workouts are compared (3).
    public var lookback: Int

    public init(requiredNewRatio: Double = 0.6, lookback: Int = 3) {
        self.requiredNewRatio = requiredNewRatio
        self.lookback = lookback
    }

    /// The comparison key of an exercise name: trimmed, lowercased.
    public static func normalize(_ name: String) -> String {
        name.trimmingWhitespace().lowercased()
    }

    /// Evaluates `names` against `recent` workouts' exercise names, oldest first (only the last
    /// ``lookback`` are used).
    /// - Complexity: O(n + m) for n new names and m recent names.
    public func evaluate(_ names: [String], recent: [[String]]) -> VariationResult {
        let seen = Set(recent.suffix(max(0, lookback)).joined().map(Self.normalize))
        let repeated = names.filter { seen.contains(Self.normalize($0)) }
        let newCount = names.count - repeated.count
        let ratio = names.isEmpty ? 0 : Double(newCount) / Double(names.count)
        return VariationResult(newCount: newCount, total: names.count, ratio: ratio, passes: !names.isEmpty && ratio >= requiredNewRatio, repeatedNames: repeated)
    }

    /// Evaluates a workout against recent workouts, oldest first.
    public func evaluate(_ workout: StrengthWorkout, recent: [StrengthWorkout]) -> VariationResult {
        evaluate(workout.exercises.map(\.name), recent: recent.map { $0.exercises.map(\.name) })
    }
}

extension String {
    func trimmingWhitespace() -> String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
              let last = scalars.lastIndex(where: { !$0.properties.isWhitespace })
        else { return "" }
        return String(scalars[first...last])
    }
}

/// What to generate.
public struct GenerationRequest: Sendable, Hashable {
    /// The id the workout gets.
    public var workoutID: String
    /// Its display name.
    public var name: String
    /// Equipment available (any when empty).
    public var equipment: Set<Equipment>
    /// Muscle groups to train, in priority order (any when empty).
    public var muscleGroups: [MuscleGroup]
    /// Exercises wanted.
    public var exerciseCount: Int
    /// Sets per exercise.
    public var setsPerExercise: Int
    /// Target reps per set.
    public var targetReps: Int
    /// Rest per set; `nil` for the default 60 s.
    public var restSeconds: Double?

    public init(
        workoutID: String, name: String, equipment: Set<Equipment> = [], muscleGroups: [MuscleGroup] = [],
        exerciseCount: Int = 5, setsPerExercise: Int = 3, targetReps: Int = 10, restSeconds: Double? = nil
    ) {
        self.workoutID = workoutID
        self.name = name
        self.equipment = equipment
        self.muscleGroups = muscleGroups
        self.exerciseCount = exerciseCount
        self.setsPerExercise = setsPerExercise
        self.targetReps = targetReps
        self.restSeconds = restSeconds
    }
}

/// How a generator failed. ``timeout``, ``rateLimited`` and ``failed(_:)`` all send the planner
/// straight to the local fallback, without retrying; any other error is treated as ``failed(_:)``.
public enum GenerationFailure: Error, Sendable, Hashable {
    case timeout
    case rateLimited
    case failed(String)
}

/// Something that generates workouts (a remote service, a model). Given the same request and seed,
/// a deterministic generator should return the same workout; the planner retries with a new seed.
public protocol StrengthWorkoutGenerator: Sendable {
    /// A workout for `request`.
    /// - Throws: ``GenerationFailure`` (other errors count as ``GenerationFailure/failed(_:)``).
    func generate(_ request: GenerationRequest, seed: UInt64) async throws -> StrengthWorkout
}

/// When to retry the generator.
public struct GenerationRetryPolicy: Sendable, Hashable {
    /// Retries after a workout that fails the variation check (2, so at most 3 attempts).
    public var maximumRetries: Int

    public init(maximumRetries: Int = 2) { self.maximumRetries = max(0, maximumRetries) }

    /// The seed of attempt `attempt` (0 for the first), derived from `seed` so runs are reproducible.
    public func seed(_ seed: UInt64, attempt: Int) -> UInt64 {
        guard attempt > 0 else { return seed }
        var generator = SeededGenerator(seed: seed &+ UInt64(attempt))
        return generator.next()
    }
}

/// Why the planner used the local fallback.
public enum FallbackReason: Sendable, Hashable {
    /// No generator was given.
    case noGenerator
    /// Every attempt failed the variation check; the ratio of the last one.
    case variationCheckFailed(lastRatio: Double)
    case timeout
    case rateLimited
    /// The generator failed otherwise, or returned an invalid workout.
    case failed(String)
}

/// Where a planned workout came from.
public enum PlanSource: Sendable, Hashable {
    /// The generator, on attempt `attempt` (1 for the first).
    case generator(attempt: Int)
    /// The local composer.
    case fallback(FallbackReason)
}

/// A planned workout with its variation check.
public struct PlannedWorkout: Sendable, Hashable {
    public var workout: StrengthWorkout
    public var source: PlanSource
    public var variation: VariationResult
}

/// Plans a workout: asks the generator; when its workout fails the variation check, retries with a
/// new seed up to ``GenerationRetryPolicy/maximumRetries`` times; on timeout, rate limit or any
/// other error, goes straight to the ``LocalWorkoutComposer``. The fallback's workout is returned
/// even when the catalog cannot give enough new exercises (its ``PlannedWorkout/variation`` says so).
public struct WorkoutPlanner: Sendable {
    public var check: VariationCheck
    public var retryPolicy: GenerationRetryPolicy
    public var composer: LocalWorkoutComposer

    public init(check: VariationCheck = VariationCheck(), retryPolicy: GenerationRetryPolicy = GenerationRetryPolicy(), composer: LocalWorkoutComposer = LocalWorkoutComposer()) {
        self.check = check
        self.retryPolicy = retryPolicy
        self.composer = composer
    }

    /// Plans a workout for `request` against `recent` workouts (oldest first).
    public func plan(
        _ request: GenerationRequest, recent: [StrengthWorkout], generator: (any StrengthWorkoutGenerator)?, seed: UInt64
    ) async -> PlannedWorkout {
        let recentNames = recent.map { $0.exercises.map(\.name) }
        guard let generator else { return fallback(request, recentNames, seed: seed, reason: .noGenerator) }
        var lastRatio = 0.0
        for attempt in 0...retryPolicy.maximumRetries {
            let attemptSeed = retryPolicy.seed(seed, attempt: attempt)
            let workout: StrengthWorkout
            do {
                workout = try await generator.generate(request, seed: attemptSeed)
                try workout.validate()
            } catch let failure as GenerationFailure {
                let reason: FallbackReason = switch failure {
                case .timeout: .timeout
                case .rateLimited: .rateLimited
                case .failed(let detail): .failed(detail)
                }
                return fallback(request, recentNames, seed: attemptSeed, reason: reason)
            } catch {
                return fallback(request, recentNames, seed: attemptSeed, reason: .failed("\(error)"))
            }
            let variation = check.evaluate(workout.exercises.map(\.name), recent: recentNames)
            if variation.passes { return PlannedWorkout(workout: workout, source: .generator(attempt: attempt + 1), variation: variation) }
            lastRatio = variation.ratio
        }
        return fallback(request, recentNames, seed: seed, reason: .variationCheckFailed(lastRatio: lastRatio))
    }

    private func fallback(_ request: GenerationRequest, _ recent: [[String]], seed: UInt64, reason: FallbackReason) -> PlannedWorkout {
        let workout = composer.compose(request, recent: recent, seed: seed)
        return PlannedWorkout(workout: workout, source: .fallback(reason), variation: check.evaluate(workout.exercises.map(\.name), recent: recent))
    }
}

/// The local fallback: picks exercises from a catalog by equipment and muscle group, seeded (the same
/// seed, request and history give the same workout). Exercises new against the recent workouts come
/// first, so the workout passes the variation check whenever the catalog has enough new exercises
/// for the request. Filters are relaxed (muscle groups, then equipment to bodyweight, then the whole
/// catalog) when nothing matches, so a workout always comes out.
public struct LocalWorkoutComposer: Sendable {
    public var catalog: ExerciseCatalog
    public var check: VariationCheck

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

/// SplitMix64 (Steele, Lea and Flood, 2014): a small, fast generator whose sequence depends only on
/// its seed, so composed workouts are reproducible on every platform.
struct SeededGenerator: RandomNumberGenerator, Sendable {
    private var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var mixed = state
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        return mixed ^ (mixed >> 31)
    }
}
