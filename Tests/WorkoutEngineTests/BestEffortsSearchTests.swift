import Testing
import TestSupport
import WorkoutEngine

/// The best-effort search passes over blocks of fixes that a lower bound shows cannot hold the fastest
/// stretch. These tests hold it to a plain search written here, which measures, for every fix, the stretch
/// starting there and the stretch ending there (the other end found by bisection), on generated series
/// chosen to break the bounds: pauses, standing still, jumps in distance, uneven sampling, constant pace
/// (every stretch equally fast) and one fast stretch hidden in a long, even run.
struct BestEffortsSearchTests {
    /// A fix series: times and non-decreasing distances.
    struct Series {
        var times: [Double] = []
        var distances: [Double] = []

        /// Time at `distance`, linear between fixes; on a run of fixes at the same distance, `first`
        /// picks the earliest (where a stretch ending there ends), else the latest (where one starts).
        func time(at distance: Double, first: Bool) -> Double {
            var low = 0, high = distances.count - 1
            if first {
                // The first fix at or past the distance.
                while low < high { let mid = (low + high) / 2; if distances[mid] >= distance { high = mid } else { low = mid + 1 } }
                guard low > 0, distances[low] > distances[low - 1] else { return times[low] }
                let fraction = (distance - distances[low - 1]) / (distances[low] - distances[low - 1])
                return times[low - 1] + fraction * (times[low] - times[low - 1])
            }
            // The last fix at or before the distance.
            while low < high { let mid = (low + high + 1) / 2; if distances[mid] <= distance { low = mid } else { high = mid - 1 } }
            guard low + 1 < distances.count, distances[low + 1] > distances[low] else { return times[low] }
            let fraction = (distance - distances[low]) / (distances[low + 1] - distances[low])
            return times[low] + fraction * (times[low + 1] - times[low])
        }

        /// The shortest time over `meters`, by measuring from and to every fix.
        func fastestSeconds(over meters: Double) -> Double? {
            guard let first = distances.first, let last = distances.last, last - first >= meters else { return nil }
            var best = Double.infinity
            for (time, distance) in zip(times, distances) {
                if distance + meters <= last { best = min(best, self.time(at: distance + meters, first: true) - time) }
                if distance - meters >= first { best = min(best, time - self.time(at: distance - meters, first: false)) }
            }
            return best
        }
    }

    /// A generated series of `count` fixes in one of several shapes.
    static func series(shape: Int, count: Int, seed: UInt64) -> Series {
        var random = SplitMix64(seed: seed)
        var series = Series()
        var time = 1_700_000_000.0, distance = 0.0
        let pace = Double.random(in: 1.5...6, using: &random)
        for index in 0..<count {
            series.times.append(time)
            series.distances.append(distance)
            var seconds = 1.0, speed = pace
            switch shape {
            case 0: break  // constant pace: every stretch of a distance is as fast as any other
            case 1: speed = pace * Double.random(in: 0.5...1.5, using: &random)
            case 2:  // uneven sampling, stops and pauses
                seconds = Double.random(in: 0...4, using: &random).rounded()
                if Double.random(in: 0..<1, using: &random) < 0.05 { speed = 0 }
                if Double.random(in: 0..<1, using: &random) < 0.01 { seconds += Double.random(in: 60...1800, using: &random) }
            case 3:  // a jump in distance now and then (a fix far off, a gap in reception)
                if Double.random(in: 0..<1, using: &random) < 0.01 { speed = 200 }
            default:  // even, with one stretch of 900 fixes half as slow again in the middle
                speed = (count / 3..<count / 3 + 900).contains(index) ? pace * 1.5 : pace
            }
            time += seconds
            distance += speed * seconds
        }
        // A short series stretched to 1.2 km, so that it has efforts in a block or two.
        if count < 100, let last = series.distances.last, last > 0 {
            series.distances = series.distances.map { $0 * 1_200 / last }
        }
        return series
    }

    @Test(arguments: 0..<5)
    func theSearchFindsWhatMeasuringEveryFixFinds(shape: Int) {
        for trial in 0..<6 {
            let count = [2, 17, 33, 400, 3_000, 12_000][trial]
            let series = Self.series(shape: shape, count: count, seed: UInt64(shape * 100 + trial))
            let efforts = BestEfforts.efforts(times: ContiguousArray(series.times), distances: ContiguousArray(series.distances),
                                              startTime: series.times[0])
            let covered = series.distances[count - 1] - series.distances[0]
            #expect(efforts.map(\.distanceMeters) == BestEfforts.distances.map(\.meters).filter { $0 <= covered },
                    "shape \(shape), \(count) fixes: the distances covered")
            for effort in efforts {
                guard let expected = series.fastestSeconds(over: effort.distanceMeters) else {
                    Issue.record("shape \(shape), \(count) fixes: \(effort.name) not covered")
                    continue
                }
                #expect(abs(effort.elapsedSeconds - expected) <= 1e-6 * max(1, expected),
                        "shape \(shape), \(count) fixes, \(effort.name): \(effort.elapsedSeconds) s, \(expected) s by every fix")
                // The reported stretch is one of that length and that time.
                let start = series.times[0] + effort.startOffsetSeconds, end = series.times[0] + effort.endOffsetSeconds
                #expect(abs(effort.endDistanceMeters - effort.startDistanceMeters - effort.distanceMeters) < 1e-6)
                #expect(abs(end - start - effort.elapsedSeconds) < 1e-5)
                let startDistance = series.distances[0] + effort.startDistanceMeters
                let earliest = series.time(at: startDistance, first: true), latest = series.time(at: startDistance, first: false)
                #expect(start >= earliest - 1e-5 && start <= latest + 1e-5,
                        "shape \(shape), \(count) fixes, \(effort.name): starts at \(start), the track is there from \(earliest) to \(latest)")
            }
        }
    }

    /// The straightforward search the blocks must agree with to the last bit: every fix's stretch ending
    /// there, then every fix's stretch starting there, each with a pointer that only moves forward, keeping
    /// the first of equal times (the definition `BestEfforts` documents).
    static func straightforwardEfforts(times t: [Double], distances d: [Double], startTime: Double) -> [BestEffort] {
        let n = t.count
        guard n > 1, let first = d.first, let last = d.last else { return [] }
        func interpolate(_ i: Int, _ distance: Double) -> Double {
            guard i + 1 < n else { return t[i] }
            guard d[i + 1] > d[i] else { return t[i + 1] }
            let fraction = min(max((distance - d[i]) / (d[i + 1] - d[i]), 0), 1)
            return t[i] + fraction * (t[i + 1] - t[i])
        }
        var efforts: [BestEffort] = []
        for (name, target) in BestEfforts.distances where target <= last - first + 0.01 {
            var best: (seconds: Double, startTime: Double, startDistance: Double)?
            var i = 0
            for j in 0..<n where d[j] - first >= target {
                let start = d[j] - target
                while i + 1 < j, d[i + 1] <= start { i += 1 }
                let seconds = t[j] - interpolate(i, start)
                if seconds < (best?.seconds ?? .infinity) { best = (seconds, t[j] - seconds, start) }
            }
            var j = 1
            for i in 0..<n {
                let end = d[i] + target
                if end > last { break }
                if j <= i { j = i + 1 }
                while j < n - 1, d[j] < end { j += 1 }
                let seconds = interpolate(j - 1, end) - t[i]
                if seconds < (best?.seconds ?? .infinity) { best = (seconds, t[i], d[i]) }
            }
            guard let best else { continue }
            efforts.append(BestEffort(
                name: name, distanceMeters: target, elapsedSeconds: best.seconds,
                startOffsetSeconds: best.startTime - startTime, endOffsetSeconds: best.startTime + best.seconds - startTime,
                startDistanceMeters: best.startDistance - first, endDistanceMeters: best.startDistance - first + target))
        }
        return efforts
    }

    /// Value for value (ties included: at constant pace every stretch is as fast as any other) the same as
    /// the straightforward search, on series of every shape and on block-sized ones.
    @Test(arguments: 0..<5)
    func theSearchEqualsTheStraightforwardOne(shape: Int) {
        for (trial, count) in [2, 3, 31, 32, 33, 64, 65, 97, 400, 3_000, 12_000].enumerated() {
            var series = Self.series(shape: shape, count: count, seed: UInt64(1_000 + shape * 100 + trial))
            if trial % 2 == 1 { series.distances = series.distances.map { $0 + 1_234.5 } }  // a first distance other than 0
            let efforts = BestEfforts.efforts(times: ContiguousArray(series.times), distances: ContiguousArray(series.distances),
                                              startTime: series.times[0])
            let expected = Self.straightforwardEfforts(times: series.times, distances: series.distances, startTime: series.times[0])
            #expect(efforts == expected, "shape \(shape), \(count) fixes")
        }
    }

    /// A long, even run with one fast stretch: the blocks around it are searched, and the effort inside
    /// it is found wherever it lies in the search's blocks.
    @Test(arguments: [0, 1, 31, 32, 33, 4_999])
    func aFastStretchIsFoundWhereverItLies(offset: Int) {
        var times: [Double] = [], distances: [Double] = []
        var time = 0.0, distance = 0.0
        for index in 0..<6_000 {
            times.append(time)
            distances.append(distance)
            time += 1
            distance += (offset..<offset + 100).contains(index) ? 5 : 3  // 500 m in 100 s, else 3 m/s
        }
        let efforts = BestEfforts.efforts(times: ContiguousArray(times), distances: ContiguousArray(distances), startTime: 0)
        let best400 = efforts.first { $0.name == "400m" }
        #expect(best400.map { abs($0.elapsedSeconds - 80) < 1e-9 } == true, "400 m at 5 m/s")
        #expect(best400.map { $0.startDistanceMeters >= Double(offset) * 3 - 1e-9 } == true)
        #expect(best400.map { $0.endDistanceMeters <= Double(offset) * 3 + 500 + 1e-9 } == true)
        let best1k = efforts.first { $0.name == "1k" }
        #expect(best1k.map { abs($0.elapsedSeconds - (100 + 500.0 / 3)) < 1e-9 } == true, "500 m at 5 m/s and 500 m at 3 m/s")
    }
}
