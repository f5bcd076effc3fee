import SessionSupport

/// The whole state of one strength workout, and the session rules as mutations on it.
///
/// A value type with no clock of its own: every rule that depends on time takes `at time:` in seconds
/// since 1970, so rules are deterministic. ``StrengthSession`` wraps it with an injected clock,
/// persistence and display publishing. This is also the persisted resume state (see
/// ``ResumeStore``): the workout itself (with each exercise's sets, skipped and pain flags), the
/// current exercise index, the presentation mode, the workout timer (accumulated seconds and open
/// interval), the rest timer and the last active time.
///
/// Every mutation either succeeds completely or throws ``StrengthSessionError`` and changes nothing.
public struct StrengthSessionState: Sendable, Hashable, Codable {
    /// The persisted format's version; a file with another version is discarded as corrupt.
    public static let formatVersion = 1

    /// The format version of this state.
    public var formatVersion: Int = Self.formatVersion
    /// The workout with its sets.
    public private(set) var workout: StrengthWorkout
    /// Generating, active or completed.
    public private(set) var phase: WorkoutPhase
    /// The exercise shown in single mode and logged into by ``logSet(reps:loadKg:at:)``.
    public private(set) var currentExerciseIndex: Int
    /// List or single.
    public var presentationMode: PresentationMode
    /// Active time of the workout.
    public private(set) var workoutTimer: WorkoutTimer
    /// The rest running after the last set, if any.
    public private(set) var restTimer: RestTimer?
    /// The last time the user did something or the state was saved while active, seconds since 1970.
    public private(set) var lastActiveAt: Double
    /// Completed sets per exercise, in exercise order (derived from the workout; checked on load).
    public var completedSetsPerExercise: [Int] { workout.exercises.map(\.completedSetCount) }

    /// A workout not started yet (phase ``WorkoutPhase/generating`` until ``start(at:)``).
    /// - Throws: ``StrengthSessionError/invalidWorkout(_:)`` when `workout` fails ``StrengthWorkout/validate()``.
    public init(workout: StrengthWorkout, presentationMode: PresentationMode = .single, createdAt time: Double) throws(StrengthSessionError) {
        try workout.validate()
        self.workout = workout
        self.phase = .generating
        self.currentExerciseIndex = 0
        self.presentationMode = presentationMode
        self.workoutTimer = WorkoutTimer()
        self.restTimer = nil
        self.lastActiveAt = time
        moveToNextOpenExercise(from: 0)
    }

    // MARK: Life cycle

    /// Makes the workout active and starts the workout timer at `time`. Ignored unless generating.
    public mutating func start(at time: Double) {
        guard phase == .generating else { return }
        phase = .active
        workoutTimer.run(at: time)
        lastActiveAt = time
    }

    /// The user left the workout (app in background, another screen): the workout timer pauses.
    /// The rest timer keeps running, since the rest goes on.
    public mutating func leave(at time: Double) {
        guard phase == .active else { return }
        workoutTimer.pause(at: time)
        lastActiveAt = max(lastActiveAt, time)
    }

    /// The user came back: the workout timer resumes.
    public mutating func returnToWorkout(at time: Double) {
        guard phase == .active else { return }
        workoutTimer.run(at: time)
        lastActiveAt = max(lastActiveAt, time)
    }

    /// Whether every set is completed or skipped; the workout still waits for the user's
    /// ``completeWorkout(confirmed:at:)`` (it never completes by itself, not even on resume).
    public var isReadyToComplete: Bool { phase == .active && workout.pendingSetCount == 0 }

    /// Completes the workout. With sets still pending and `confirmed` false, nothing changes and the
    /// counts are returned; with `confirmed`, pending sets become skipped. The workout timer ends, so
    /// ``activeSeconds(at:)`` is the final active duration.
    /// - Throws: ``StrengthSessionError/workoutNotActive(_:)``.
    public mutating func completeWorkout(confirmed: Bool, at time: Double) throws(StrengthSessionError) -> FinishOutcome {
        try requireActive()
        let pending = workout.pendingSetCount
        if pending > 0, !confirmed {
            return .needsConfirmation(completed: workout.completedSetCount, total: workout.totalSetCount)
        }
        for index in workout.exercises.indices {
            skipPendingSets(of: index)
            if workout.exercises[index].status == .open { workout.exercises[index].status = .finished }
        }
        workoutTimer.end(at: time)
        restTimer = nil
        phase = .completed
        lastActiveAt = max(lastActiveAt, time)
        return .finished
    }

    /// Active workout seconds at `time` (final once completed).
    public func activeSeconds(at time: Double) -> Double { workoutTimer.activeSeconds(at: time) }

    // MARK: Sets

    /// Logs the next pending set of the current exercise. With `reps` and `loadKg` both `nil`, the
    /// planned reps and load are recorded (automatic recording); either can be given alone. Then the
    /// set counter advances (to the next pending set, or the next open exercise when this one has
    /// none left) and the rest timer starts with the exercise's rest (60 s by default), unless no
    /// pending set is left in the workout.
    /// - Throws: ``StrengthSessionError`` when not active, the exercise is closed or has no pending
    ///   set, or a value is negative or not finite.
    public mutating func logSet(reps: Int? = nil, loadKg: Double? = nil, at time: Double) throws(StrengthSessionError) -> SetLogResult {
        try requireActive()
        let exerciseIndex = currentExerciseIndex
        try requireOpen(exerciseIndex)
        guard let setIndex = workout.exercises[exerciseIndex].nextPendingSetIndex else { throw .noPendingSet(exercise: exerciseIndex) }
        if let reps, reps < 0 { throw .invalidValue("reps \(reps)") }
        if let loadKg, !isValidLoad(loadKg) { throw .invalidValue("load \(loadKg) kg") }
        let planned = workout.exercises[exerciseIndex].sets[setIndex]
        var set = planned
        set.status = .completed
        set.actualReps = reps ?? planned.targetReps
        set.actualLoadKg = loadKg ?? planned.targetLoadKg
        set.completedAt = time
        workout.exercises[exerciseIndex].sets[setIndex] = set
        let exercise = workout.exercises[exerciseIndex]
        if exercise.pendingSetCount == 0 {
            workout.exercises[exerciseIndex].status = .finished
            moveToNextOpenExercise(from: exerciseIndex)
        }
        restTimer = workout.pendingSetCount > 0
            ? RestTimer(exerciseID: exercise.id, setIndex: setIndex, targetSeconds: exercise.effectiveRestSeconds, startedAt: time)
            : nil
        lastActiveAt = max(lastActiveAt, time)
        return SetLogResult(
            exerciseIndex: exerciseIndex, setIndex: setIndex, reps: set.actualReps ?? planned.targetReps, loadKg: set.actualLoadKg,
            recordedAutomatically: reps == nil && loadKg == nil, restTimer: restTimer
        )
    }

    /// Skips the next pending set of the current exercise (no rest starts); the counter advances.
    /// - Returns: the index of the skipped set.
    /// - Throws: ``StrengthSessionError`` when not active, closed, or no set is pending.
    @discardableResult
    public mutating func skipSet(at time: Double) throws(StrengthSessionError) -> Int {
        try requireActive()
        let exerciseIndex = currentExerciseIndex
        try requireOpen(exerciseIndex)
        guard let setIndex = workout.exercises[exerciseIndex].nextPendingSetIndex else { throw .noPendingSet(exercise: exerciseIndex) }
        workout.exercises[exerciseIndex].sets[setIndex].status = .skipped
        if workout.exercises[exerciseIndex].pendingSetCount == 0 {
            workout.exercises[exerciseIndex].status = .finished
            moveToNextOpenExercise(from: exerciseIndex)
        }
        lastActiveAt = max(lastActiveAt, time)
        return setIndex
    }

    /// Turns a completed set back into a pending one, clearing its actual values. An exercise finished
    /// because its sets were done opens again. A rest timer started by that set is dropped.
    /// - Throws: ``StrengthSessionError`` when not active, out of range, or the set is not completed.
    public mutating func unlogSet(exercise exerciseIndex: Int, set setIndex: Int, at time: Double) throws(StrengthSessionError) {
        try requireActive()
        try requireSet(exerciseIndex, setIndex)
        guard workout.exercises[exerciseIndex].status != .skipped else { throw .exerciseClosed(exercise: exerciseIndex) }
        guard workout.exercises[exerciseIndex].sets[setIndex].status == .completed else {
            throw .setNotCompleted(exercise: exerciseIndex, set: setIndex)
        }
        workout.exercises[exerciseIndex].sets[setIndex].status = .pending
        workout.exercises[exerciseIndex].sets[setIndex].actualReps = nil
        workout.exercises[exerciseIndex].sets[setIndex].actualLoadKg = nil
        workout.exercises[exerciseIndex].sets[setIndex].completedAt = nil
        workout.exercises[exerciseIndex].status = .open
        if let rest = restTimer, rest.exerciseID == workout.exercises[exerciseIndex].id, rest.setIndex == setIndex { restTimer = nil }
        if workout.exercises[currentExerciseIndex].status != .open || exerciseIndex < currentExerciseIndex {
            currentExerciseIndex = exerciseIndex
        }
        lastActiveAt = max(lastActiveAt, time)
    }

    /// Appends a pending set copying the last set's targets (reps and load).
    /// - Returns: the new set's index.
    /// - Throws: ``StrengthSessionError`` when not active, out of range, or the exercise is skipped.
    @discardableResult
    public mutating func addSet(exercise exerciseIndex: Int, at time: Double) throws(StrengthSessionError) -> Int {
        try requireActive()
        try requireIndex(exerciseIndex)
        guard workout.exercises[exerciseIndex].status != .skipped else { throw .exerciseClosed(exercise: exerciseIndex) }
        guard let last = workout.exercises[exerciseIndex].sets.last else { throw .invalidWorkout("exercise \(exerciseIndex) has no set") }
        workout.exercises[exerciseIndex].sets.append(ExerciseSet(targetReps: last.targetReps, targetLoadKg: last.targetLoadKg))
        workout.exercises[exerciseIndex].status = .open
        lastActiveAt = max(lastActiveAt, time)
        return workout.exercises[exerciseIndex].sets.count - 1
    }

    /// Removes the last pending set of the exercise.
    /// - Throws: ``StrengthSessionError/wouldLeaveNoSet(exercise:)`` when it is the exercise's only
    ///   set, ``StrengthSessionError/noPendingSet(exercise:)`` when no set is pending.
    public mutating func removeLastPendingSet(exercise exerciseIndex: Int, at time: Double) throws(StrengthSessionError) {
        try requireActive()
        try requireOpen(exerciseIndex)
        guard let setIndex = workout.exercises[exerciseIndex].sets.lastIndex(where: { $0.status == .pending }) else {
            throw .noPendingSet(exercise: exerciseIndex)
        }
        guard workout.exercises[exerciseIndex].sets.count > 1 else { throw .wouldLeaveNoSet(exercise: exerciseIndex) }
        workout.exercises[exerciseIndex].sets.remove(at: setIndex)
        if let rest = restTimer, rest.exerciseID == workout.exercises[exerciseIndex].id, rest.setIndex > setIndex {
            restTimer?.setIndex -= 1
        }
        if workout.exercises[exerciseIndex].pendingSetCount == 0 {
            workout.exercises[exerciseIndex].status = .finished
            if exerciseIndex == currentExerciseIndex { moveToNextOpenExercise(from: exerciseIndex) }
        }
        lastActiveAt = max(lastActiveAt, time)
    }

    /// Sets the load of set `setIndex` (its target when pending, its actual load when completed) and
    /// cascades it to every later pending set of the exercise; completed and skipped sets after it
    /// keep their values.
    /// - Returns: the indices of the sets that changed.
    /// - Throws: ``StrengthSessionError`` when not active, out of range, the set is skipped, or the
    ///   load is negative or not finite.
    @discardableResult
    public mutating func changeLoad(exercise exerciseIndex: Int, set setIndex: Int, to kg: Double?, at time: Double) throws(StrengthSessionError) -> [Int] {
        try requireActive()
        try requireSet(exerciseIndex, setIndex)
        if let kg, !isValidLoad(kg) { throw .invalidValue("load \(kg) kg") }
        switch workout.exercises[exerciseIndex].sets[setIndex].status {
        case .skipped: throw .setSkipped(exercise: exerciseIndex, set: setIndex)
        case .pending: workout.exercises[exerciseIndex].sets[setIndex].targetLoadKg = kg
        case .completed: workout.exercises[exerciseIndex].sets[setIndex].actualLoadKg = kg
        }
        var changed = [setIndex]
        for later in workout.exercises[exerciseIndex].sets.indices where later > setIndex {
            guard workout.exercises[exerciseIndex].sets[later].status == .pending else { continue }
            workout.exercises[exerciseIndex].sets[later].targetLoadKg = kg
            changed.append(later)
        }
        lastActiveAt = max(lastActiveAt, time)
        return changed
    }

    /// Changes the target reps of one pending set (no cascade).
    /// - Throws: ``StrengthSessionError`` when not active, out of range, the set is not pending, or
    ///   `reps` is negative.
    public mutating func changeTargetReps(exercise exerciseIndex: Int, set setIndex: Int, to reps: Int, at time: Double) throws(StrengthSessionError) {
        try requireActive()
        try requireSet(exerciseIndex, setIndex)
        guard reps >= 0 else { throw .invalidValue("reps \(reps)") }
        guard workout.exercises[exerciseIndex].sets[setIndex].status == .pending else { throw .setSkipped(exercise: exerciseIndex, set: setIndex) }
        workout.exercises[exerciseIndex].sets[setIndex].targetReps = reps
        lastActiveAt = max(lastActiveAt, time)
    }

    // MARK: Exercises

    /// Makes `exerciseIndex` the current exercise (list mode taps, single mode paging).
    /// - Throws: ``StrengthSessionError/exerciseIndexOutOfRange(_:)``.
    public mutating func selectExercise(_ exerciseIndex: Int, at time: Double) throws(StrengthSessionError) {
        try requireActive()
        try requireIndex(exerciseIndex)
        currentExerciseIndex = exerciseIndex
        lastActiveAt = max(lastActiveAt, time)
    }

    /// Finishes an exercise. With sets still pending and `confirmed` false, nothing changes and
    /// "needs confirmation" is returned with the counts (2 of 4 done); with `confirmed`, pending sets
    /// become skipped and the exercise is finished.
    /// - Throws: ``StrengthSessionError`` when not active, out of range or already closed.
    public mutating func finishExercise(_ exerciseIndex: Int, confirmed: Bool, at time: Double) throws(StrengthSessionError) -> FinishOutcome {
        try requireActive()
        try requireOpen(exerciseIndex)
        let exercise = workout.exercises[exerciseIndex]
        if exercise.pendingSetCount > 0, !confirmed {
            return .needsConfirmation(completed: exercise.completedSetCount, total: exercise.sets.count)
        }
        skipPendingSets(of: exerciseIndex)
        workout.exercises[exerciseIndex].status = .finished
        if exerciseIndex == currentExerciseIndex { moveToNextOpenExercise(from: exerciseIndex) }
        lastActiveAt = max(lastActiveAt, time)
        return .finished
    }

    /// Skips an exercise: its pending sets become skipped, completed ones stay, and the current
    /// exercise moves on when it was this one.
    /// - Throws: ``StrengthSessionError`` when not active, out of range or already closed.
    public mutating func skipExercise(_ exerciseIndex: Int, at time: Double) throws(StrengthSessionError) {
        try requireActive()
        try requireOpen(exerciseIndex)
        skipPendingSets(of: exerciseIndex)
        workout.exercises[exerciseIndex].status = .skipped
        if let rest = restTimer, rest.exerciseID == workout.exercises[exerciseIndex].id, workout.pendingSetCount == 0 { restTimer = nil }
        if exerciseIndex == currentExerciseIndex { moveToNextOpenExercise(from: exerciseIndex) }
        lastActiveAt = max(lastActiveAt, time)
    }

    /// Flags pain on an exercise, with an optional note. Flagging again replaces the note.
    /// - Throws: ``StrengthSessionError`` when not active or out of range.
    public mutating func flagPain(_ exerciseIndex: Int, note: String? = nil, at time: Double) throws(StrengthSessionError) {
        try requireActive()
        try requireIndex(exerciseIndex)
        workout.exercises[exerciseIndex].painFlagged = true
        workout.exercises[exerciseIndex].painNote = note
        lastActiveAt = max(lastActiveAt, time)
    }

    /// Replaces an exercise that has no completed set by `replacement`: name, muscle group and
    /// equipment change, the sets keep their targets, and ``Exercise/swappedFrom`` records the old name.
    /// The exercise keeps its id when `replacement.id` is already used by another exercise.
    /// - Throws: ``StrengthSessionError/exerciseAlreadyStarted(exercise:)`` when a set was completed.
    public mutating func swapExercise(_ exerciseIndex: Int, with replacement: ExerciseDefinition, at time: Double) throws(StrengthSessionError) {
        try requireActive()
        try requireOpen(exerciseIndex)
        guard workout.exercises[exerciseIndex].completedSetCount == 0 else { throw .exerciseAlreadyStarted(exercise: exerciseIndex) }
        let idTaken = workout.exercises.enumerated().contains { $0.offset != exerciseIndex && $0.element.id == replacement.id }
        var exercise = workout.exercises[exerciseIndex]
        exercise.swappedFrom = exercise.name
        if !idTaken && !replacement.id.isEmpty { exercise.id = replacement.id }
        exercise.name = replacement.name
        exercise.muscleGroup = replacement.muscleGroup
        exercise.equipment = replacement.equipment
        workout.exercises[exerciseIndex] = exercise
        lastActiveAt = max(lastActiveAt, time)
    }

    // MARK: Rest timer

    /// Pauses the rest timer; ignored when there is none.
    public mutating func pauseRest(at time: Double) {
        restTimer?.pause(at: time)
        lastActiveAt = max(lastActiveAt, time)
    }

    /// Resumes the rest timer; ignored when there is none.
    public mutating func resumeRest(at time: Double) {
        restTimer?.resume(at: time)
        lastActiveAt = max(lastActiveAt, time)
    }

    /// Ends the rest now; no completion is reported for it.
    public mutating func skipRest(at time: Double) {
        restTimer = nil
        lastActiveAt = max(lastActiveAt, time)
    }

    /// The rest's completion, exactly once per rest (see ``RestTimer/takeCompletion(at:)``).
    public mutating func takeRestCompletion(at time: Double) -> RestCompletion? {
        restTimer?.takeCompletion(at: time)
    }

    // MARK: Restoring

    /// Prepares a state read from disk at `now`: the workout timer is paused at the last active time
    /// (time while the app was gone never counts); the rest timer is kept only while its overtime is
    /// within `restGraceSeconds`. Returns whether the rest timer was dropped.
    mutating func prepareForResume(now: Double, restGraceSeconds: Double) -> Bool {
        workoutTimer.pause(at: lastActiveAt)
        guard let rest = restTimer else { return false }
        if rest.overtimeSeconds(at: now) > restGraceSeconds {
            restTimer = nil
            return true
        }
        return false
    }

    /// Marks `time` as active (called when the state is saved while the workout is active).
    mutating func touch(at time: Double) {
        if phase == .active, workoutTimer.isRunning { lastActiveAt = max(lastActiveAt, time) }
    }

    /// Checks a decoded state for consistency (version, workout, index).
    func validateDecoded() throws(StrengthSessionError) {
        guard formatVersion == Self.formatVersion else { throw .invalidWorkout("format version \(formatVersion)") }
        try workout.validate()
        guard workout.exercises.indices.contains(currentExerciseIndex) else { throw .exerciseIndexOutOfRange(currentExerciseIndex) }
        guard lastActiveAt.isFinite else { throw .invalidValue("last active time \(lastActiveAt)") }
    }

    // MARK: Sync

    /// Replaces the workout by a merged one (see ``StrengthSync``); the current exercise stays when
    /// it still exists. An invalid merged workout is refused and nothing changes.
    mutating func replaceWorkout(_ merged: StrengthWorkout) throws(StrengthSessionError) {
        try merged.validate()
        let currentID = workout.exercises.indices.contains(currentExerciseIndex) ? workout.exercises[currentExerciseIndex].id : nil
        workout = merged
        if let currentID, let index = merged.exercises.firstIndex(where: { $0.id == currentID }) {
            currentExerciseIndex = index
        } else {
            currentExerciseIndex = min(currentExerciseIndex, max(0, merged.exercises.count - 1))
        }
        if workout.exercises.indices.contains(currentExerciseIndex), workout.exercises[currentExerciseIndex].status != .open {
            moveToNextOpenExercise(from: currentExerciseIndex)
        }
    }

    // MARK: Helpers

    private func requireActive() throws(StrengthSessionError) {
        guard phase == .active else { throw .workoutNotActive(phase) }
    }

    private func requireIndex(_ exerciseIndex: Int) throws(StrengthSessionError) {
        guard workout.exercises.indices.contains(exerciseIndex) else { throw .exerciseIndexOutOfRange(exerciseIndex) }
    }

    private func requireOpen(_ exerciseIndex: Int) throws(StrengthSessionError) {
        try requireIndex(exerciseIndex)
        guard workout.exercises[exerciseIndex].status == .open else { throw .exerciseClosed(exercise: exerciseIndex) }
    }

    private func requireSet(_ exerciseIndex: Int, _ setIndex: Int) throws(StrengthSessionError) {
        try requireIndex(exerciseIndex)
        guard workout.exercises[exerciseIndex].sets.indices.contains(setIndex) else {
            throw .setIndexOutOfRange(exercise: exerciseIndex, set: setIndex)
        }
    }

    private mutating func skipPendingSets(of exerciseIndex: Int) {
        for setIndex in workout.exercises[exerciseIndex].sets.indices where workout.exercises[exerciseIndex].sets[setIndex].status == .pending {
            workout.exercises[exerciseIndex].sets[setIndex].status = .skipped
        }
    }

    /// Moves to the first open exercise after `index`, wrapping around; stays when none is open.
    private mutating func moveToNextOpenExercise(from index: Int) {
        let count = workout.exercises.count
        guard count > 0 else { return }
        for step in 0..<count {
            let candidate = (index + step) % count
            if workout.exercises[candidate].status == .open && workout.exercises[candidate].pendingSetCount > 0 {
                currentExerciseIndex = candidate
                return
            }
        }
    }
}

extension StrengthSessionState {
    private enum CodingKeys: String, CodingKey {
        case formatVersion, workout, phase, currentExerciseIndex, presentationMode, workoutTimer, restTimer, lastActiveAt
        case completedSetsPerExercise
    }

    /// Decodes a state and checks it: the format version, ``StrengthWorkout/validate()``, the current
    /// index, and that `completed_sets_per_exercise` (when present) matches the sets.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        formatVersion = try container.decode(Int.self, forKey: .formatVersion)
        workout = try container.decode(StrengthWorkout.self, forKey: .workout)
        phase = try container.decode(WorkoutPhase.self, forKey: .phase)
        currentExerciseIndex = try container.decode(Int.self, forKey: .currentExerciseIndex)
        presentationMode = try container.decodeIfPresent(PresentationMode.self, forKey: .presentationMode) ?? .single
        workoutTimer = try container.decode(WorkoutTimer.self, forKey: .workoutTimer)
        restTimer = try container.decodeIfPresent(RestTimer.self, forKey: .restTimer)
        lastActiveAt = try container.decode(Double.self, forKey: .lastActiveAt)
        do {
            try validateDecoded()
        } catch {
            throw DecodingError.dataCorruptedError(forKey: .workout, in: container, debugDescription: error.description)
        }
        if let counts = try container.decodeIfPresent([Int].self, forKey: .completedSetsPerExercise), counts != completedSetsPerExercise {
            throw DecodingError.dataCorruptedError(
                forKey: .completedSetsPerExercise, in: container,
                debugDescription: "completed sets \(counts) do not match the sets \(completedSetsPerExercise)")
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(formatVersion, forKey: .formatVersion)
        try container.encode(workout, forKey: .workout)
        try container.encode(phase, forKey: .phase)
        try container.encode(currentExerciseIndex, forKey: .currentExerciseIndex)
        try container.encode(presentationMode, forKey: .presentationMode)
        try container.encode(workoutTimer, forKey: .workoutTimer)
        try container.encodeIfPresent(restTimer, forKey: .restTimer)
        try container.encode(lastActiveAt, forKey: .lastActiveAt)
        try container.encode(completedSetsPerExercise, forKey: .completedSetsPerExercise)
    }
}
