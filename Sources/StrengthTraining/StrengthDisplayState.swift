import SessionSupport

/// A compact state for lock-screen style widgets. Times are whole seconds, so the state changes at
/// most once a second while a timer runs.
public struct StrengthDisplayState: Sendable, Hashable, Codable {
    /// The current exercise's name; `nil` once the workout is completed.
    public var exerciseName: String?
    /// The set to do next (1-based): "set `setNumber` of `setCount`". Equals `setCount` when none is pending.
    public var setNumber: Int
    /// Sets of the current exercise.
    public var setCount: Int
    /// Rest seconds left (rounded up); `nil` when no rest runs.
    public var restRemainingSeconds: Int?
    /// Rest seconds past the target (rounded down); `nil` when no rest runs.
    public var restOvertimeSeconds: Int?
    /// Whether the rest timer is paused.
    public var restPaused: Bool
    /// Active workout seconds (rounded down).
    public var elapsedSeconds: Int
    /// Generating, active or completed.
    public var phase: WorkoutPhase

    /// The display state of `state` at `time`.
    public init(state: StrengthSessionState, at time: Double) {
        let exercises = state.workout.exercises
        phase = state.phase
        elapsedSeconds = Int(max(0, state.activeSeconds(at: time)).rounded(.down))
        if state.phase != .completed, exercises.indices.contains(state.currentExerciseIndex) {
            let exercise = exercises[state.currentExerciseIndex]
            exerciseName = exercise.name
            setCount = exercise.sets.count
            setNumber = (exercise.nextPendingSetIndex ?? (exercise.sets.count - 1)) + 1
        } else {
            exerciseName = nil
            setCount = 0
            setNumber = 0
        }
        if let rest = state.restTimer, state.phase == .active {
            restRemainingSeconds = Int(rest.remainingSeconds(at: time).rounded(.up))
            restOvertimeSeconds = Int(rest.overtimeSeconds(at: time).rounded(.down))
            restPaused = rest.isPaused
        } else {
            restRemainingSeconds = nil
            restOvertimeSeconds = nil
            restPaused = false
        }
    }

    /// The state without its counting fields: a difference here is a structural change.
    var structure: StrengthDisplayState {
        var copy = self
        copy.restRemainingSeconds = restRemainingSeconds.map { _ in 0 }
        copy.restOvertimeSeconds = restOvertimeSeconds.map { _ in 0 }
        copy.elapsedSeconds = 0
        return copy
    }
}
