/// The muscle group an exercise mainly trains.
public enum MuscleGroup: String, Sendable, Hashable, Codable, CaseIterable {
    case chest, back, shoulders, biceps, triceps, quadriceps, hamstrings, glutes, calves, core, fullBody
}

/// The equipment an exercise needs.
public enum Equipment: String, Sendable, Hashable, Codable, CaseIterable {
    case bodyweight, barbell, dumbbell, kettlebell, cable, machine, band
}

/// Where a set stands.
public enum SetStatus: String, Sendable, Hashable, Codable {
    /// Not done yet; its targets can still change.
    case pending
    /// Done: ``ExerciseSet/actualReps``, ``ExerciseSet/actualLoadKg`` and ``ExerciseSet/completedAt`` are set.
    case completed
    /// Passed over; never cascaded into, never counted as done.
    case skipped
}

/// Where an exercise stands.
public enum ExerciseStatus: String, Sendable, Hashable, Codable {
    /// Sets may still be logged.
    case open
    /// Finished (every set done, or the user confirmed finishing early).
    case finished
    /// Skipped by the user: its pending sets became skipped.
    case skipped
}

/// One planned set and, once done, what was actually lifted.
public struct ExerciseSet: Sendable, Hashable, Codable {
    /// Repetitions planned.
    public var targetReps: Int
    /// Load planned in kilograms; `nil` for bodyweight or when not planned.
    public var targetLoadKg: Double?
    /// Pending, completed or skipped.
    public var status: SetStatus
    /// Repetitions done; set only when completed.
    public var actualReps: Int?
    /// Load lifted in kilograms; set only when completed (and `nil` when no load applies).
    public var actualLoadKg: Double?
    /// When the set was completed, seconds since 1970; set only when completed.
    public var completedAt: Double?

    /// A pending set with these targets.
    public init(targetReps: Int, targetLoadKg: Double? = nil) {
        self.targetReps = targetReps
        self.targetLoadKg = targetLoadKg
        self.status = .pending
    }
}

/// One exercise of a workout: what it is and its sets.
public struct Exercise: Sendable, Hashable, Codable, Identifiable {
    /// The rest after a set when ``restSeconds`` is not given: 60 s.
    public static let defaultRestSeconds: Double = 60

    /// Unique within its workout.
    public var id: String
    /// Shown to the user; compared trimmed and case-insensitively by the variation check.
    public var name: String
    /// The main muscle group.
    public var muscleGroup: MuscleGroup
    /// The equipment it needs, when known.
    public var equipment: Equipment?
    /// Rest after each set in seconds; `nil` means ``defaultRestSeconds``.
    public var restSeconds: Double?
    /// The sets in order; never empty in a valid workout.
    public var sets: [ExerciseSet]
    /// Open, finished or skipped.
    public var status: ExerciseStatus
    /// The user reported pain on this exercise.
    public var painFlagged: Bool
    /// The pain note the user gave, if any.
    public var painNote: String?
    /// The name of the exercise this one replaced through a swap, if any.
    public var swappedFrom: String?

    /// An open exercise with `sets`.
    public init(
        id: String, name: String, muscleGroup: MuscleGroup, equipment: Equipment? = nil,
        restSeconds: Double? = nil, sets: [ExerciseSet]
    ) {
        self.id = id
        self.name = name
        self.muscleGroup = muscleGroup
        self.equipment = equipment
        self.restSeconds = restSeconds
        self.sets = sets
        self.status = .open
        self.painFlagged = false
    }

    /// ``restSeconds``, or 60 s when unset.
    public var effectiveRestSeconds: Double { restSeconds ?? Self.defaultRestSeconds }
    /// Sets completed.
    public var completedSetCount: Int { sets.count { $0.status == .completed } }
    /// Sets still pending.
    public var pendingSetCount: Int { sets.count { $0.status == .pending } }
    /// The index of the first pending set, if any.
    public var nextPendingSetIndex: Int? { sets.firstIndex { $0.status == .pending } }
}

/// A strength workout: exercises in order.
public struct StrengthWorkout: Sendable, Hashable, Codable, Identifiable {
    /// Identifies the workout (a resume state for another id is discarded).
    public var id: String
    /// Shown to the user.
    public var name: String
    /// The exercises in order.
    public var exercises: [Exercise]

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

/// A load is a finite number of kilograms, zero or more.
func isValidLoad(_ kg: Double) -> Bool { kg.isFinite && kg >= 0 }
