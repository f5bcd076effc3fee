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
    /// For a ``Kind/lap`` event: when the lap began (seconds since 1970), when the recording says (a FIT
    /// `lap`'s `start_time`, JSON `lapStartTime`). The analysis begins the lap there when it lies more than
    /// 1.5 s after the previous lap's end and before this event (`LapAnalysis` in WorkoutCore): time a device leaves between
    /// two laps belongs to neither.
    public var lapStartTime: Double?
    /// An event of `kind` at `time`; `lapTrigger` and `lapStartTime` only for a lap.
    public init(time: Double?, kind: Kind, lapTrigger: LapTrigger? = nil, lapStartTime: Double? = nil) {
        self.time = time
        self.kind = kind
        self.lapTrigger = lapTrigger
        self.lapStartTime = lapStartTime
    }
}

extension WorkoutEventSample.Kind: Codable {}

extension WorkoutEventSample: Codable {
    /// Decodes an `event` record (``SampleCodingKey``): `event` required (`pause`, `resume`, `lap`,
    /// `segment`), `lapTrigger` and `lapStartTime` optional, `time` and `lapStartTime` a number or an ISO 8601
    /// string.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: SampleCodingKey.self)
        try container.checkType(.event)
        self.init(
            time: try container.decodeTime(),
            kind: try container.decode(Kind.self, forKey: .event),
            lapTrigger: try container.decodeIfPresent(LapTrigger.self, forKey: .lapTrigger),
            lapStartTime: try container.decodeTime(forKey: .lapStartTime))
    }

    /// Encodes the event as one record:
    /// `{"type":"event","time":…,"event":"lap","lapTrigger":"manual","lapStartTime":…}` (`lapTrigger` and
    /// `lapStartTime` only when known).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: SampleCodingKey.self)
        try container.encodeHead(.event, time: time)
        try container.encode(kind, forKey: .event)
        try container.encodeIfPresent(lapTrigger, forKey: .lapTrigger)
        try container.encodeIfPresent(lapStartTime, forKey: .lapStartTime)
    }
}
