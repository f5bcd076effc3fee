/// Something that generates workouts (a remote service, a model). Given the same request and seed,
/// a deterministic generator should return the same workout; the planner retries with a new seed.
public protocol StrengthWorkoutGenerator: Sendable {
    /// A workout for `request`.
    /// - Throws: ``GenerationFailure`` (other errors count as ``GenerationFailure/failed(_:)``).
    func generate(_ request: GenerationRequest, seed: UInt64) async throws -> StrengthWorkout
}
