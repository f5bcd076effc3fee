/// A series resampled on a 1 s grid of running time (pauses are not on it): value *k* stands for the
/// second from running time *k* to *k* + 1. A NaN value is a break: a mean-maximal window or a rolling
/// average never spans it.
///
/// Rules (after GoldenCheetah's mean-maximal curves, which fill gaps with zeros and leave out pauses):
/// - a reading stands until the next one, for at most the hold limit (``WorkoutOptions/sensorHoldLimitSeconds``,
///   20 s by default, as for the summary's averages);
/// - **power**: running time no reading covers is 0 W (coasting, or a meter that sends nothing at zero)
///   when the stretch is at most ``powerZeroFillLimitSeconds`` long; a longer stretch is a break;
/// - **heart rate**: running time no reading covers is a break;
/// - **speed** comes from the fixes: the distance gained in each second of running time, where the
///   distance across a pause or to a new segment (which takes no running time) is left out. Where a device's
///   distance steps stand in for fixes (a workout without positions), each second takes its step's speed (the
///   speed the device states, else the step's) and then the median of the five seconds around it, the rule of
///   the summary's maximum speed: a device distance that runs ahead for a few seconds and stalls sets neither.
public struct OneSecondGrid: Sendable, Hashable {
    /// One value per second of running time.
    public var values: ContiguousArray<Double>

    /// Creates the value from its parts.
    public init(values: ContiguousArray<Double>) { self.values = values }

    /// Uncovered running time longer than this breaks the power grid instead of counting as 0 W: 5 minutes,
    /// longer than any coast or traffic stop a rider keeps recording through, shorter than a sensor that
    /// stopped for good.
    public static let powerZeroFillLimitSeconds = 300

    /// The grid of `series` over `seconds` seconds of running time; uncovered stretches of at most
    /// `zeroFillLimitSeconds` become 0 (pass a negative limit to make every uncovered second a break).
    /// - Complexity: O(seconds + readings).
    static func sensor(_ series: SensorSeries, seconds: Int, holdLimitSeconds: Double, zeroFillLimitSeconds: Int) -> OneSecondGrid {
        var values = ContiguousArray<Double>(repeating: .nan, count: max(seconds, 0))
        guard seconds > 0 else { return OneSecondGrid(values: values) }
        var reading = -1
        let times = series.elapsedSeconds
        var uncoveredStart: Int?
        func closeUncovered(at k: Int) {
            guard let start = uncoveredStart else { return }
            if k - start <= zeroFillLimitSeconds { for u in start..<k { values[u] = 0 } }
            uncoveredStart = nil
        }
        for k in 0..<seconds {
            let t = Double(k)
            while reading + 1 < times.count, times[reading + 1] <= t { reading += 1 }
            if reading >= 0, t < series.holdEnd(reading, holdLimitSeconds: holdLimitSeconds) {
                closeUncovered(at: k)
                values[k] = Double(series.values[reading])
            } else if uncoveredStart == nil {
                uncoveredStart = k
            }
        }
        closeUncovered(at: seconds)
        return OneSecondGrid(values: values)
    }

    /// The speed grid: metres gained in each second of running time, from the fixes (distance across a
    /// pause, which takes no running time, left out).
    static func speed(_ track: AnalysisTrack, seconds: Int) -> OneSecondGrid {
        guard seconds > 0, track.count > 1 else { return OneSecondGrid(values: []) }
        // Distance gained on running time only.
        var moved = ContiguousArray<Double>(repeating: 0, count: track.count)
        for i in 1..<track.count {
            let gained = track.elapsed[i] > track.elapsed[i - 1] ? track.distances[i] - track.distances[i - 1] : 0
            moved[i] = moved[i - 1] + gained
        }
        var values = ContiguousArray<Double>(repeating: .nan, count: seconds)
        let firstElapsed = track.elapsed[0], lastElapsed = track.elapsed[track.count - 1]
        var previous = moved[0]
        var i = 1  // the first fix whose running time reaches t (forward only: t grows)
        for k in 0..<seconds {
            let t = Double(k + 1)
            while i < track.count - 1, track.elapsed[i] < t { i += 1 }
            let e0 = track.elapsed[i - 1], e1 = track.elapsed[i]
            let now = t >= e1 ? moved[i] : t <= e0 ? moved[i - 1] : moved[i - 1] + (t - e0) / (e1 - e0) * (moved[i] - moved[i - 1])
            // Seconds before the first fix or after the last have no speed.
            if Double(k) >= firstElapsed, t <= lastElapsed {
                values[k] = now - previous
                if i < track.deviceStepSpeeds.count, track.deviceStepSpeeds[i].isFinite { values[k] = track.deviceStepSpeeds[i] }
            }
            previous = now
        }
        if track.deviceStepSpeeds.count > 1 {
            let deviceSeconds = min(Int(track.elapsed[track.deviceStepSpeeds.count - 1].rounded(.up)), seconds)
            values.replaceSubrange(0..<deviceSeconds, with: medianOfFive(values[0..<deviceSeconds]))
        }
        return OneSecondGrid(values: values)
    }

    /// Each value replaced by the median of the values within two seconds of it that no break (NaN)
    /// separates from it (the lower middle of an even count, as ``RollingMedianOfFive``); breaks stay.
    /// - Complexity: O(n).
    static func medianOfFive(_ values: ArraySlice<Double>) -> ContiguousArray<Double> {
        var result = ContiguousArray(values)
        let lower = values.startIndex, upper = values.endIndex
        var window: [Double] = []
        window.reserveCapacity(5)
        for k in lower..<upper where !values[k].isNaN {
            window.removeAll(keepingCapacity: true)
            window.append(values[k])
            var j = k - 1
            while j >= max(lower, k - 2), !values[j].isNaN { window.append(values[j]); j -= 1 }
            j = k + 1
            while j < min(upper, k + 3), !values[j].isNaN { window.append(values[j]); j += 1 }
            window.sort()
            result[k - lower] = window[(window.count - 1) / 2]  // the lower middle of an even count, as the summary's
        }
        return result
    }

    /// The best mean of each window (as ``bestMean(window:)``, `nil` for a window longer than the grid) over a
    /// grid without a break, in one pass for up to four windows at a time. Each window's running sum takes
    /// the same additions and subtractions in the same order as the general path (so the same result, bit
    /// for bit, without counting breaks); the windows' sums do not depend on each other, so the processor
    /// overlaps them instead of waiting on one sum's chain of additions. A sum no larger than the window's
    /// best cannot give a larger mean (dividing by the same positive length keeps their order), so most
    /// windows need no division.
    func bestMeansWithoutBreaks(windows: [Int]) -> [(mean: Double, startSecond: Int)?] {
        struct Lane {
            var window: Int
            var length: Double
            var sum = 0.0, bestSum = -Double.infinity, bestMean = -Double.infinity
            var bestStart = -1

            init(window: Int) {
                self.window = window
                length = Double(window)
            }

            @inline(__always)
            mutating func take(_ k: Int, _ values: UnsafeBufferPointer<Double>) {
                sum += values[k]
                if k >= window { sum -= values[k - window] }
                if k >= window - 1, sum > bestSum {
                    let mean = sum / length
                    if mean > bestMean { bestMean = mean; bestSum = sum; bestStart = k - window + 1 }
                }
            }

            var best: (mean: Double, startSecond: Int)? { bestStart < 0 ? nil : (bestMean, bestStart) }
        }
        let n = values.count
        var results = [(mean: Double, startSecond: Int)?](repeating: nil, count: windows.count)
        let valid = windows.indices.filter { windows[$0] > 0 && windows[$0] <= n }
        values.withUnsafeBufferPointer { values in
            var group = 0
            while group < valid.count {
                // Four lanes; a short last group repeats its first window (and drops those results).
                let members = (0..<4).map { valid[min(group + $0, valid.count - 1)] }
                var a = Lane(window: windows[members[0]]), b = Lane(window: windows[members[1]])
                var c = Lane(window: windows[members[2]]), d = Lane(window: windows[members[3]])
                for k in 0..<n {
                    a.take(k, values)
                    b.take(k, values)
                    c.take(k, values)
                    d.take(k, values)
                }
                for (lane, member) in zip([a, b, c, d], members) where results[member] == nil { results[member] = lane.best }
                group += 4
            }
        }
        return results
    }

    /// The best mean over `window` consecutive seconds that contain no break, and where it starts.
    /// - Complexity: O(n).
    public func bestMean(window: Int) -> (mean: Double, startSecond: Int)? {
        bestMean(window: window, hasBreaks: values.contains { $0.isNaN })
    }

    /// ``bestMean(window:)`` for a caller that knows whether the grid has a break. Without one, see
    /// ``bestMeansWithoutBreaks(windows:)``.
    func bestMean(window: Int, hasBreaks: Bool) -> (mean: Double, startSecond: Int)? {
        let n = values.count
        guard window > 0, window <= n else { return nil }
        if !hasBreaks { return bestMeansWithoutBreaks(windows: [window])[0] }
        return values.withUnsafeBufferPointer { values -> (mean: Double, startSecond: Int)? in
            var sum = 0.0, breaks = 0
            var bestMean = -Double.infinity, bestStart = -1
            let length = Double(window)
            for k in 0..<n {
                let entering = values[k]
                if entering.isNaN { breaks += 1 } else { sum += entering }
                if k >= window {
                    let leaving = values[k - window]
                    if leaving.isNaN { breaks -= 1 } else { sum -= leaving }
                }
                if k >= window - 1, breaks == 0 {
                    let mean = sum / length
                    if mean > bestMean { bestMean = mean; bestStart = k - window + 1 }
                }
            }
            return bestStart < 0 ? nil : (bestMean, bestStart)
        }
    }
}
