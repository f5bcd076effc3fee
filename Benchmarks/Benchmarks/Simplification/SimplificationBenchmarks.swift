import Benchmark
import WorkoutEngine
import SyntheticTracks

/// Route geometry on the synthetic 10k-point run: building a `RouteLine` (local metric projection
/// through PROJ) and simplifying it with GEOS at the summary's 5 m tolerance. Reports ns per point.
let benchmarks: @Sendable () -> Void = {
    let nanosecondsPerPoint = BenchmarkMetric.custom("nsPerPoint", polarity: .prefersSmaller, useScalingFactor: false)
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .throughput, .mallocCountTotal, nanosecondsPerPoint],
        warmupIterations: 3,
        maxDuration: .seconds(2),
        maxIterations: 500,
        thresholds: [.mallocCountTotal: .init(relative: [.p90: 2.0])]
    )

    let points = 10_000
    let tolerance = RouteLine.defaultSimplificationToleranceMeters

    Benchmark("routeLine.init.\(points / 1000)k") { (benchmark: Benchmark, track: SyntheticTrack) in
        let start = monotonicNanoseconds()
        do {
            for _ in benchmark.scaledIterations {
                blackHole(try RouteLine(latitudes: [track.latitudes], longitudes: [track.longitudes]))
            }
        } catch {
            benchmark.error("routeLine.init: \(error)")
        }
        benchmark.measurement(nanosecondsPerPoint, Int(monotonicNanoseconds() - start) / points)
    } setup: {
        SyntheticTrack(points: points)
    }

    Benchmark("routeLine.simplify5m.\(points / 1000)k") { (benchmark: Benchmark, line: RouteLine) in
        let start = monotonicNanoseconds()
        do {
            for _ in benchmark.scaledIterations {
                blackHole(try line.simplified(toleranceMeters: tolerance))
            }
        } catch {
            benchmark.error("routeLine.simplify: \(error)")
        }
        benchmark.measurement(nanosecondsPerPoint, Int(monotonicNanoseconds() - start) / points)
    } setup: {
        let track = SyntheticTrack(points: points)
        return try RouteLine(latitudes: [track.latitudes], longitudes: [track.longitudes])
    }
}
