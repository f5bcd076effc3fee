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

/// The median of the last five values, kept without allocation. Used for a maximum speed that one bad fix
/// cannot set: a single outlier disturbs two consecutive step speeds, and the median of five ignores both.
struct RollingMedianOfFive: Sendable {
    private var values: (Double, Double, Double, Double, Double) = (0, 0, 0, 0, 0)
    private(set) var count = 0
    private var next = 0

    mutating func reset() {
        count = 0
        next = 0
    }

    mutating func add(_ value: Double) {
        switch next {
        case 0: values.0 = value
        case 1: values.1 = value
        case 2: values.2 = value
        case 3: values.3 = value
        default: values.4 = value
        }
        next = (next + 1) % 5
        count = min(count + 1, 5)
    }

    /// The median of the values held (the lower middle for an even count); `nil` when empty.
    var median: Double? {
        guard count > 0 else { return nil }
        var sorted = (values.0, values.1, values.2, values.3, values.4)
        return withUnsafeMutableBytes(of: &sorted) { raw -> Double in
            let buffer = raw.bindMemory(to: Double.self)
            let slice = UnsafeMutableBufferPointer(rebasing: buffer[0..<count])
            // Insertion sort of at most five values.
            for i in 1..<max(slice.count, 1) {
                var j = i
                while j > 0, slice[j - 1] > slice[j] {
                    slice.swapAt(j - 1, j)
                    j -= 1
                }
            }
            return slice[(slice.count - 1) / 2]
        }
    }
}
