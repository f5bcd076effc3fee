/// The muscle group an exercise mainly trains.
public enum MuscleGroup: String, Sendable, Hashable, Codable, CaseIterable {
    /// The groups the catalog knows; `fullBody` for compound movements that train several.
    case chest, back, shoulders, biceps, triceps, quadriceps, hamstrings, glutes, calves, core, fullBody
}
