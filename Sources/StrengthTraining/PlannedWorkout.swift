/// A planned workout with its variation check.
public struct PlannedWorkout: Sendable, Hashable {
    public var workout: StrengthWorkout
    public var source: PlanSource
    public var variation: VariationResult
}
