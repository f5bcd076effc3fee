/// Running integrals of a ``SensorSeries`` held as the summary's averages hold it (a reading stands until
/// the next, at most the hold limit): the time-weighted average over any stretch of running time in
/// O(log n).
struct SensorIntegral: Sendable {
    let series: SensorSeries
    let holdLimitSeconds: Double
    /// Before reading `i`: the integral of value × time, and the time covered.
    private var valueTime: ContiguousArray<Double>
    private var covered: ContiguousArray<Double>

    init(_ series: SensorSeries, holdLimitSeconds: Double) {
        self.series = series
        self.holdLimitSeconds = holdLimitSeconds
        let n = series.count
        valueTime = ContiguousArray(repeating: 0, count: n + 1)
        covered = ContiguousArray(repeating: 0, count: n + 1)
        for i in 0..<n {
            let held = series.holdEnd(i, holdLimitSeconds: holdLimitSeconds) - series.elapsedSeconds[i]
            valueTime[i + 1] = valueTime[i] + Double(series.values[i]) * held
            covered[i + 1] = covered[i] + held
        }
    }

    /// The integrals from the start to running time `t`.
    private func integrals(at t: Double) -> (valueTime: Double, covered: Double) {
        let times = series.elapsedSeconds
        // The last reading at or before t.
        var low = 0, high = times.count
        while low < high { let mid = (low + high) / 2; if times[mid] <= t { low = mid + 1 } else { high = mid } }
        let i = low - 1
        guard i >= 0 else { return (0, 0) }
        let held = max(0, min(t, series.holdEnd(i, holdLimitSeconds: holdLimitSeconds)) - times[i])
        return (valueTime[i] + Double(series.values[i]) * held, covered[i] + held)
    }

    /// The time-weighted average from running time `t0` to `t1`; `nil` when no reading stands in it.
    func average(from t0: Double, to t1: Double) -> Double? {
        guard series.count > 0, t1 > t0 else { return nil }
        let a = integrals(at: t0), b = integrals(at: t1)
        let time = b.covered - a.covered
        return time > 1e-9 ? (b.valueTime - a.valueTime) / time : nil
    }
}
