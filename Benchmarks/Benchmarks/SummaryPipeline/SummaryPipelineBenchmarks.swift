import Benchmark
import SyntheticTracks
import WorkoutEngine

/// The whole summary pipeline (session clock, filter, route, metrics, GEOS simplification and the
/// summary) on samples already in memory. Reports samples/s and ns per location; compare ns/point with
/// `geodesic.pathLength.10k` in GeodesicDistance (issue 6: at most 1.25x the bare geod_inverse loop).
let benchmarks: @Sendable () -> Void = {
    let samplesPerSecond = BenchmarkMetric.custom("samplesPerSecond", polarity: .prefersLarger, useScalingFactor: false)
    let nanosecondsPerPoint = BenchmarkMetric.custom("nsPerPoint", polarity: .prefersSmaller, useScalingFactor: false)
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .throughput, .mallocCountTotal, samplesPerSecond, nanosecondsPerPoint],
        warmupIterations: 3,
        maxDuration: .seconds(2),
        maxIterations: 500,
        thresholds: [.mallocCountTotal: .init(relative: [.p90: 2.0])]
    )

    let points = 10_000
    let cases: [(name: String, filter: LocationFilterMode, sensors: Bool)] = [
        ("summary.filterNone.locations.\(points / 1000)k", .none, false),
        ("summary.filterNone.hrCadence.\(points / 1000)k", .none, true),
        ("summary.filterDefault.hrCadence.\(points / 1000)k", .default, true),
    ]
    for item in cases {
        Benchmark(item.name) { (benchmark: Benchmark, samples: [Sample]) in
            let options = WorkoutOptions(activity: .running, filterMode: item.filter)
            let start = monotonicNanoseconds()
            do {
                for _ in benchmark.scaledIterations {
                    blackHole(try WorkoutSummary(samples: samples, options: options))
                }
            } catch {
                benchmark.error("\(item.name): \(error)")
            }
            let elapsed = max(monotonicNanoseconds() - start, 1)
            benchmark.measurement(samplesPerSecond, samples.count * 1_000_000_000 / Int(elapsed))
            benchmark.measurement(nanosecondsPerPoint, Int(elapsed) / points)
        } setup: {
            SyntheticTrack(points: points).samples(sensors: item.sensors)
        }
    }
}
