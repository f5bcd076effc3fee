/// A change of session state carried by the input.
public struct WorkoutEventSample: Sendable, Hashable {
    /// What the event does to the session.
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        /// The user paused the workout.
        case pause
        /// The user resumed the workout.
        case resume
        /// A lap ended at ``WorkoutEventSample/time`` (a lap button press, or an automatic lap; FIT `lap`
        /// messages and TCX `Lap` elements give one at each lap's end).
        case lap
        /// A new recorded segment begins (GPX `<trkseg>`, `<trk>`, `<rte>`): the gap before it counts as a
        /// pause and no distance is added across it. Readers emit it; JSON input may use `"segment"`.
        case segmentStart = "segment"
    }
    /// Seconds since 1970-01-01T00:00:00Z, or `nil` when the source has no time for it (a GPX reader's
    /// segment start: the builder then pauses at the last sample before it).
    public var time: Double?
    /// What the event does.
    public var kind: Kind
    /// For a ``Kind/lap`` event: what ended the lap, when the recording says.
    public var lapTrigger: LapTrigger?
    /// An event of `kind` at `time`; `lapTrigger` only for a lap.
    public init(time: Double?, kind: Kind, lapTrigger: LapTrigger? = nil) {
        self.time = time
        self.kind = kind
        self.lapTrigger = lapTrigger
    }
}
