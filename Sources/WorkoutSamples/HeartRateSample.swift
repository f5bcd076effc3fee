/// A heart-rate reading.
public struct HeartRateSample: Sendable, Hashable {
    /// Seconds since 1970-01-01T00:00:00Z, or `nil` when the source has no time for this reading.
    public var time: Double?
    /// Beats per minute.
    public var beatsPerMinute: Double
    /// A heart rate of `beatsPerMinute` at `time` (seconds since 1970, `nil` when unknown).
    public init(time: Double?, beatsPerMinute: Double) {
        self.time = time
        self.beatsPerMinute = beatsPerMinute
    }
}
