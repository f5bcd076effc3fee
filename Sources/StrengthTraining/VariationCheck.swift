/// Checks that a new workout is different enough from the last ones: it passes when at least
/// ``requiredNewRatio`` (60 %) of its exercises appear in none of the last ``lookback`` (3)
/// workouts. Names are compared trimmed of white space and case-insensitively.
public struct VariationCheck: Sendable, Hashable {
    /// The share of exercises that must be new (0.6).
    public var requiredNewRatio: Double
    /// How many recent workouts are compared (3).
    public var lookback: Int

    /// A check that wants `requiredNewRatio` (0.6 by default) of a workout's exercises absent from the last
    /// `lookback` (3) workouts.
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
