import SessionSupport
public import WorkoutSamples
import Geodesy

/// How a workout is measured.
public struct WorkoutOptions: Sendable, Hashable {
    /// The activity, which chooses the distance kind, the fourth stat and the thresholds. When the input
    /// names an activity (GPX `trk/type`, JSON `activity`) and ``activityIsExplicit`` is false, the input's
    /// activity replaces this one before the first sample.
    public var activity: ActivityType
    /// Set when the caller chose the activity (for example `--activity`): the input cannot override it.
    public var activityIsExplicit: Bool
    /// Which location filter applies: every rule (`.default`) or only the coordinate check (`.none`).
    public var filterMode: LocationFilterMode
    /// Fixes with a worse horizontal accuracy are rejected (default filter only).
    public var maximumHorizontalAccuracyMeters: Double
    /// The activity's thresholds; `nil` uses ``WorkoutSamples/ActivityType/rules``.
    public var rules: ActivityRules?
    /// Hysteresis of the elevation counter: a climb or descent counts once the smoothed altitude turns
    /// back by more than this. Default 2 m: it only has to stand above what noise is left in the smoothed
    /// altitude (a few decimetres for 1–2 m of raw noise), and every metre of it hides real undulations
    /// smaller than itself (3 m missed about 5 % of the gain of rolling hills).
    public var elevationHysteresisMeters: Double
    /// A heart-rate, cadence or power reading stands for at most this long. Default 20 s.
    public var sensorHoldLimitSeconds: Double
    /// Tolerance of the route simplification behind the summary's encoded polyline.
    public var simplificationToleranceMeters: Double
    /// How much of the route to keep: every fix (the default; exports need them), or only what draws it
    /// within a tolerance, so memory does not grow with the sampling rate (`route-replay summary` keeps
    /// half the simplification tolerance, so its polyline stays within 1.5 times that tolerance).
    public var routeStorage: RouteStorage
    /// The athlete behind heart-rate zones, TRIMP and energy estimates; absent values take the defaults
    /// documented on ``ResolvedAthleteProfile``.
    public var profile: AthleteProfile
    /// Whether the session pauses by itself: ``AutoPauseMode/off`` by default here (a recorded track has its
    /// pauses already); a live session defaults to ``AutoPauseMode/automatic``. The builder decides
    /// auto-pause itself, so a recorded track and a live session pause in the same place.
    public var autoPause: AutoPauseMode
    /// Whether the builder keeps the series behind the analysis (splits, laps, best efforts, mean-maximal
    /// curves, training load, climbs): about 40 bytes per accepted fix and 12 per sensor reading. On by
    /// default; off, the summary's analysis is empty and memory does not grow with the track.
    public var collectsAnalysis: Bool

    /// Options for `activity`; every other value has the default documented on its property.
    public init(
        activity: ActivityType = .running,
        activityIsExplicit: Bool = false,
        filterMode: LocationFilterMode = .default,
        maximumHorizontalAccuracyMeters: Double = 50,
        rules: ActivityRules? = nil,
        elevationHysteresisMeters: Double = 2,
        sensorHoldLimitSeconds: Double = 20,
        simplificationToleranceMeters: Double = RouteSummary.defaultSimplificationToleranceMeters,
        profile: AthleteProfile = AthleteProfile(),
        routeStorage: RouteStorage = .everyFix,
        autoPause: AutoPauseMode = .off,
        collectsAnalysis: Bool = true
    ) {
        self.activity = activity
        self.activityIsExplicit = activityIsExplicit
        self.filterMode = filterMode
        self.maximumHorizontalAccuracyMeters = maximumHorizontalAccuracyMeters
        self.rules = rules
        self.elevationHysteresisMeters = elevationHysteresisMeters
        self.sensorHoldLimitSeconds = sensorHoldLimitSeconds
        self.simplificationToleranceMeters = simplificationToleranceMeters
        self.profile = profile
        self.routeStorage = routeStorage
        self.autoPause = autoPause
        self.collectsAnalysis = collectsAnalysis
    }

    /// The rules in force: ``rules``, else the activity's defaults.
    public var effectiveRules: ActivityRules { rules ?? activity.rules }
}
