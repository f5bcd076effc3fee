public import WorkoutCore
import WorkoutSamples

/// How a live session measures and shows a workout.
public struct WorkoutSessionConfiguration: Sendable, Hashable {
    /// How the workout is measured; ``/WorkoutCore/WorkoutOptions/autoPause`` is set from ``autoPause``.
    public var options: WorkoutOptions
    /// Metric or imperial, for the frames' fourth stat.
    public var units: DisplayUnits
    /// Whether the session pauses by itself. ``/WorkoutCore/AutoPauseMode/automatic`` (the default) is on for running
    /// and cycling, off for walking and hiking; ``/WorkoutCore/AutoPauseMode/off`` turns it off for every activity.
    public var autoPause: AutoPauseMode {
        get { options.autoPause }
        set { options.autoPause = newValue }
    }
    /// Pace and speed are republished this often, seconds of running time.
    public var throttleIntervalSeconds: Double

    /// A configuration; `autoPause` replaces `options.autoPause` (``/WorkoutCore/AutoPauseMode/automatic`` by default,
    /// ``/WorkoutCore/AutoPauseMode/off`` to turn it off).
    public init(
        options: WorkoutOptions = WorkoutOptions(),
        units: DisplayUnits = .metric,
        autoPause: AutoPauseMode = .automatic,
        throttleIntervalSeconds: Double = 5
    ) {
        self.options = options
        self.units = units
        self.throttleIntervalSeconds = throttleIntervalSeconds
        self.options.autoPause = autoPause
    }
}
