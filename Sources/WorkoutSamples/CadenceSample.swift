/// Step cadence (running, walking) or crank cadence (cycling), per minute.
public struct CadenceSample: Sendable, Hashable {
    /// Seconds since 1970-01-01T00:00:00Z, or `nil` when the source has no time for this reading.
    public var time: Double?
    /// Steps per minute (running, walking, hiking) or crank revolutions per minute (cycling).
    public var perMinute: Double
    /// A cadence reading of `perMinute` at `time` (seconds since 1970, `nil` when unknown).
    public init(time: Double?, perMinute: Double) {
        self.time = time
        self.perMinute = perMinute
    }
}
