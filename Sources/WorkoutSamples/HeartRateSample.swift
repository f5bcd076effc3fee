/// A heart-rate reading.
public struct HeartRateSample: Sendable, Hashable {
    public var time: Double?
    public var beatsPerMinute: Double
    public init(time: Double?, beatsPerMinute: Double) {
        self.time = time
        self.beatsPerMinute = beatsPerMinute
    }
}
