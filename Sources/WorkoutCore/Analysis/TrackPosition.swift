/// A place on the fix series: `fraction` of the way from fix `index - 1` to fix `index` (fraction 1, or
/// index 0, is the fix itself). Every cumulative series (time, distance, running and moving time, gain,
/// loss) is interpolated linearly at the same position, so an interval's figures agree with each other.
struct TrackPosition: Sendable, Hashable {
    var index: Int
    var fraction: Double

    /// `series` at this position.
    @inline(__always)
    func value(in series: ContiguousArray<Double>) -> Double {
        guard index < series.count else { return series.last ?? 0 }
        guard index > 0, fraction < 1 else { return series[index] }
        let a = series[index - 1]
        return a + fraction * (series[index] - a)
    }
}
