public import WorkoutSamples

/// Whether a session pauses and resumes by itself, and with which thresholds.
public enum AutoPauseMode: Sendable, Hashable {
    /// Never (the default for a recorded track, which has its pauses already).
    case off
    /// As the activity would on a watch: on for running and cycling, off for walking and hiking (people
    /// stop to look around; a pause there is not a break in the effort). The default of a live session.
    case automatic
    /// On, with the activity's thresholds (``AutoPausePolicy/thresholds(for:)``), whatever the activity.
    case on
    /// On, with these thresholds.
    case custom(AutoPausePolicy)

    /// The thresholds in force for `activity`, or `nil` when auto-pause is off.
    public func policy(for activity: ActivityType) -> AutoPausePolicy? {
        switch self {
        case .off: nil
        case .automatic: AutoPausePolicy.isEnabledByDefault(for: activity) ? AutoPausePolicy.thresholds(for: activity) : nil
        case .on: AutoPausePolicy.thresholds(for: activity)
        case .custom(let policy): policy
        }
    }
}
