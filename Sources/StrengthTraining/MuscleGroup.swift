/// The muscle group an exercise mainly trains.
public enum MuscleGroup: String, Sendable, Hashable, Codable, CaseIterable {
    case chest, back, shoulders, biceps, triceps, quadriceps, hamstrings, glutes, calves, core, fullBody
}
