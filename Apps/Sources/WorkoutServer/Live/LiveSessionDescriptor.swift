public import Foundation
public import WorkoutEngine

/// What a live session was created with, kept beside its journal so any node can rebuild it: its id,
/// owner, how it is measured and shown, and who may watch it.
public struct LiveSessionDescriptor: Sendable, Hashable, Codable {
    /// Auto-pause as a request names it.
    public enum AutoPause: String, Sendable, Hashable, Codable {
        /// On for running and cycling, off for walking and hiking (the library's default for a live session).
        case automatic
        /// On for every activity.
        case on
        /// Off: only the user pauses.
        case off
    }

    /// The session's id.
    public var id: UUID
    /// The athlete who owns it.
    public var athlete: String
    /// The activity measured.
    public var activity: ActivityType
    /// Metric or imperial frames.
    public var units: DisplayUnits
    /// Whether the session pauses by itself.
    public var autoPause: AutoPause
    /// Any athlete with a token may read its snapshot and frames (positions privacy-clipped).
    public var shared: Bool
    /// The athlete profile the energy and heart-rate figures use.
    public var profile: AthleteProfile
    /// When it was created, seconds since 1970.
    public var createdAt: Double
    /// How the session's time runs against the wall clock: `nil` for the wall clock itself; a replay of a
    /// stored workout runs faster (``SessionTimeAxis``).
    public var timeAxis: SessionTimeAxis?

    /// A descriptor; every value but the owner has the documented default.
    public init(
        id: UUID = UUID(), athlete: String, activity: ActivityType = .running, units: DisplayUnits = .metric,
        autoPause: AutoPause = .automatic, shared: Bool = false, profile: AthleteProfile = AthleteProfile(),
        createdAt: Double = Date().timeIntervalSince1970
    ) {
        self.id = id
        self.athlete = athlete
        self.activity = activity
        self.units = units
        self.autoPause = autoPause
        self.shared = shared
        self.profile = profile
        self.createdAt = createdAt
    }

    /// The builder's options (what the journal's header records).
    public var options: WorkoutOptions {
        let mode: AutoPauseMode
        switch autoPause {
        case .automatic: mode = .automatic
        case .on: mode = .on
        case .off: mode = .off
        }
        return WorkoutSessionConfiguration(
            options: WorkoutOptions(activity: activity, activityIsExplicit: true, profile: profile), units: units, autoPause: mode
        ).options
    }
}
