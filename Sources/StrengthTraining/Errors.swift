/// Why a session rule refused an action. The workout is left exactly as it was.
public enum StrengthSessionError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The action needs an active workout; the workout is in the given phase.
    case workoutNotActive(WorkoutPhase)
    /// No exercise at this index.
    case exerciseIndexOutOfRange(Int)
    /// No set at this index of the exercise.
    case setIndexOutOfRange(exercise: Int, set: Int)
    /// The exercise has no pending set left.
    case noPendingSet(exercise: Int)
    /// The exercise was finished or skipped, so its sets cannot change.
    case exerciseClosed(exercise: Int)
    /// Only a completed set can be unlogged.
    case setNotCompleted(exercise: Int, set: Int)
    /// A skipped set keeps its values; its load cannot change.
    case setSkipped(exercise: Int, set: Int)
    /// Removing the set would leave the exercise with no set.
    case wouldLeaveNoSet(exercise: Int)
    /// An exercise with completed sets cannot be swapped.
    case exerciseAlreadyStarted(exercise: Int)
    /// Reps or load out of range (negative, not finite).
    case invalidValue(String)
    /// The workout breaks a rule ``StrengthWorkout/validate()`` checks.
    case invalidWorkout(String)

    public var description: String {
        switch self {
        case .workoutNotActive(let phase): "the workout is \(phase.rawValue), not active"
        case .exerciseIndexOutOfRange(let index): "no exercise at index \(index)"
        case .setIndexOutOfRange(let exercise, let set): "exercise \(exercise) has no set at index \(set)"
        case .noPendingSet(let exercise): "exercise \(exercise) has no pending set"
        case .exerciseClosed(let exercise): "exercise \(exercise) is finished or skipped"
        case .setNotCompleted(let exercise, let set): "set \(set) of exercise \(exercise) is not completed"
        case .setSkipped(let exercise, let set): "set \(set) of exercise \(exercise) is skipped"
        case .wouldLeaveNoSet(let exercise): "removing the set would leave exercise \(exercise) with no set"
        case .exerciseAlreadyStarted(let exercise): "exercise \(exercise) has completed sets and cannot be swapped"
        case .invalidValue(let what): "invalid value: \(what)"
        case .invalidWorkout(let what): "invalid workout: \(what)"
        }
    }
}
