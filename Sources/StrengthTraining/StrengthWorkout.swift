/// A strength workout: exercises in order.
public struct StrengthWorkout: Sendable, Hashable, Codable, Identifiable {
    /// Identifies the workout (a resume state for another id is discarded).
    public var id: String
    /// Shown to the user.
    public var name: String
    /// The exercises in order.
    public var exercises: [Exercise]

    /// A workout with its id, display name and exercises in order.
    public init(id: String, name: String, exercises: [Exercise]) {
        self.id = id
        self.name = name
        self.exercises = exercises
    }

    /// Sets completed across all exercises.
    public var completedSetCount: Int { exercises.reduce(0) { $0 + $1.completedSetCount } }
    /// Sets across all exercises.
    public var totalSetCount: Int { exercises.reduce(0) { $0 + $1.sets.count } }
    /// Sets still pending across all exercises.
    public var pendingSetCount: Int { exercises.reduce(0) { $0 + $1.pendingSetCount } }

    /// Checks what the session rules rely on: at least one exercise, unique non-empty exercise ids,
    /// every exercise with at least one set, reps not negative, loads and rest finite and not negative,
    /// and completed sets carrying their actual values.
    /// - Throws: ``StrengthSessionError/invalidWorkout(_:)`` naming the first problem.
    /// - Complexity: O(sets).
    public func validate() throws(StrengthSessionError) {
        guard !exercises.isEmpty else { throw .invalidWorkout("workout \(id) has no exercise") }
        var seen = Set<String>()
        for exercise in exercises {
            guard !exercise.id.isEmpty else { throw .invalidWorkout("an exercise has an empty id") }
            guard seen.insert(exercise.id).inserted else { throw .invalidWorkout("exercise id \(exercise.id) appears twice") }
            guard !exercise.sets.isEmpty else { throw .invalidWorkout("exercise \(exercise.id) has no set") }
            if let rest = exercise.restSeconds, !(rest.isFinite && rest >= 0) {
                throw .invalidWorkout("exercise \(exercise.id) has rest \(rest) s")
            }
            for (index, set) in exercise.sets.enumerated() {
                let place = "exercise \(exercise.id) set \(index + 1)"
                guard set.targetReps >= 0 else { throw .invalidWorkout("\(place) has target reps \(set.targetReps)") }
                if let load = set.targetLoadKg, !isValidLoad(load) { throw .invalidWorkout("\(place) has target load \(load) kg") }
                if let load = set.actualLoadKg, !isValidLoad(load) { throw .invalidWorkout("\(place) has actual load \(load) kg") }
                if let reps = set.actualReps, reps < 0 { throw .invalidWorkout("\(place) has actual reps \(reps)") }
                if set.status == .completed, set.actualReps == nil || set.completedAt == nil {
                    throw .invalidWorkout("\(place) is completed without its actual reps or completion time")
                }
            }
        }
    }
}
