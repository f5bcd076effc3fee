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
