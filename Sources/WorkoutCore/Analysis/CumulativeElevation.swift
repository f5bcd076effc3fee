/// Cumulative gain and loss at each fix, counted by the summary's rule (``ElevationAccumulator``): a climb
/// or a descent counts, whole, once the altitude has turned back from its extreme by more than the
/// hysteresis, and the one still open at the end counts too. Each counted climb is spread over the fixes
/// where it rose (the running maximum of the altitude between its low and its high point, so a dip within
/// the hysteresis neither gains nor loses), each descent likewise; so the gain of any interval is the
/// difference of the cumulative gain at its two ends, and the intervals of a partition (splits, laps) add
/// up to the summary's gain and loss.
struct CumulativeElevation: Sendable {
    /// Cumulative gain at each fix, metres (0 before the first counted climb).
    private(set) var gains: ContiguousArray<Double>
    /// Cumulative loss at each fix, metres.
    private(set) var losses: ContiguousArray<Double>

    /// - Parameters:
    ///   - altitudes: the altitude at each fix, metres; NaN where a fix has none (it keeps the running
    ///     totals of the fix before it).
    ///   - hysteresisMeters: how far the altitude must turn back from an extreme for a climb or a descent
    ///     to count.
    ///   - outingStarts: the indices, ascending, of the fixes that start a separate outing: the climb or
    ///     descent open before each counts as it stands, and nothing is climbed or descended across it.
    /// - Complexity: O(n).
    init(altitudes: ContiguousArray<Float>, hysteresisMeters: Double, outingStarts: [Int] = []) {
        let n = altitudes.count
        gains = ContiguousArray(repeating: 0, count: n)
        losses = ContiguousArray(repeating: 0, count: n)
        var gain = 0.0, loss = 0.0
        let bounds = [0] + outingStarts.filter { $0 > 0 && $0 < n } + [n]
        // Index loops, not `zip(a, a.dropFirst())`: the first use of a `Zip2Sequence` of these types in a process
        // instantiates its metadata by name, a search through every protocol conformance of the binary (about
        // 0.7 ms of a FIT summary's start, `perf record`).
        for b in bounds.indices.dropLast() where bounds[b] < bounds[b + 1] {
            let start = bounds[b], end = bounds[b + 1]
            for i in start..<end {
                gains[i] = gain
                losses[i] = loss
            }
            let pivots = Self.pivots(altitudes, in: start..<end, hysteresisMeters: hysteresisMeters)
            for p in pivots.indices.dropLast() {
                count(altitudes, from: pivots[p], to: pivots[p + 1], gain: &gain, loss: &loss)
            }
            if let last = pivots.last {
                for i in (last + 1)..<end {
                    gains[i] = gain
                    losses[i] = loss
                }
            }
        }
    }

    /// Spreads the climb or the descent between the pivots `start` and `end` over its fixes, from the totals
    /// so far, and adds it to them.
    private mutating func count(_ altitudes: ContiguousArray<Float>, from start: Int, to end: Int, gain: inout Double, loss: inout Double) {
        let from = Double(altitudes[start]), to = Double(altitudes[end])
        let climbing = to > from
        // The extreme reached so far in this run, within its two ends.
        var reached = from
        for i in (start + 1)...end {
            let altitude = Double(altitudes[i])
            if altitude.isFinite {
                reached = climbing ? max(reached, min(max(altitude, from), to)) : min(reached, max(min(altitude, from), to))
            }
            gains[i] = climbing ? gain + (reached - from) : gain
            losses[i] = climbing ? loss : loss + (from - reached)
        }
        if climbing { gain += to - from } else { loss += from - to }
    }

    /// The indices of the turning points within `range`, in order: its first fix with an altitude, then
    /// each extreme at which the altitude turned back by more than `hysteresisMeters`, then the extreme of
    /// the run still open at the end (if one counts).
    private static func pivots(_ altitudes: ContiguousArray<Float>, in range: Range<Int>, hysteresisMeters: Double) -> [Int] {
        guard let first = altitudes[range].firstIndex(where: { $0.isFinite }) else { return [] }
        var pivots = [first]
        let turning0 = Double(altitudes[first])
        var turning = turning0
        var extreme = turning0, extremeIndex = first
        var direction = 0
        for i in (first + 1)..<range.upperBound where altitudes[i].isFinite {
            let altitude = Double(altitudes[i])
            switch direction {
            case 1:
                if altitude > extreme {
                    extreme = altitude; extremeIndex = i
                } else if extreme - altitude > hysteresisMeters {
                    pivots.append(extremeIndex)
                    turning = extreme
                    extreme = altitude; extremeIndex = i
                    direction = -1
                }
            case -1:
                if altitude < extreme {
                    extreme = altitude; extremeIndex = i
                } else if altitude - extreme > hysteresisMeters {
                    pivots.append(extremeIndex)
                    turning = extreme
                    extreme = altitude; extremeIndex = i
                    direction = 1
                }
            default:
                if abs(altitude - turning) > hysteresisMeters {
                    direction = altitude > turning ? 1 : -1
                    extreme = altitude; extremeIndex = i
                }
            }
        }
        if direction != 0 { pivots.append(extremeIndex) }
        return pivots
    }
}
