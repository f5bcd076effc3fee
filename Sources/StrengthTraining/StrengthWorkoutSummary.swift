import SessionSupport

/// The outcome of a finished workout.
public struct StrengthWorkoutSummary: Sendable, Hashable, Codable {
    /// Per exercise.
    public struct ExerciseSummary: Sendable, Hashable, Codable {
        /// The exercise's id.
        public var id: String
        /// The exercise's display name.
        public var name: String
        /// Sets completed.
        public var completedSets: Int
        /// Sets skipped.
        public var skippedSets: Int
        /// Sets planned, completed or not.
        public var totalSets: Int
        /// Sum of reps x load over completed sets, kilograms.
        public var volumeKg: Double
        /// The user reported pain on this exercise.
        public var painFlagged: Bool
        /// The whole exercise was skipped.
        public var skipped: Bool
    }

    /// The workout's id (JSON key `workoutId`).
    public var workoutID: String
    /// The workout's display name.
    public var name: String
    /// Active time only (paused time excluded), seconds.
    public var activeSeconds: Double
    /// Sets completed, over every exercise.
    public var completedSets: Int
    /// Sets planned, over every exercise.
    public var totalSets: Int
    /// Sum of reps x load over completed sets, kilograms.
    public var volumeKg: Double
    /// Per exercise, in workout order.
    public var exercises: [ExerciseSummary]

    private enum CodingKeys: String, CodingKey {
        case workoutID = "workoutId", name, activeSeconds, completedSets, totalSets, volumeKg, exercises
    }

    /// The summary of `state` at `time`.
    public init(state: StrengthSessionState, at time: Double) {
        let workout = state.workout
        workoutID = workout.id
        name = workout.name
        activeSeconds = state.activeSeconds(at: time)
        completedSets = workout.completedSetCount
        totalSets = workout.totalSetCount
        exercises = workout.exercises.map { exercise in
            let volume = exercise.sets.reduce(0.0) { sum, set in
                set.status == .completed ? sum + Double(set.actualReps ?? 0) * (set.actualLoadKg ?? 0) : sum
            }
            return ExerciseSummary(
                id: exercise.id, name: exercise.name, completedSets: exercise.completedSetCount,
                skippedSets: exercise.sets.count { $0.status == .skipped }, totalSets: exercise.sets.count,
                volumeKg: volume, painFlagged: exercise.painFlagged, skipped: exercise.status == .skipped)
        }
        volumeKg = exercises.reduce(0) { $0 + $1.volumeKg }
    }
}
