/// Active energy burned since the previous `ActiveEnergySample` (an increment, not a running total).
public struct ActiveEnergySample: Sendable, Hashable {
    public var time: Double?
    public var kilocalories: Double
    public init(time: Double?, kilocalories: Double) {
        self.time = time
        self.kilocalories = kilocalories
    }
}
