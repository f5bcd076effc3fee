import SessionSupport
/// What ``StrengthSync/merge(local:server:)`` did.
public struct SyncMergeReport: Sendable, Hashable {
    /// Sets the server had completed whose values replaced different local ones.
    public var serverWonSets: Int
    /// Sets kept from the local state (pending edits and local completions not yet on the server).
    public var keptLocalSets: Int
    /// Exercises only the server had, appended.
    public var addedExercises: Int
}

/// The rules for reconciling with a backend.
///
/// - A set the server has completed wins: its values replace the local set.
/// - Every other set keeps its local values (pending edits: changed targets, loads, local
///   completions not uploaded yet). Exercises are matched by id and sets by position; server sets
///   past the local ones and server-only exercises are added.
/// - The rest timer is local only and is never touched by a merge.
/// - Completing a workout whose server session is gone gives ``CompletionResult/savedLocally(_:)``
///   with the local summary, not an error.
public enum StrengthSync {
    /// `local` reconciled with `server`.
    /// - Complexity: O(sets).
    public static func merge(local: StrengthWorkout, server: StrengthWorkout) -> (workout: StrengthWorkout, report: SyncMergeReport) {
        var merged = local
        var report = SyncMergeReport(serverWonSets: 0, keptLocalSets: 0, addedExercises: 0)
        for serverExercise in server.exercises {
            guard let index = merged.exercises.firstIndex(where: { $0.id == serverExercise.id }) else {
                merged.exercises.append(serverExercise)
                report.addedExercises += 1
                continue
            }
            for (setIndex, serverSet) in serverExercise.sets.enumerated() {
                if setIndex >= merged.exercises[index].sets.count {
                    merged.exercises[index].sets.append(serverSet)
                } else if serverSet.status == .completed {
                    if merged.exercises[index].sets[setIndex] != serverSet { report.serverWonSets += 1 }
                    merged.exercises[index].sets[setIndex] = serverSet
                } else {
                    report.keptLocalSets += 1
                }
            }
            report.keptLocalSets += max(0, merged.exercises[index].sets.count - serverExercise.sets.count)
            if merged.exercises[index].status == .open, merged.exercises[index].pendingSetCount == 0 {
                merged.exercises[index].status = .finished
            }
        }
        return (merged, report)
    }
}

/// Why a backend refused a completed workout.
public enum StrengthBackendError: Error, Sendable, Hashable {
    /// The server no longer has the workout's session (expired, deleted).
    case sessionGone
    /// Any other failure, in words.
    case failed(String)
}

/// A backend that receives completed workouts.
public protocol StrengthSyncBackend: Sendable {
    /// Uploads a completed workout and its summary.
    /// - Throws: ``StrengthBackendError`` (other errors count as ``StrengthBackendError/failed(_:)``).
    func uploadCompletedWorkout(_ workout: StrengthWorkout, summary: StrengthWorkoutSummary) async throws
}

/// The answer to completing a workout with a backend.
public enum CompletionResult: Sendable, Hashable {
    /// Sets are still pending and the completion was not confirmed: `completed` of `total` done.
    case needsConfirmation(completed: Int, total: Int)
    /// Completed and uploaded.
    case synced(StrengthWorkoutSummary)
    /// Completed; the server session was gone, so the workout is kept locally with this summary.
    case savedLocally(StrengthWorkoutSummary)
    /// Completed locally; the upload failed and may be retried with the summary.
    case uploadFailed(StrengthWorkoutSummary, String)
}

/// The outcome of a finished workout.
public struct StrengthWorkoutSummary: Sendable, Hashable, Codable {
    /// Per exercise.
    public struct ExerciseSummary: Sendable, Hashable, Codable {
        public var id: String
        public var name: String
        public var completedSets: Int
        public var skippedSets: Int
        public var totalSets: Int
        /// Sum of reps x load over completed sets, kilograms.
        public var volumeKg: Double
        public var painFlagged: Bool
        public var skipped: Bool
    }

    public var workoutID: String
    public var name: String
    /// Active time only (paused time excluded), seconds.
    public var activeSeconds: Double
    public var completedSets: Int
    public var totalSets: Int
    /// Sum of reps x load over completed sets, kilograms.
    public var volumeKg: Double
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
