/// The equipment an exercise needs.
public enum Equipment: String, Sendable, Hashable, Codable, CaseIterable {
    case bodyweight, barbell, dumbbell, kettlebell, cable, machine, band
}
