/// What to generate.
public struct GenerationRequest: Sendable, Hashable {
    /// The id the workout gets.
    public var workoutID: String
    /// Its display name.
    public var name: String
    /// Equipment available (any when empty).
    public var equipment: Set<Equipment>
    /// Muscle groups to train, in priority order (any when empty).
    public var muscleGroups: [MuscleGroup]
    /// Exercises wanted.
    public var exerciseCount: Int
    /// Sets per exercise.
    public var setsPerExercise: Int
    /// Target reps per set.
    public var targetReps: Int
    /// Rest per set; `nil` for the default 60 s.
    public var restSeconds: Double?

    /// A request for workout `workoutID` named `name`; by default any equipment and muscle group, 5 exercises
    /// of 3 sets of 10 reps, and the default rest.
    public init(
        workoutID: String, name: String, equipment: Set<Equipment> = [], muscleGroups: [MuscleGroup] = [],
        exerciseCount: Int = 5, setsPerExercise: Int = 3, targetReps: Int = 10, restSeconds: Double? = nil
    ) {
        self.workoutID = workoutID
        self.name = name
        self.equipment = equipment
        self.muscleGroups = muscleGroups
        self.exerciseCount = exerciseCount
        self.setsPerExercise = setsPerExercise
        self.targetReps = targetReps
        self.restSeconds = restSeconds
    }
}
