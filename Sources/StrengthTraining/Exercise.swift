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
