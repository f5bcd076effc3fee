import SessionSupport

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
