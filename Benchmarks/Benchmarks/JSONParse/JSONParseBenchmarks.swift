import Benchmark
import WorkoutEngine
import SyntheticTracks

/// JSON document and NDJSON parse throughput on the same synthetic 10k-point run (a location, a heart
/// rate and a cadence record per point). Reports MB/s and samples/s; allocation counts gate CI.
let benchmarks: @Sendable () -> Void = {
    let megabytesPerSecond = BenchmarkMetric.custom("MBps", polarity: .prefersLarger, useScalingFactor: false)
    let samplesPerSecond = BenchmarkMetric.custom("samplesPerSecond", polarity: .prefersLarger, useScalingFactor: false)
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .throughput, .mallocCountTotal, megabytesPerSecond, samplesPerSecond],
        warmupIterations: 3,
        maxDuration: .seconds(2),
        maxIterations: 500,
        thresholds: [.mallocCountTotal: .init(relative: [.p90: 2.0])]
    )

    let points = 10_000
    let inputs: [(name: String, format: TrackFormat, make: @Sendable (SyntheticTrack) -> [UInt8])] = [
        ("json.parse.\(points / 1000)k", .json, { $0.jsonDocument() }),
        ("ndjson.parse.\(points / 1000)k", .ndjson, { $0.ndjson() }),
    ]
    for input in inputs {
        let fileName = "\(input.name).\(input.format.rawValue)"
        Benchmark(input.name) { (benchmark: Benchmark, file: InputFile) in
            let start = monotonicNanoseconds()
            var sink = CountingSink()
            do {
                for _ in benchmark.scaledIterations {
                    let report = try TrackReader.read(try TrackInput(path: file.path), format: input.format, into: &sink)
                    blackHole(report)
                }
            } catch {
                benchmark.error("\(input.name): \(error)")
            }
            let elapsed = max(monotonicNanoseconds() - start, 1)
            blackHole(sink)
            benchmark.measurement(megabytesPerSecond, file.byteCount * 1000 / Int(elapsed))
            benchmark.measurement(samplesPerSecond, sink.samples * 1_000_000_000 / Int(elapsed))
        } setup: {
            let bytes = input.make(SyntheticTrack(points: points))
            return InputFile(path: writeTemporaryTrack(bytes, name: fileName), byteCount: bytes.count)
        } teardown: {
            removeTemporaryTrack(name: fileName)
        }
    }
}
