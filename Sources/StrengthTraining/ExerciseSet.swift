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

/// A load is a finite number of kilograms, zero or more.
func isValidLoad(_ kg: Double) -> Bool { kg.isFinite && kg >= 0 }
