import Benchmark
import WorkoutEngine
import SyntheticTracks

/// GPX 1.1 parse throughput (libxml2 SAX2 reader) on a synthetic 10k-point run with heart rate and
/// cadence, read from a file as the CLI does. Reports MB/s; allocation counts gate CI.
let benchmarks: @Sendable () -> Void = {
    let megabytesPerSecond = BenchmarkMetric.custom("MBps", polarity: .prefersLarger, useScalingFactor: false)
    let samplesPerSecond = BenchmarkMetric.custom("samplesPerSecond", polarity: .prefersLarger, useScalingFactor: false)
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .throughput, .mallocCountTotal, megabytesPerSecond, samplesPerSecond],
        warmupIterations: 3,
        maxDuration: .seconds(2),
        maxIterations: 500,
        // 5 %: the parse of a whole file makes about 39 allocations, and their p90 moves by one from run to run
        // (2.6 %), which the other suites' 2 % would report as a change.
        thresholds: [.mallocCountTotal: .init(relative: [.p90: 5.0])]
    )

    for points in [10_000] {
        let name = "gpx.parse.\(points / 1000)k"
        Benchmark(name) { (benchmark: Benchmark, file: InputFile) in
            let start = monotonicNanoseconds()
            var sink = CountingSink()
            do {
                for _ in benchmark.scaledIterations {
                    let report = try TrackReader.read(try TrackInput(path: file.path), format: .gpx, into: &sink)
                    blackHole(report)
                }
            } catch {
                benchmark.error("\(name): \(error)")
            }
            let elapsed = max(monotonicNanoseconds() - start, 1)
            blackHole(sink)
            benchmark.measurement(megabytesPerSecond, file.byteCount * 1000 / Int(elapsed))
            benchmark.measurement(samplesPerSecond, sink.samples * 1_000_000_000 / Int(elapsed))
        } setup: {
            let bytes = SyntheticTrack(points: points).gpx()
            return InputFile(path: writeTemporaryTrack(bytes, name: "\(name).gpx"), byteCount: bytes.count)
        } teardown: {
            removeTemporaryTrack(name: "\(name).gpx")
        }
    }
}
