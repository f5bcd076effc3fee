/// The equipment an exercise needs.
public enum Equipment: String, Sendable, Hashable, Codable, CaseIterable {
    /// The kinds of equipment the catalog knows; `bodyweight` needs none.
    case bodyweight, barbell, dumbbell, kettlebell, cable, machine, band
}
