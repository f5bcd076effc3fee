public import WorkoutSamples

/// Best efforts of running and walking workouts: for each standard distance the workout covers, the
/// shortest time in which any stretch of that distance was covered.
///
/// An effort may start anywhere, not only at a fix or a split. Time along the track is piecewise linear
/// in distance (linear between fixes), so the shortest stretch of length D starts or ends at a fix: for
/// every fix, the stretch ending there (its start interpolated at distance − D) and the stretch starting
/// there (its end interpolated at distance + D) are measured, each in one pass with two pointers (O(n)
/// per distance), block by block, passing over the blocks that a lower bound of their times shows cannot
/// hold the fastest stretch. Time is wall time: pauses count, as Strava counts best efforts.
public enum BestEfforts {
    /// The standard distances, metres, with their keys.
    public static let distances: [(name: String, meters: Double)] = [
        ("400m", 400), ("halfMile", 804.672), ("1k", 1000), ("1mile", 1609.344), ("2miles", 3218.688),
        ("5k", 5000), ("10k", 10_000), ("15k", 15_000), ("10miles", 16_093.44), ("20k", 20_000),
        ("halfMarathon", 21_097.5), ("30k", 30_000), ("marathon", 42_195), ("50k", 50_000),
    ]

    /// Whether the activity gets best efforts (running and walking).
    public static func applies(to activity: ActivityType) -> Bool { activity == .running || activity == .walking }

    /// The best efforts over the fix series (non-decreasing times `times`, non-decreasing distances
    /// `distances`: the search's bounds rely on both), with offsets from `startTime`.
    /// - Complexity: O(n) per distance; in practice most of the series is passed over in blocks of 32 fixes.
    public static func efforts(times: ContiguousArray<Double>, distances: ContiguousArray<Double>, startTime: Double) -> [BestEffort] {
        let n = times.count
        guard n > 1, distances.count == n, let first = distances.first, let last = distances.last else { return [] }
        var result: [BestEffort] = []
        var lowerBounds = ContiguousArray<Double>(repeating: 0, count: n / blockFixes + 1)
        times.withUnsafeBufferPointer { t in
            distances.withUnsafeBufferPointer { d in
                lowerBounds.withUnsafeMutableBufferPointer { lowerBounds in
                    let series = Series(t: t, d: d)
                    for (name, target) in standardDistances(covered: last - first) {
                        guard let best = series.fastest(target, lowerBounds: lowerBounds) else { continue }
                        result.append(BestEffort(
                            name: name, distanceMeters: target, elapsedSeconds: best.seconds,
                            startOffsetSeconds: best.startTime - startTime, endOffsetSeconds: best.startTime + best.seconds - startTime,
                            startDistanceMeters: best.startDistance - first, endDistanceMeters: best.startDistance - first + target))
                    }
                }
            }
        }
        return result
    }

    /// Fixes per block of the search. Before measuring the stretches that end (or start) at a block's
    /// fixes, a lower bound of their times is read from the block's ends and a grid of every
    /// `blockFixes`-th fix, and the block is passed over when the bound exceeds a stretch already known.
    /// The fastest stretch is the same as measuring every fix (the same comparisons, in the same order,
    /// on the blocks that can hold it), about six times faster on the 100k-point benchmark track
    /// (2026-11-28: 2.3 ms against 14 ms for its 14 distances).
    static let blockFixes = 32

    /// Slack on a block's lower bound, seconds, at least: an interpolated time may round a few units in
    /// the last place below the bound's plain differences of fix times, so only a block whose bound exceeds
    /// the best stretch by more than the slack is passed over. Larger for times far from zero (a thousand
    /// units in the last place of the latest time).
    static let boundSlackSeconds = 1e-3

    /// The fastest stretch found: its time, start time and start distance.
    typealias Stretch = (seconds: Double, startTime: Double, startDistance: Double)

    /// The fix series, for the search (times non-decreasing, distances non-decreasing).
    private struct Series {
        let t: UnsafeBufferPointer<Double>
        let d: UnsafeBufferPointer<Double>
        var count: Int { t.count }

        /// The fastest stretch of `target` metres. Time along the track is piecewise linear in distance,
        /// so it starts or ends at a fix: the stretches ending at each fix are measured first, then those
        /// starting at each fix, keeping the first of equal times. `lowerBounds` has a slot per block.
        func fastest(_ target: Double, lowerBounds: UnsafeMutableBufferPointer<Double>) -> Stretch? {
            let n = count
            let first = d[0], last = d[n - 1]
            let k = BestEfforts.blockFixes
            let slack = max(BestEfforts.boundSlackSeconds, 1000 * max(abs(t[0]), abs(t[n - 1])).ulp)
            var best: Stretch?
            var bestSeconds = Double.infinity
            // Stretches ending at fixes firstEnd..<n.
            let firstEnd = firstIndex(from: 0) { d[$0] - first >= target }
            if firstEnd < n {
                let blocks = (n - firstEnd + k - 1) / k
                // A stretch ending at j in [ja, jb) takes at least t[ja] − t[i + 1], where its start lies in
                // the step (i, i + 1); i + 1 is at most the first grid fix past the start of jb − 1's stretch.
                var grid = 0, lowest = Double.infinity, lowestBlock = 0
                for block in 0..<blocks {
                    let ja = firstEnd + block * k, jb = min(ja + k, n)
                    let start = d[jb - 1] - target
                    while grid < n, d[grid] <= start { grid += k }
                    let bound = t[ja] - t[min(max(grid, 1), jb - 1)]  // i + 1 is at least 1
                    lowerBounds[block] = bound
                    if bound < lowest { lowest = bound; lowestBlock = block }
                }
                // The block with the lowest bound first, for a stretch to compare the others with.
                var probe = Double.infinity, probeStretch: Stretch?, probePointer = -1
                let probeStart = firstEnd + lowestBlock * k
                ending(probeStart..<min(probeStart + k, n), target, &probe, &probeStretch, &probePointer)
                var pointer = -1, nextBlock = -1
                for block in 0..<blocks where lowerBounds[block] <= probe + slack {
                    if block != nextBlock { pointer = -1 }
                    nextBlock = block + 1
                    let ja = firstEnd + block * k
                    ending(ja..<min(ja + k, n), target, &bestSeconds, &best, &pointer)
                }
            }
            // Stretches starting at fixes 0..<lastStart.
            let lastStart = firstIndex(from: 0) { d[$0] + target > last }
            if lastStart > 0 {
                let blocks = (lastStart + k - 1) / k
                // A stretch starting at i in [ia, ib) takes at least t[j − 1] − t[ib − 1], where its end lies
                // in the step (j − 1, j); j − 1 is at least the last grid fix before the end of ia's stretch.
                var grid = 0, lowest = Double.infinity, lowestBlock = 0
                for block in 0..<blocks {
                    let ia = block * k, ib = min(ia + k, lastStart)
                    let end = d[ia] + target
                    while grid < n, d[grid] < end { grid += k }
                    let bound = t[min(n - 2, max(ia, grid - k))] - t[ib - 1]
                    lowerBounds[block] = bound
                    if bound < lowest { lowest = bound; lowestBlock = block }
                }
                if lowest <= bestSeconds + slack {
                    var probe = bestSeconds, probeStretch: Stretch?, probePointer = -1
                    let probeStart = lowestBlock * k
                    starting(probeStart..<min(probeStart + k, lastStart), target, &probe, &probeStretch, &probePointer)
                    let cutoff = probe + slack
                    var pointer = -1, nextBlock = -1
                    for block in 0..<blocks where lowerBounds[block] <= cutoff {
                        if block != nextBlock { pointer = -1 }
                        nextBlock = block + 1
                        let ia = block * k
                        starting(ia..<min(ia + k, lastStart), target, &bestSeconds, &best, &pointer)
                    }
                }
            }
            return best
        }

        /// Measures the stretches ending at the fixes `ends`: each one's start at its distance − `target`, in
        /// the step (i, i + 1); a stretch that cannot beat `bestSeconds` (its start time is at most
        /// t[i + 1]) is skipped before interpolating. `pointer` is i for the first end, or −1 to search it.
        @inline(__always)
        private func ending(_ ends: Range<Int>, _ target: Double, _ bestSeconds: inout Double, _ best: inout Stretch?,
                            _ pointer: inout Int) {
            let n = count
            let start = d[ends.lowerBound] - target
            var i = pointer >= 0 ? pointer : max(min(firstIndex(from: 0) { d[$0] > start }, ends.lowerBound) - 1, 0)
            for j in ends {
                let startDistance = d[j] - target
                while i + 1 < j, d[i + 1] <= startDistance { i += 1 }
                guard i + 1 < n, t[j] - t[i + 1] < bestSeconds else { continue }
                let startTime = interpolate(i, startDistance)
                if t[j] - startTime < bestSeconds { bestSeconds = t[j] - startTime; best = (bestSeconds, startTime, startDistance) }
            }
            pointer = i
        }

        /// Measures the stretches starting at the fixes `starts`: each one's end at its distance + `target`,
        /// in the step (j − 1, j); the end time is at least t[j − 1]. `pointer` is j for the first start, or
        /// −1 to search it.
        @inline(__always)
        private func starting(_ starts: Range<Int>, _ target: Double, _ bestSeconds: inout Double, _ best: inout Stretch?,
                              _ pointer: inout Int) {
            let n = count
            let end = d[starts.lowerBound] + target
            var j = pointer >= 0 ? pointer : min(firstIndex(from: starts.lowerBound + 1) { d[$0] >= end }, n - 1)
            for i in starts {
                let endDistance = d[i] + target
                if j <= i { j = i + 1 }
                while j < n - 1, d[j] < endDistance { j += 1 }
                guard t[j - 1] - t[i] < bestSeconds else { continue }
                let seconds = interpolate(j - 1, endDistance) - t[i]
                if seconds < bestSeconds { bestSeconds = seconds; best = (seconds, t[i], d[i]) }
            }
            pointer = j
        }

        /// The first index from `low` where `reaches` holds (it holds from some index on, as the distances
        /// grow), or `count` if none.
        @inline(__always)
        private func firstIndex(from low: Int, where reaches: (Int) -> Bool) -> Int {
            var low = low, high = count
            while low < high {
                let middle = (low + high) / 2
                if reaches(middle) { high = middle } else { low = middle + 1 }
            }
            return low
        }

        /// The time at `distance` in the step from fix `i` to fix `i + 1` (or at fix `i` on a step that adds
        /// no distance).
        @inline(__always)
        private func interpolate(_ i: Int, _ distance: Double) -> Double {
            guard i + 1 < t.count else { return t[i] }
            let d0 = d[i], d1 = d[i + 1]
            guard d1 > d0 else { return t[i + 1] }
            let fraction = min(max((distance - d0) / (d1 - d0), 0), 1)
            return t[i] + fraction * (t[i + 1] - t[i])
        }
    }

    /// The standard distances within `meters` (1 cm of slack for sums that are not exact to the last bit).
    static func standardDistances(covered meters: Double) -> [(name: String, meters: Double)] {
        distances.filter { $0.meters <= meters + Splits.toleranceMeters }
    }
}
