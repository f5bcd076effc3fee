import WorkoutCore
public import WorkoutSamples

/// A workout as the exporters see it: the engine's accepted route, segment by segment (a pause or a
/// gap starts a new one), each fix with its sensor values and metrics, plus the summary figures.
///
/// Build one with ``ExportRecorder`` (a `TrackSampleSink`) or WorkoutEngine's `init(contentsOfTrack:)`.
public struct ExportTrack: Sendable {
    /// The activity the workout was measured as.
    public var activity: ActivityType
    /// The activity name the input gave (`trk/type`), as written there (a multisport FIT file's or TCX
    /// `MultiSportSession`'s fastest known leg: see `TrackSampleSink.trackActivity(named:)`).
    public var activityName: String?
    /// The accepted fixes by segment; segment `i` is `route.segments[i]`. No segment is empty.
    public var segments: [[ExportPoint]]
    /// The engine's route (for per-segment distances).
    public var route: RecordedRoute
    /// The workout's figures.
    public var metrics: WorkoutSnapshot
    /// Optional fields the reader dropped because they did not parse, by field name (empty when the track
    /// came from samples).
    public var skippedFields: [String: SkippedField] = [:]
    /// Where a damaged binary file (a truncated FIT, a CRC mismatch) stopped being read, when the track was
    /// read up to its damage; `nil` otherwise (and when the track came from samples).
    public var damage: TrackDamage?
    /// Splits, laps, best efforts, curves, training load and climbs (the splits and power-curve charts,
    /// and the climbs on the elevation profile).
    public var analysis: WorkoutAnalysis

    /// A track from its parts; ``ExportRecorder`` is the usual way to get one.
    public init(activity: ActivityType, activityName: String? = nil, segments: [[ExportPoint]], route: RecordedRoute = RecordedRoute(),
                metrics: WorkoutSnapshot, analysis: WorkoutAnalysis = WorkoutAnalysis()) {
        self.activity = activity
        self.activityName = activityName
        self.segments = segments
        self.route = route
        self.metrics = metrics
        self.analysis = analysis
    }

    /// Number of fixes over all segments.
    public var pointCount: Int { segments.reduce(0) { $0 + $1.count } }


    /// Runs `samples` through the engine and keeps what it accepted.
    public init(samples: some Sequence<Sample>, options: WorkoutOptions = WorkoutOptions()) {
        var recorder = ExportRecorder(options: options)
        for sample in samples { recorder.add(sample) }
        self = recorder.track()
    }
}
