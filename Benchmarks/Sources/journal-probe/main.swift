// The journal's two measurements (issue on persistence; not timed tests):
//   journal-probe [samples]   appends `samples` 1 Hz location samples with the default durability policy
//                             (one write + fsync per second of track time), reports samples per second and
//                             CPU per second of track time, then recovers the journal and reports the time.
import Foundation
import Logging
import WorkoutEngine

func seconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) + Double(duration.components.attoseconds) * 1e-18
}

func cpuSeconds() -> Double {
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    return Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) * 1e-6
        + Double(usage.ru_stime.tv_sec) + Double(usage.ru_stime.tv_usec) * 1e-6
}

let count = CommandLine.arguments.dropFirst().first.flatMap(Int.init) ?? 1_000_000
let directory = FileManager.default.temporaryDirectory.appendingPathComponent("journal-probe-\(UUID().uuidString)").path
try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(atPath: directory) }
let logger = Logger(label: "journal-probe", factory: { _ in SwiftLogNoOpLogHandler() })

let start = 1_700_000_000.0
var samples: [Sample] = []
samples.reserveCapacity(count)
var lat = 47.0, lon = 8.0
for i in 0..<count {
    lat += 2.5e-5 * cos(Double(i) / 300)
    lon += 3.5e-5 * sin(Double(i) / 300)
    samples.append(.location(LocationSample(time: start + Double(i), latitude: lat, longitude: lon, altitudeMeters: 400)))
}
let options = WorkoutOptions(activity: .running, routeStorage: .decimated(toleranceMeters: 2.5))
let clock = ContinuousClock()

// The builder alone, then the builder with the journal: the difference is what journaling costs.
var bare = WorkoutBuilder(options: options)
let bareCPUStart = cpuSeconds()
for sample in samples { bare.add(sample) }
let bareCPU = cpuSeconds() - bareCPUStart

let recorder = PersistentSessionRecorder(directory: directory, options: options, logger: logger)
var builder = WorkoutBuilder(options: options)
let wallStart = clock.now
let cpuStart = cpuSeconds()
for sample in samples { recorder.record(builder.add(sample)) }
_ = recorder.sync()
let appendSeconds = seconds(clock.now - wallStart)
let appendCPU = cpuSeconds() - cpuStart - bareCPU
print(String(format: "append %d samples (default policy: fsync every second of track time): %.2f s wall, %.0f samples/s, %.1f µs CPU per second of 1 Hz track (%.4f %% of a core)",
             count, appendSeconds, Double(count) / appendSeconds, appendCPU / Double(count) * 1e6, appendCPU / Double(count) * 100))

for _ in 0..<3 {
    let recoverStart = clock.now
    let outcomes = try SessionRecovery.recover(directory: directory, now: start + Double(count), logger: logger)
    let recoverSeconds = seconds(clock.now - recoverStart)
    guard case .recovered(let session)? = outcomes.first else { print("not recovered: \(outcomes)"); break }
    print(String(format: "recover %d samples: %.3f s (distance %.1f m)", session.journaledSampleCount, recoverSeconds, session.builder.distanceMeters))
}
