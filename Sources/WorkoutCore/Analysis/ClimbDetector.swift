/// Finds climbs in the smoothed altitude over distance.
///
/// Rules, and why:
/// 1. The profile is the smoothed altitude (the elevation counter's Kalman filter) resampled every
///    ``stepMeters`` (10 m) of distance, so that time spent standing or slow climbing does not weigh more
///    than distance, and grades are measured over ground covered.
/// 2. A climb grows from the lowest point so far while the profile stays within a dip allowance below its
///    top: ``dipFloorMeters`` (5 m, above what smoothed GPS or barometric altitude wanders by) or
///    ``dipFraction`` (20 %) of the height gained so far, whichever is larger. A descent deeper than that
///    ends the climb at its top; so a long pass with a short dip in the middle is one climb, and two
///    climbs separated by a real descent are two.
/// 3. The flat shoulders are trimmed: the climb starts at its last point within 1 m of the bottom and ends
///    at its first point within 1 m of the top, each then moved back out along any slope steeper than
///    0.5 % (so a steady grade keeps its whole height).
/// 4. It is kept when at least ``minimumLengthMeters`` (300 m) long at an average grade of at least
///    ``minimumGradePercent`` (3 %): shorter or flatter rises are rollers, and Strava's own categories start
///    at 3 %.
/// The maximum grade is the steepest over ``maximumGradeWindowMeters`` (100 m), so one noisy step cannot
/// set it.
public struct ClimbDetector: Sendable, Hashable {
    /// Distance between the profile's samples, metres (10).
    public var stepMeters = 10.0
    /// The smallest dip allowance below a climb's top, metres (5).
    public var dipFloorMeters = 5.0
    /// The dip allowance as a fraction of the height gained so far (0.2).
    public var dipFraction = 0.2
    /// Points within this of the bottom or the top are flat shoulders, metres (1).
    public var shoulderMeters = 1.0
    /// A slope steeper than this is not a shoulder, percent (0.5).
    public var shoulderGradePercent = 0.5
    /// The shortest climb kept, metres (300).
    public var minimumLengthMeters = 300.0
    /// The flattest average grade kept, percent (3).
    public var minimumGradePercent = 3.0
    /// The distance the maximum grade is measured over, metres (100).
    public var maximumGradeWindowMeters = 100.0

    /// Creates the value from its parts.
    public init() {}

    /// The climbs of a profile: non-decreasing `distances` (metres) with smoothed `altitudes` (metres, NaN
    /// where unknown); `elapsedAt` gives the running time at a distance, when known.
    /// - Complexity: O(n + D / step); a profile of more than ten million steps has no climbs.
    public func climbs(distances: ContiguousArray<Double>, altitudes: ContiguousArray<Float>,
                       elapsedAt: (Double) -> Double? = { _ in nil }) -> [Climb] {
        // The profile on a 10 m grid, from the fixes that have an altitude.
        var xs = ContiguousArray<Double>(), zs = ContiguousArray<Double>()
        for i in distances.indices where altitudes[i].isFinite {
            if let last = xs.last, distances[i] <= last { zs[zs.count - 1] = Double(altitudes[i]); continue }
            xs.append(distances[i]); zs.append(Double(altitudes[i]))
        }
        guard xs.count > 1, let first = xs.first, let last = xs.last, last - first >= minimumLengthMeters,
              stepMeters > 0, (last - first) / stepMeters <= 10_000_000 else { return [] }
        let steps = Int(((last - first) / stepMeters).rounded(.down))
        var grid = ContiguousArray<Double>(repeating: 0, count: steps + 1)
        var j = 0
        for k in 0...steps {
            let x = first + Double(k) * stepMeters
            while j + 1 < xs.count - 1, xs[j + 1] < x { j += 1 }
            let x0 = xs[j], x1 = xs[j + 1]
            let f = x1 > x0 ? min(max((x - x0) / (x1 - x0), 0), 1) : 1
            grid[k] = zs[j] + f * (zs[j + 1] - zs[j])
        }
        var result: [Climb] = []
        func emit(bottom: Int, top: Int) {
            guard top > bottom else { return }
            var start = bottom, end = top
            for k in bottom...top where grid[k] <= grid[bottom] + shoulderMeters { start = k }
            for k in stride(from: top, through: start, by: -1) where grid[k] >= grid[top] - shoulderMeters { end = k }
            // Back down the slope the shoulder rule cut into (a steady grade reaches the bottom and the top).
            let rising = stepMeters * shoulderGradePercent / 100
            while start > bottom, grid[start - 1] < grid[start] - rising { start -= 1 }
            while end < top, grid[end + 1] > grid[end] + rising { end += 1 }
            let length = Double(end - start) * stepMeters
            let gain = grid[end] - grid[start]
            guard length >= minimumLengthMeters, gain / length * 100 >= minimumGradePercent else { return }
            let window = max(1, Int((maximumGradeWindowMeters / stepMeters).rounded()))
            var steepest = gain / length * 100
            if end - start >= window {
                for k in start...(end - window) {
                    steepest = max(steepest, (grid[k + window] - grid[k]) / (Double(window) * stepMeters) * 100)
                }
            }
            let startX = first + Double(start) * stepMeters, endX = first + Double(end) * stepMeters
            let seconds = zip(elapsedAt(startX), elapsedAt(endX)).map { max(0, $1 - $0) }
            result.append(Climb(startDistanceMeters: startX, endDistanceMeters: endX, startAltitudeMeters: grid[start],
                                topAltitudeMeters: grid[end], maximumGradePercent: steepest, elapsedSeconds: seconds))
        }
        var bottom = 0, top = 0
        for k in 1...steps {
            let z = grid[k]
            if z > grid[top] {
                top = k
            } else if grid[top] - z > max(dipFloorMeters, dipFraction * (grid[top] - grid[bottom])) {
                emit(bottom: bottom, top: top)
                bottom = k; top = k
            }
            if z < grid[bottom] { bottom = k; top = k }
        }
        emit(bottom: bottom, top: top)
        return result
    }
}

private func zip<A, B>(_ a: A?, _ b: B?) -> (A, B)? {
    guard let a, let b else { return nil }
    return (a, b)
}
