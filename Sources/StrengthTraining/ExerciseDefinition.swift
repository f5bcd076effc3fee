import SessionSupport

/// An exercise the catalog knows: what it is, what it trains, what it needs.
public struct ExerciseDefinition: Sendable, Hashable, Codable, Identifiable {
    /// Stable id (lowercase, hyphenated).
    public var id: String
    /// Display name.
    public var name: String
    /// The main muscle group.
    public var muscleGroup: MuscleGroup
    /// The equipment it needs.
    public var equipment: Equipment

    /// A catalog entry: its stable `id`, display name, main muscle group and equipment.
    public init(id: String, name: String, muscleGroup: MuscleGroup, equipment: Equipment) {
        self.id = id
        self.name = name
        self.muscleGroup = muscleGroup
        self.equipment = equipment
    }
}
