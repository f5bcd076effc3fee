import Benchmark
import Foundation
import WorkoutEngine
import SyntheticTracks

/// FIT parse throughput on real recordings from `SampleTracks/`: decoded from memory (the bytes already
/// loaded, pushed into `FITReader` in 64 KiB chunks, as a server holding an upload would), and read from
/// the file through `TrackReader` as the CLI does (two passes: one for the sport, one for the samples).
/// Reports MB/s of FIT and samples per second; allocation counts gate CI.
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
    let sampleTracks = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("SampleTracks")

    for (label, file) in [("edge530", "ride-garmin-edge530-hr-cad-power.fit"), ("marathon", "run-polar-marathon-nogps-44laps.fit")] {
        let path = sampleTracks.appendingPathComponent(file).path
        Benchmark("fit.parse.memory.\(label)") { (benchmark: Benchmark, bytes: [UInt8]) in
            let start = monotonicNanoseconds()
            var sink = CountingSink()
            do {
                for _ in benchmark.scaledIterations {
                    var reader = FITReader(fileName: file)
                    try bytes.withUnsafeBytes { all in
                        var offset = 0
                        while offset < all.count {
                            let end = min(all.count, offset + 65_536)
                            try reader.consume(UnsafeRawBufferPointer(rebasing: all[offset..<end]), into: &sink)
                            offset = end
                        }
                    }
                    blackHole(try reader.finish(into: &sink))
                }
            } catch {
                benchmark.error("\(file): \(error)")
            }
            let elapsed = max(monotonicNanoseconds() - start, 1)
            blackHole(sink)
            let iterations = benchmark.scaledIterations.count
            benchmark.measurement(megabytesPerSecond, bytes.count * iterations * 1000 / Int(elapsed))
            benchmark.measurement(samplesPerSecond, sink.samples * 1_000_000_000 / Int(elapsed))
        } setup: {
            guard let data = FileManager.default.contents(atPath: path) else { fatalError("cannot read \(path)") }
            return [UInt8](data)
        }

        Benchmark("fit.parse.file.\(label)") { benchmark in
            let byteCount = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
            let start = monotonicNanoseconds()
            var sink = CountingSink()
            do {
                for _ in benchmark.scaledIterations {
                    blackHole(try TrackReader.read(try TrackInput(path: path), format: .fit, into: &sink))
                }
            } catch {
                benchmark.error("\(file): \(error)")
            }
            let elapsed = max(monotonicNanoseconds() - start, 1)
            blackHole(sink)
            benchmark.measurement(megabytesPerSecond, byteCount * benchmark.scaledIterations.count * 1000 / Int(elapsed))
            benchmark.measurement(samplesPerSecond, sink.samples * 1_000_000_000 / Int(elapsed))
        }
    }
}
