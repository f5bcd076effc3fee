// The live pipeline's two measurements (not timed tests):
//   timeline-probe lateness [seconds]   the real-time TimelineScheduler at 30 fps on ContinuousClock:
//                                       frame lateness p50/p99/max, drift of the last frame, wake-ups
//                                       during a paused stretch
//   timeline-probe frames [points]      --as-fast-as-possible pipeline throughput (TrackReplay, frames
//                                       built but not printed), frames per second
import Foundation
import SyntheticTracks
import WorkoutEngine

/// Collects frame lateness from the scheduler's emit callback.
final class LatenessLog: @unchecked Sendable {
    private let lock = NSLock()
    private(set) var latenessMilliseconds: [Double] = []
    private(set) var lastFrame: WorkoutFrame?
    func add(_ lateness: Double, _ frame: WorkoutFrame) {
        lock.lock(); latenessMilliseconds.append(lateness); lastFrame = frame; lock.unlock()
    }
    var count: Int { lock.lock(); defer { lock.unlock() }; return latenessMilliseconds.count }
}

func percentile(_ values: [Double], _ p: Double) -> Double {
    guard !values.isEmpty else { return .nan }
    let sorted = values.sorted()
    return sorted[min(sorted.count - 1, Int((p / 100 * Double(sorted.count - 1)).rounded()))]
}

func lateness(runningSeconds: Double) async {
    let clock = ContinuousClock()
    let start = clock.now
    let scheduler = TimelineScheduler(clock: clock, timeBase: (start, 0), framesPerSecond: 30)
    let session = WorkoutSession(configuration: .init(options: .init(activity: .running), autoPause: .off))
    await session.start(at: 0)
    await scheduler.sessionDidChangeState(running: true, at: 0)
    let log = LatenessLog()
    let runner = Task {
        await scheduler.run(
            makeFrame: { index, seconds in await session.frame(at: seconds, index: index) },
            emit: { frame in
                let due = scheduler.instant(ofSessionSeconds: frame.time)
                let late = due.duration(to: clock.now)
                log.add(Double(late.components.seconds) * 1e3 + Double(late.components.attoseconds) * 1e-15, frame)
            })
    }
    // Run, pause for 5 s, resume for 1 s, so the drift check covers a full uninterrupted stretch first.
    try? await clock.sleep(until: start.advanced(by: .seconds(runningSeconds) + .milliseconds(10)))
    let framesBeforePause = log.count
    let lastBeforePause = log.lastFrame
    await session.pause(at: runningSeconds + 0.01)
    await scheduler.sessionDidChangeState(running: false, at: runningSeconds + 0.01)
    try? await Task.sleep(for: .milliseconds(50))
    let wakeUpsAtPause = await scheduler.wakeUps
    try? await clock.sleep(for: .seconds(5))
    let wakeUpsDuringPause = await scheduler.wakeUps - wakeUpsAtPause
    let framesDuringPause = log.count - framesBeforePause
    runner.cancel()
    let values = Array(log.latenessMilliseconds.prefix(framesBeforePause))
    print(String(format: "frames %d over %.0f s at 30 fps (expected %d)", framesBeforePause, runningSeconds, Int(runningSeconds * 30) + 1))
    print(String(format: "lateness ms: p50 %.3f  p99 %.3f  max %.3f", percentile(values, 50), percentile(values, 99), values.max() ?? .nan))
    if let last = lastBeforePause {
        print(String(format: "last frame %d due at %.6f s (index/30 = %.6f s): drift %.3f ms, lateness %.3f ms",
                     last.index, last.time, Double(last.index) / 30, (last.time - Double(last.index) / 30) * 1e3, values.last ?? .nan))
    }
    print("paused 5 s: \(framesDuringPause) frames, \(wakeUpsDuringPause) wake-ups; skipped frames \(await scheduler.skippedFrames)")
}

/// Counts frames without printing them.
struct CountingOutput: ReplayOutput {
    var frames = 0
    var checksum = 0.0
    mutating func replay(_ event: ReplayEvent) throws {
        if case .frame(let frame) = event {
            frames += 1
            checksum += frame.distanceMeters
        }
    }
}

func frames(points: Int) throws {
    var samples: [Sample] = []
    samples.reserveCapacity(points)
    var lat = 47.0, lon = 8.0
    for i in 0..<points {
        lat += 2.5e-5 * cos(Double(i) / 300)
        lon += 3.5e-5 * sin(Double(i) / 300)
        samples.append(.location(LocationSample(time: 1_700_000_000 + Double(i), latitude: lat, longitude: lon)))
    }
    for _ in 0..<3 {
        let started = ContinuousClock.now
        var replay = TrackReplay(
            builder: WorkoutBuilder(options: WorkoutOptions(activity: .running, routeStorage: .decimated(toleranceMeters: 2.5))),
            timeline: FrameTimeline(state: LiveState(activity: .running), schedule: FrameSchedule(framesPerSecond: 30)),
            output: CountingOutput(), pacer: UnpacedReplay())
        for sample in samples { try replay.consume(sample) }
        try replay.finish()
        let elapsed = ContinuousClock.now - started
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
        print(String(format: "%d points, %d frames in %.3f s: %.2f M frames/s (%.0f ns per frame, sample ingest included)",
                     points, replay.output.frames, seconds, Double(replay.output.frames) / seconds / 1e6, seconds / Double(replay.output.frames) * 1e9))
    }
}

let arguments = CommandLine.arguments.dropFirst()
switch arguments.first {
case "lateness":
    await lateness(runningSeconds: arguments.dropFirst().first.flatMap(Double.init) ?? 60)
case "frames":
    try frames(points: arguments.dropFirst().first.flatMap(Int.init) ?? 100_000)
default:
    print("usage: timeline-probe lateness [seconds] | frames [points]")
}
