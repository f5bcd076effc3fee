/// Running integrals of a ``SensorSeries`` held as the summary's averages hold it (a reading stands until
/// the next, at most the hold limit): the time-weighted average over a stretch of running time.
///
/// A cursor, not a table: queries that come in non-decreasing time (the splits, then the laps) walk the
/// readings once; an earlier query starts the walk again. No array is allocated.
final class SensorIntegral {
    let series: SensorSeries
    let holdLimitSeconds: Double
    /// The last reading at or before the cursor (-1 before the first).
    private var index = -1
    /// The integral of value × time, and the time covered, of the readings before `index`.
    private var valueTime = 0.0
    private var covered = 0.0
    private var cursor = -Double.infinity

    init(_ series: SensorSeries, holdLimitSeconds: Double) {
        self.series = series
        self.holdLimitSeconds = holdLimitSeconds
    }

    /// The integrals from the start to running time `t`.
    private func integrals(at t: Double) -> (valueTime: Double, covered: Double) {
        if t < cursor { index = -1; valueTime = 0; covered = 0 }
        cursor = t
        let times = series.elapsedSeconds
        while index + 1 < times.count, times[index + 1] <= t {
            if index >= 0 {
                let held = series.holdEnd(index, holdLimitSeconds: holdLimitSeconds) - times[index]
                valueTime += Double(series.values[index]) * held
                covered += held
            }
            index += 1
        }
        guard index >= 0 else { return (0, 0) }
        let held = max(0, min(t, series.holdEnd(index, holdLimitSeconds: holdLimitSeconds)) - times[index])
        return (valueTime + Double(series.values[index]) * held, covered + held)
    }

    /// The time-weighted average from running time `t0` to `t1`; `nil` when no reading stands in it.
    func average(from t0: Double, to t1: Double) -> Double? {
        guard series.count > 0, t1 > t0 else { return nil }
        let a = integrals(at: t0), b = integrals(at: t1)
        let time = b.covered - a.covered
        return time > 1e-9 ? (b.valueTime - a.valueTime) / time : nil
    }
}
