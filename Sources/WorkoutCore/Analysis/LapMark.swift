public import WorkoutSamples

/// A lap event as the analysis keeps it: when the lap ended, what ended it, and when it began if the input says.
public struct LapMark: Sendable, Hashable {
    /// The lap's end, seconds since 1970.
    public var time: Double
    /// Running time at the lap's end, seconds (pauses excluded).
    public var elapsedSeconds: Double
    /// What ended the lap, when the input says.
    public var trigger: LapTrigger?
    /// When the lap began, seconds since 1970, when the input says (``/WorkoutSamples/WorkoutEventSample/lapStartTime``; see ``LapAnalysis``).
    public var startTime: Double?

    /// Creates the value from its parts.
    public init(time: Double, elapsedSeconds: Double, trigger: LapTrigger?, startTime: Double? = nil) {
        self.time = time
        self.elapsedSeconds = elapsedSeconds
        self.trigger = trigger
        self.startTime = startTime
    }
}
