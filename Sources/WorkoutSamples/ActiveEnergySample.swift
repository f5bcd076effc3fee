/// Active energy burned since the previous `ActiveEnergySample` (an increment, not a running total).
public struct ActiveEnergySample: Sendable, Hashable {
    /// Seconds since 1970-01-01T00:00:00Z, or `nil` when the source has no time for this reading.
    public var time: Double?
    /// Kilocalories burned since the previous active-energy sample.
    public var kilocalories: Double
    /// An energy increment of `kilocalories` at `time` (seconds since 1970, `nil` when unknown).
    public init(time: Double?, kilocalories: Double) {
        self.time = time
        self.kilocalories = kilocalories
    }
}
