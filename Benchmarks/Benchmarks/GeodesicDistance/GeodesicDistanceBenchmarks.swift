import Benchmark
import WorkoutEngine
import SyntheticTracks

/// Batch geodesic distance on WGS84 (PROJ `geod_inverse`) over 10k consecutive points of the synthetic
/// run: the batch API over contiguous arrays, and one call per pair. Reports ns per point.
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
    Benchmark("geodesic.pathLength.\(points / 1000)k") { (benchmark: Benchmark, track: SyntheticTrack) in
        let start = monotonicNanoseconds()
        for _ in benchmark.scaledIterations {
            blackHole(Ellipsoid.wgs84.pathLengthMeters(latitudes: track.latitudes, longitudes: track.longitudes))
        }
        benchmark.measurement(nanosecondsPerPoint, Int(monotonicNanoseconds() - start) / points)
    } setup: {
        SyntheticTrack(points: points)
    }

    Benchmark("geodesic.pairwise.\(points / 1000)k") { (benchmark: Benchmark, track: SyntheticTrack) in
        let start = monotonicNanoseconds()
        for _ in benchmark.scaledIterations {
            let ellipsoid = Ellipsoid.wgs84
            var total = 0.0
            for i in 1..<track.count {
                total += ellipsoid.distanceMeters(
                    latitude1: track.latitudes[i - 1], longitude1: track.longitudes[i - 1],
                    latitude2: track.latitudes[i], longitude2: track.longitudes[i])
            }
            blackHole(total)
        }
        benchmark.measurement(nanosecondsPerPoint, Int(monotonicNanoseconds() - start) / points)
    } setup: {
        SyntheticTrack(points: points)
    }
}
