import Foundation

/// A running median of positive values in constant memory: the exact median of the first ``seedCount``
/// values, then a step of `e^±medianStep` towards each new value (a stochastic-approximation median, which
/// settles where as many values fall above as below). Seeding with the exact median keeps a few early
/// outliers from setting where it starts.
struct SeededRunningMedian: Sendable {
    /// Values whose exact median starts the running one.
    static let seedCount = 31
    /// The default step, as a factor `e^±step` per value.
    static let medianStep = 0.05
    /// The factors up and down per value.
    private let stepUp: Double, stepDown: Double
    /// The least value the median takes.
    static let floor = 1e-6

    /// The first ``seedCount`` values (31), in increasing order.
    private var seeds = InlineArray<31, Double>(repeating: 0)
    /// The median; `nan` before the first value.
    private(set) var value = Double.nan
    /// How many values were added.
    private(set) var count = 0

    /// The factors after ``settlingCount`` values, when a finer step is given.
    private let fineUp: Double, fineDown: Double
    /// Values after which the finer step applies.
    private let settlingCount: Int

    /// A median that moves by a factor `e^±step` per value after its seed (``medianStep`` unless told), and
    /// by `e^±fineStep` after `settlingCount` values.
    init(step: Double = medianStep, fineStep: Double? = nil, settlingCount: Int = .max) {
        stepUp = exp(step)
        stepDown = exp(-step)
        fineUp = exp(fineStep ?? step)
        fineDown = exp(-(fineStep ?? step))
        self.settlingCount = settlingCount
    }

    /// Adds `newValue` (finite, positive).
    mutating func add(_ newValue: Double) {
        if count < Self.seedCount {
            var i = count
            while i > 0, seeds[i - 1] > newValue {
                seeds[i] = seeds[i - 1]
                i -= 1
            }
            seeds[i] = newValue
            count += 1
            value = seeds[count / 2]
            return
        }
        count += 1
        if count > settlingCount {
            value *= newValue > value ? fineUp : fineDown
        } else {
            value *= newValue > value ? stepUp : stepDown
        }
        value = max(value, Self.floor)
    }
}
