public import WorkoutSamples

/// One lap: from the previous lap event (or the workout's start), or from the start this one states (see
/// ``LapAnalysis``), to this one; the last runs to the end.
public struct Lap: Sendable, Hashable {
    /// The lap's number, from 1.
    public var number: Int
    /// What ended the lap, when the input says; `nil` for the lap after the last event (ended by the end
    /// of the workout) and for events that do not say.
    public var trigger: LapTrigger?
    /// Seconds from the workout's start to the lap's start and end (wall time).
    public var startOffsetSeconds: Double
    /// Seconds from the workout's start to the lap's end (wall time).
    public var endOffsetSeconds: Double
    /// The lap's distance, times, pace, elevation and sensor averages.
    public var figures: IntervalFigures
    /// The same lap as the recording device states it (FIT `lap`, TCX `Lap`), beside the engine's
    /// ``figures``; `nil` for laps the file does not state. A summary of a track read from a file pairs
    /// the file's laps with the engine's in order when the builder ended one lap per lap of the file and
    /// the file's laps end in time order (the engine's lap after the last event, if any, then has none);
    /// otherwise none is paired (WorkoutEngine's `WorkoutSummary.include(_:)` says when).
    public var device: DeviceLap?

    /// Creates the value from its parts.
    public init(number: Int, trigger: LapTrigger?, startOffsetSeconds: Double, endOffsetSeconds: Double, figures: IntervalFigures,
                device: DeviceLap? = nil) {
        self.number = number
        self.trigger = trigger
        self.startOffsetSeconds = startOffsetSeconds
        self.endOffsetSeconds = endOffsetSeconds
        self.figures = figures
        self.device = device
    }
}
