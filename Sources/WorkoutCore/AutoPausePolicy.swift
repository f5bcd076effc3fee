import SessionSupport
public import WorkoutSamples

/// When a session pauses and resumes by itself. Two thresholds (hysteresis) and two confirmation times
/// keep a runner waiting at a crossing from flickering between states.
public struct AutoPausePolicy: Sendable, Hashable {
    /// The session pauses once the speed has stayed below this for ``pauseAfterSeconds``.
    public var pauseBelowMetersPerSecond: Double
    /// Seconds the speed must stay below ``pauseBelowMetersPerSecond`` before the session pauses.
    public var pauseAfterSeconds: Double
    /// A paused session resumes once the speed has stayed above this for ``resumeAfterSeconds``.
    public var resumeAboveMetersPerSecond: Double
    /// Seconds the speed must stay above ``resumeAboveMetersPerSecond`` before a paused session resumes.
    public var resumeAfterSeconds: Double

    /// A policy with the given thresholds (metres per second) and confirmation times (seconds). A resume
    /// threshold below the pause threshold is raised to it, so the two cannot overlap.
    public init(pauseBelowMetersPerSecond: Double, pauseAfterSeconds: Double, resumeAboveMetersPerSecond: Double, resumeAfterSeconds: Double) {
        self.pauseBelowMetersPerSecond = pauseBelowMetersPerSecond
        self.pauseAfterSeconds = pauseAfterSeconds
        self.resumeAboveMetersPerSecond = max(resumeAboveMetersPerSecond, pauseBelowMetersPerSecond)
        self.resumeAfterSeconds = resumeAfterSeconds
    }

    /// The thresholds for an activity (see the README's "Auto-pause"): running pauses below 0.6 m/s
    /// (a 28 min/km shuffle) held for 5 s and resumes above 1.2 m/s held for 2 s; walking and hiking pause
    /// below 0.3 m/s for 10 s and resume above 0.6 m/s for 3 s; cycling pauses below 1.4 m/s (5 km/h) for
    /// 5 s and resumes above 2.5 m/s for 2 s.
    public static func thresholds(for activity: ActivityType) -> AutoPausePolicy {
        switch activity {
        case .running: AutoPausePolicy(pauseBelowMetersPerSecond: 0.6, pauseAfterSeconds: 5, resumeAboveMetersPerSecond: 1.2, resumeAfterSeconds: 2)
        case .walking, .hiking: AutoPausePolicy(pauseBelowMetersPerSecond: 0.3, pauseAfterSeconds: 10, resumeAboveMetersPerSecond: 0.6, resumeAfterSeconds: 3)
        case .cycling: AutoPausePolicy(pauseBelowMetersPerSecond: 1.4, pauseAfterSeconds: 5, resumeAboveMetersPerSecond: 2.5, resumeAfterSeconds: 2)
        }
    }

    /// Whether auto-pause is on when the caller does not say: on for running and cycling, off for walking
    /// and hiking (people stop to look around; a pause there is not a break in the effort).
    public static func isEnabledByDefault(for activity: ActivityType) -> Bool {
        switch activity {
        case .running, .cycling: true
        case .walking, .hiking: false
        }
    }
}
