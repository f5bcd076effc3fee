/// The readings of one sensor (heart rate, cadence, power) on the running-time axis: elapsed seconds
/// (pauses excluded, non-decreasing) and values. Values are `Float`: seven significant digits, more than
/// any chest strap or power meter reports, at half the memory.
public struct SensorSeries: Sendable, Hashable {
    /// Running time of each reading, seconds.
    public private(set) var elapsedSeconds = ContiguousArray<Double>()
    /// The reading's value (bpm, per minute, watts).
    public private(set) var values = ContiguousArray<Float>()
    /// Readings dropped because their running time went backwards (an out-of-order input).
    public private(set) var outOfOrderCount = 0

    /// Creates the value from its parts.
    public init() {}

    /// The number of readings.
    public var count: Int { values.count }

    /// Appends a reading taken at running time `elapsedSeconds`; one earlier than the last is dropped.
    /// - Complexity: O(1) amortised.
    public mutating func append(elapsedSeconds elapsed: Double, value: Double) {
        guard elapsed.isFinite, value.isFinite else { return }
        if let last = elapsedSeconds.last, elapsed < last {
            outOfOrderCount += 1
            return
        }
        elapsedSeconds.append(elapsed)
        values.append(Float(value))
    }

    /// Where reading `index` stops standing: the next reading, at most `holdLimitSeconds` later.
    func holdEnd(_ index: Int, holdLimitSeconds: Double) -> Double {
        let limit = elapsedSeconds[index] + holdLimitSeconds
        return index + 1 < count ? min(elapsedSeconds[index + 1], limit) : limit
    }
}
