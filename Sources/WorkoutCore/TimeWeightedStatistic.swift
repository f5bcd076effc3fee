import WorkoutSamples
/// A time-weighted average of a value that holds until the next reading (heart rate, cadence, power),
/// with its minimum and maximum. A reading holds for at most ``holdLimitSeconds``: longer gaps are not
/// bridged, so a sensor that drops out does not smear its last value over the gap.
struct TimeWeightedStatistic: Sendable, Hashable {
    /// How long one reading may stand for, seconds of running time.
    var holdLimitSeconds: Double

    private(set) var count = 0
    private(set) var minimum = Double.infinity
    private(set) var maximum = -Double.infinity
    private var plainSum = 0.0
    private var weightedSum = 0.0
    private var totalWeight = 0.0
    private var lastValue = 0.0
    /// Elapsed running seconds at the last reading; `nil` when the last reading may not be extended.
    private var lastElapsed: Double?

    init(holdLimitSeconds: Double) {
        self.holdLimitSeconds = holdLimitSeconds
    }

    /// Adds a reading taken when the session's elapsed running time was `elapsedSeconds` (`nil` for an
    /// untimed reading, which counts in minimum, maximum and the plain mean only).
    mutating func add(_ value: Double, elapsedSeconds: Double?) {
        guard value.isFinite else { return }
        count += 1
        plainSum += value
        minimum = min(minimum, value)
        maximum = max(maximum, value)
        if let elapsedSeconds {
            if let last = lastElapsed {
                let held = min(max(elapsedSeconds - last, 0), holdLimitSeconds)
                weightedSum += lastValue * held
                totalWeight += held
            }
            lastElapsed = elapsedSeconds
        }
        lastValue = value
    }

    /// The time-weighted mean, or the plain mean when no reading had a duration; `nil` without readings.
    var average: Double? {
        guard count > 0 else { return nil }
        return totalWeight > 0 ? weightedSum / totalWeight : plainSum / Double(count)
    }

    var minimumValue: Double? { count > 0 ? minimum : nil }
    var maximumValue: Double? { count > 0 ? maximum : nil }
}
