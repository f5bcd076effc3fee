import SessionSupport
public import SessionSupport

/// The exercises the local fallback composer picks from.
public struct ExerciseCatalog: Sendable, Hashable {
    /// The entries, in catalog order (order matters for seeded picks); never empty.
    public private(set) var exercises: [ExerciseDefinition]

    /// A catalog of `exercises`.
    /// - Throws: ``ExerciseCatalogError/duplicateID(_:)``, ``ExerciseCatalogError/empty``.
    public init(_ exercises: [ExerciseDefinition]) throws(ExerciseCatalogError) {
        guard !exercises.isEmpty else { throw .empty }
        var seen = Set<String>()
        for exercise in exercises where !seen.insert(exercise.id).inserted { throw .duplicateID(exercise.id) }
        self.exercises = exercises
    }

    /// Reads a catalog from a JSON file: an array of `{"id", "name", "muscleGroup", "equipment"}`
    /// objects (`muscle_group` with `.snakeCase`). The caller passes the path; no bundle resource is used.
    /// - Throws: ``ExerciseCatalogError``.
    public static func load(
        path: String, keyStyle: JSONKeyStyle = .camelCase, fileSystem: any SessionFileSystem = POSIXFileSystem()
    ) throws(ExerciseCatalogError) -> ExerciseCatalog {
        let bytes: [UInt8]
        do {
            bytes = try fileSystem.readFile(path)
        } catch let error as FileSystemError {
            throw .unreadable(error)
        } catch {
            throw .malformed(path: path, detail: "\(error)")
        }
        let entries: [ExerciseDefinition]
        do {
            entries = try StrengthJSON.decode([ExerciseDefinition].self, from: bytes, keyStyle: keyStyle)
        } catch {
            throw .malformed(path: path, detail: "\(error)")
        }
        return try ExerciseCatalog(entries)
    }

    /// The entries usable with `equipment` (any when empty) that train one of `muscleGroups` (any when empty).
    /// - Complexity: O(n).
    public func filtered(equipment: Set<Equipment>, muscleGroups: Set<MuscleGroup>) -> [ExerciseDefinition] {
        exercises.filter { (equipment.isEmpty || equipment.contains($0.equipment)) && (muscleGroups.isEmpty || muscleGroups.contains($0.muscleGroup)) }
    }

    /// The catalog bundled with the module: 48 common gym exercises, four to six per muscle group,
    /// over bodyweight, barbell, dumbbell, kettlebell, cable, machine and band.
    public static let bundled: ExerciseCatalog = ExerciseCatalog(unchecked: bundledEntries.map { entry in
        ExerciseDefinition(id: entry.0, name: entry.1, muscleGroup: entry.2, equipment: entry.3)
    })

    private init(unchecked exercises: [ExerciseDefinition]) { self.exercises = exercises }

    private static let bundledEntries: [(String, String, MuscleGroup, Equipment)] = [
        ("barbell-bench-press", "Barbell Bench Press", .chest, .barbell),
        ("dumbbell-bench-press", "Dumbbell Bench Press", .chest, .dumbbell),
        ("incline-dumbbell-press", "Incline Dumbbell Press", .chest, .dumbbell),
        ("push-up", "Push-Up", .chest, .bodyweight),
        ("cable-fly", "Cable Fly", .chest, .cable),
        ("machine-chest-press", "Machine Chest Press", .chest, .machine),
        ("barbell-row", "Barbell Row", .back, .barbell),
        ("one-arm-dumbbell-row", "One-Arm Dumbbell Row", .back, .dumbbell),
        ("pull-up", "Pull-Up", .back, .bodyweight),
        ("lat-pulldown", "Lat Pulldown", .back, .cable),
        ("seated-cable-row", "Seated Cable Row", .back, .cable),
        ("band-pull-apart", "Band Pull-Apart", .back, .band),
        ("overhead-press", "Overhead Press", .shoulders, .barbell),
        ("dumbbell-shoulder-press", "Dumbbell Shoulder Press", .shoulders, .dumbbell),
        ("lateral-raise", "Lateral Raise", .shoulders, .dumbbell),
        ("pike-push-up", "Pike Push-Up", .shoulders, .bodyweight),
        ("face-pull", "Face Pull", .shoulders, .cable),
        ("barbell-curl", "Barbell Curl", .biceps, .barbell),
        ("dumbbell-curl", "Dumbbell Curl", .biceps, .dumbbell),
        ("hammer-curl", "Hammer Curl", .biceps, .dumbbell),
        ("cable-curl", "Cable Curl", .biceps, .cable),
        ("band-curl", "Band Curl", .biceps, .band),
        ("close-grip-bench-press", "Close-Grip Bench Press", .triceps, .barbell),
        ("triceps-pushdown", "Triceps Pushdown", .triceps, .cable),
        ("overhead-triceps-extension", "Overhead Triceps Extension", .triceps, .dumbbell),
        ("bench-dip", "Bench Dip", .triceps, .bodyweight),
        ("back-squat", "Back Squat", .quadriceps, .barbell),
        ("goblet-squat", "Goblet Squat", .quadriceps, .kettlebell),
        ("leg-press", "Leg Press", .quadriceps, .machine),
        ("walking-lunge", "Walking Lunge", .quadriceps, .dumbbell),
        ("bodyweight-squat", "Bodyweight Squat", .quadriceps, .bodyweight),
        ("romanian-deadlift", "Romanian Deadlift", .hamstrings, .barbell),
        ("lying-leg-curl", "Lying Leg Curl", .hamstrings, .machine),
        ("single-leg-dumbbell-rdl", "Single-Leg Dumbbell RDL", .hamstrings, .dumbbell),
        ("nordic-curl", "Nordic Curl", .hamstrings, .bodyweight),
        ("hip-thrust", "Hip Thrust", .glutes, .barbell),
        ("glute-bridge", "Glute Bridge", .glutes, .bodyweight),
        ("kettlebell-swing", "Kettlebell Swing", .glutes, .kettlebell),
        ("cable-kickback", "Cable Kickback", .glutes, .cable),
        ("standing-calf-raise", "Standing Calf Raise", .calves, .machine),
        ("single-leg-calf-raise", "Single-Leg Calf Raise", .calves, .bodyweight),
        ("seated-dumbbell-calf-raise", "Seated Dumbbell Calf Raise", .calves, .dumbbell),
        ("plank", "Plank", .core, .bodyweight),
        ("hanging-knee-raise", "Hanging Knee Raise", .core, .bodyweight),
        ("cable-woodchop", "Cable Woodchop", .core, .cable),
        ("dead-bug", "Dead Bug", .core, .bodyweight),
        ("deadlift", "Deadlift", .fullBody, .barbell),
        ("kettlebell-clean-and-press", "Kettlebell Clean and Press", .fullBody, .kettlebell),
    ]
}
