import WorkoutCore
public import WorkoutSamples

/// How a live session measures and shows a workout.
public struct WorkoutSessionConfiguration: Sendable, Hashable {
    public var options: WorkoutOptions
    public var units: DisplayUnits
    /// Auto-pause thresholds, or `nil` for none. Defaults to the activity's thresholds where auto-pause
    /// is on by default (running, cycling) and to none for walking and hiking.
    public var autoPause: AutoPausePolicy?
    /// Pace and speed are republished this often, seconds of running time.
    public var throttleIntervalSeconds: Double

    public init(
        options: WorkoutOptions = WorkoutOptions(),
        units: DisplayUnits = .metric,
        autoPause: AutoPausePolicy?? = nil,
        throttleIntervalSeconds: Double = 5
    ) {
        self.options = options
        self.units = units
        switch autoPause {
        case .some(let explicit):
            self.autoPause = explicit
        case .none:
            self.autoPause = AutoPausePolicy.isEnabledByDefault(for: options.activity) ? AutoPausePolicy.thresholds(for: options.activity) : nil
        }
        self.throttleIntervalSeconds = throttleIntervalSeconds
    }
}
