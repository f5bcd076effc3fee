public import WorkoutSamples

/// Best efforts of running and walking workouts: for each standard distance the workout covers, the
/// shortest time in which any stretch of that distance was covered.
///
/// An effort may start anywhere, not only at a fix or a split. Time along the track is piecewise linear
/// in distance (linear between fixes), so the shortest stretch of length D starts or ends at a fix: for
/// every fix, the stretch ending there (its start interpolated at distance − D) and the stretch starting
/// there (its end interpolated at distance + D) are measured, each in one pass with two pointers (O(n)
/// per distance). Time is wall time: pauses count, as Strava counts best efforts.
public enum BestEfforts {
    /// The standard distances, metres, with their keys.
    public static let distances: [(name: String, meters: Double)] = [
        ("400m", 400), ("halfMile", 804.672), ("1k", 1000), ("1mile", 1609.344), ("2miles", 3218.688),
        ("5k", 5000), ("10k", 10_000), ("15k", 15_000), ("10miles", 16_093.44), ("20k", 20_000),
        ("halfMarathon", 21_097.5), ("30k", 30_000), ("marathon", 42_195), ("50k", 50_000),
    ]

    /// Whether the activity gets best efforts (running and walking).
    public static func applies(to activity: ActivityType) -> Bool { activity == .running || activity == .walking }

    /// The best efforts over the fix series (times `times`, non-decreasing distances `distances`), with
    /// offsets from `startTime`.
    /// - Complexity: O(n) per distance.
    public static func efforts(times: ContiguousArray<Double>, distances: ContiguousArray<Double>, startTime: Double) -> [BestEffort] {
        let n = times.count
        guard n > 1, distances.count == n, let first = distances.first, let last = distances.last else { return [] }
        var result: [BestEffort] = []
        times.withUnsafeBufferPointer { t in
            distances.withUnsafeBufferPointer { d in
                for (name, target) in standardDistances(covered: last - first) {
                    guard let best = fastest(target, t, d) else { continue }
                    result.append(BestEffort(
                        name: name, distanceMeters: target, elapsedSeconds: best.seconds,
                        startOffsetSeconds: best.startTime - startTime, endOffsetSeconds: best.startTime + best.seconds - startTime,
                        startDistanceMeters: best.startDistance - first, endDistanceMeters: best.startDistance - first + target))
                }
            }
        }
        return result
    }

    /// The fastest stretch of `target` metres: its time, start time and start distance.
    private static func fastest(_ target: Double, _ t: UnsafeBufferPointer<Double>, _ d: UnsafeBufferPointer<Double>)
        -> (seconds: Double, startTime: Double, startDistance: Double)? {
        let n = t.count
        let first = d[0], last = d[n - 1]
        var best: (seconds: Double, startTime: Double, startDistance: Double)?
        var bestSeconds = Double.infinity
        // Stretches ending at fix j: the start at d[j] − target, in the step (i, i + 1). The start time is
        // at most t[i + 1], so a stretch that cannot beat the best is skipped before interpolating.
        var i = 0
        for j in 0..<n where d[j] - first >= target {
            let startDistance = d[j] - target
            while i + 1 < j, d[i + 1] <= startDistance { i += 1 }
            guard i + 1 < n, t[j] - t[i + 1] < bestSeconds else { continue }
            let startTime = interpolate(t, d, i, startDistance)
            if t[j] - startTime < bestSeconds { bestSeconds = t[j] - startTime; best = (bestSeconds, startTime, startDistance) }
        }
        // Stretches starting at fix i: the end at d[i] + target, in the step (j − 1, j); the end time is at
        // least t[j − 1].
        var j = 1
        for i in 0..<n {
            let endDistance = d[i] + target
            if endDistance > last { break }
            if j <= i { j = i + 1 }
            while j < n - 1, d[j] < endDistance { j += 1 }
            guard t[j - 1] - t[i] < bestSeconds else { continue }
            let seconds = interpolate(t, d, j - 1, endDistance) - t[i]
            if seconds < bestSeconds { bestSeconds = seconds; best = (seconds, t[i], d[i]) }
        }
        return best
    }

    /// The standard distances within `meters` (1 cm of slack for sums that are not exact to the last bit).
    static func standardDistances(covered meters: Double) -> [(name: String, meters: Double)] {
        distances.filter { $0.meters <= meters + Splits.toleranceMeters }
    }

    /// The time at `distance` in the step from fix `i` to fix `i + 1` (or at fix `i` on a step that adds
    /// no distance).
    @inline(__always)
    private static func interpolate(_ times: UnsafeBufferPointer<Double>, _ distances: UnsafeBufferPointer<Double>, _ i: Int, _ distance: Double) -> Double {
        guard i + 1 < times.count else { return times[i] }
        let d0 = distances[i], d1 = distances[i + 1]
        guard d1 > d0 else { return times[i + 1] }
        let fraction = min(max((distance - d0) / (d1 - d0), 0), 1)
        return times[i] + fraction * (times[i + 1] - times[i])
    }
}
