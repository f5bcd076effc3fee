/// Plans a workout: asks the generator; when its workout fails the variation check, retries with a
/// new seed up to ``GenerationRetryPolicy/maximumRetries`` times; on timeout, rate limit or any
/// other error, goes straight to the ``LocalWorkoutComposer``. The fallback's workout is returned
/// even when the catalog cannot give enough new exercises (its ``PlannedWorkout/variation`` says so).
public struct WorkoutPlanner: Sendable {
    /// The variation rule a generated workout must pass.
    public var check: VariationCheck
    /// How often a workout that fails the check is generated again.
    public var retryPolicy: GenerationRetryPolicy
    /// The local fallback.
    public var composer: LocalWorkoutComposer

    /// A planner with the default check, retry policy and composer unless given.
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
