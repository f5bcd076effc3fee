/// A planned workout with its variation check.
public struct PlannedWorkout: Sendable, Hashable {
    /// The workout to do.
    public var workout: StrengthWorkout
    /// Who made it: the generator (on which attempt) or the local fallback (and why).
    public var source: PlanSource
    /// How it compares with the recent workouts (the share of new exercises, and whether it passes).
    public var variation: VariationResult
}
