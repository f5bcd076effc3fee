/// Mechanical power, watts.
public struct PowerSample: Sendable, Hashable {
    /// Seconds since 1970-01-01T00:00:00Z, or `nil` when the source has no time for this reading.
    public var time: Double?
    /// Watts, as the power meter reports them.
    public var watts: Double
    /// A power reading of `watts` at `time` (seconds since 1970, `nil` when unknown).
    public init(time: Double?, watts: Double) {
        self.time = time
        self.watts = watts
    }
}
