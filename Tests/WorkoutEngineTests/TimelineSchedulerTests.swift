import Testing
import TestSupport
import WorkoutEngine
import WorkoutSamples

/// Collects frames from a scheduler's emit callback.
final class FrameLog: @unchecked Sendable {
    private let lock = NSLockShim()
    private var frames: [WorkoutFrame] = []
    func append(_ frame: WorkoutFrame) { lock.locked { frames.append(frame) } }
    var all: [WorkoutFrame] { lock.locked { frames } }
}

struct TimelineSchedulerTests {
    typealias Scheduler = TimelineScheduler<ManualClock>

    /// Waits until the scheduler's loop is blocked: asleep on the manual clock, or waiting for a state
    /// change. (The loop never blocks anywhere else, so this makes the test deterministic.)
    static func settle(_ clock: ManualClock, _ scheduler: Scheduler) async {
        for _ in 0..<1_000_000 {
            if clock.sleeperCount > 0 { return }
            if await scheduler.isWaitingForStateChange { return }
            await Task.yield()
        }
        Issue.record("the scheduler never settled")
    }

    /// Steps the manual clock through every pending deadline up to `target`, letting the scheduler settle
    /// after each wake-up.
    static func advance(_ clock: ManualClock, _ scheduler: Scheduler, toSeconds target: Double) async {
        let targetInstant = ManualClock.Instant(offset: .seconds(target))
        await settle(clock, scheduler)
        while let next = clock.nextDeadline, next <= targetInstant {
            clock.advance(to: next)
            await settle(clock, scheduler)
        }
        clock.advance(to: targetInstant)
        await settle(clock, scheduler)
    }

    static func makeRunningSession(activity: ActivityType = .running) async -> WorkoutSession {
        let session = WorkoutSession(configuration: .init(options: .init(activity: activity), autoPause: .off))
        await session.start(at: 0)
        return session
    }

    /// A session running since 0 s and a scheduler at `framesPerSecond` that knows it, its loop started
    /// (frame 0 is out and the loop sleeps until frame 1).
    static func startRunning(framesPerSecond: Int) async
        -> (clock: ManualClock, scheduler: Scheduler, session: WorkoutSession, log: FrameLog, task: Task<Void, Never>) {
        let clock = ManualClock()
        let scheduler = Scheduler(clock: clock, timeBase: (clock.now, 0), framesPerSecond: framesPerSecond)
        let session = await makeRunningSession()
        await scheduler.sessionDidChangeState(running: true, at: 0)
        let log = FrameLog()
        let task = await start(scheduler, clock: clock, session: session, log: log)
        return (clock, scheduler, session, log, task)
    }

    /// A session running since 0 s, followed by a scheduler through ``TimelineScheduler/frames(of:)``, once
    /// its follower has seen the session run and its loop sleeps after frame 0; `collector` returns the
    /// stream's frames when it ends.
    static func collectStream(framesPerSecond: Int) async
        -> (clock: ManualClock, scheduler: Scheduler, session: WorkoutSession, collector: Task<[WorkoutFrame], Never>) {
        let clock = ManualClock()
        let scheduler = Scheduler(clock: clock, timeBase: (clock.now, 0), framesPerSecond: framesPerSecond)
        let session = await makeRunningSession()
        let stream = scheduler.frames(of: session)
        for _ in 0..<1_000_000 where clock.sleeperCount == 0 { await Task.yield() }
        let collector = Task { () -> [WorkoutFrame] in
            var frames: [WorkoutFrame] = []
            for await frame in stream { frames.append(frame) }
            return frames
        }
        return (clock, scheduler, session, collector)
    }

    static func start(_ scheduler: Scheduler, clock: ManualClock, session: WorkoutSession, log: FrameLog) async -> Task<Void, Never> {
        let task = Task {
            await scheduler.run(
                makeFrame: { index, seconds in await session.frame(at: seconds, index: index) },
                emit: { log.append($0) })
        }
        // Frame 0 is due at once; the loop then sleeps until frame 1.
        await settle(clock, scheduler)
        return task
    }

    @Test func thirtyFramesPerSecondOnAbsoluteDeadlines() async {
        let (clock, scheduler, _, log, task) = await Self.startRunning(framesPerSecond: 30)
        await Self.advance(clock, scheduler, toSeconds: 60)
        let frames = log.all
        // Frames 0...1800 inclusive: frame n at exactly n/30 s.
        #expect(frames.count == 1801)
        #expect(frames.map(\.index) == Array(0...1800), "frame indices")
        for frame in frames {
            #expect(frame.time == Double(frame.index) / 30)
        }
        // No drift: frame 1800 is at 60 s, not 1800 × (1/30) accumulated.
        #expect(frames.last?.time == 60)
        #expect(await scheduler.skippedFrames == 0)
        task.cancel()
    }

    @Test func pausedSchedulerNeitherEmitsNorWakes() async {
        let (clock, scheduler, session, log, task) = await Self.startRunning(framesPerSecond: 30)
        await Self.advance(clock, scheduler, toSeconds: 1)
        #expect(log.all.count == 31)

        // Pause at 1.01 s: the pending sleep is cancelled and the loop waits for the state to change.
        await session.pause(at: 1.01)
        await scheduler.sessionDidChangeState(running: false, at: 1.01)
        await Self.settle(clock, scheduler)
        let wakeUpsAtPause = await scheduler.wakeUps
        #expect(clock.sleeperCount == 0)

        // Ten minutes of pause: no frame, no wake-up, nothing sleeping on the clock.
        for _ in 0..<600 { clock.advance(by: .seconds(1)) }
        #expect(log.all.count == 31)
        #expect(await scheduler.wakeUps == wakeUpsAtPause)
        #expect(clock.sleeperCount == 0)

        // Resume at 601.01 s: the first frame comes at once, then every 1/30 s.
        await session.resume(at: 601.01)
        await scheduler.sessionDidChangeState(running: true, at: 601.01)
        await Self.advance(clock, scheduler, toSeconds: 601.01)
        await Self.advance(clock, scheduler, toSeconds: 602.01)
        let frames = log.all
        #expect(frames.count == 31 + 31)
        #expect(frames[31].time == 601.01)
        #expect(frames[31].index == 31)
        // Elapsed time is continuous across the pause: 1.01 s before it, counting on from there after it.
        #expect(abs(frames[31].elapsedSeconds - 1.01) < 1e-9)
        #expect(abs(frames[61].elapsedSeconds - 2.01) < 1e-9)
        task.cancel()
    }

    /// A session that replays a recording at 10 times real time: frames stay 30 per second of the clock,
    /// so they are 10/30 s of session time apart (frame n due at n/30 s on the clock, n/3 s in the
    /// session), on absolute deadlines; a pause and a resume given in session seconds map back onto the
    /// clock through the same scale.
    @Test func aTimeScaleKeepsFramesPerSecondOfTheClock() async {
        let clock = ManualClock()
        let scheduler = Scheduler(clock: clock, timeBase: (clock.now, 0), framesPerSecond: 30, timeScale: 10)
        let session = await Self.makeRunningSession()
        await scheduler.sessionDidChangeState(running: true, at: 0)
        let log = FrameLog()
        let task = await Self.start(scheduler, clock: clock, session: session, log: log)
        await Self.advance(clock, scheduler, toSeconds: 6)
        var frames = log.all
        // Frames 0...180 in 6 s of the clock: 60 s of the session.
        #expect(frames.count == 181)
        #expect(frames.map(\.index) == Array(0...180))
        for frame in frames {
            #expect(frame.time == Double(frame.index) / 3)
        }
        #expect(frames.last?.time == 60)
        #expect(frames.last.map { abs($0.elapsedSeconds - 60) < 1e-9 } == true)
        #expect(scheduler.sessionSeconds(of: clock.now) == 60)
        #expect(scheduler.instant(ofSessionSeconds: 90) == ManualClock.Instant(offset: .seconds(9)))

        // Paused at session 61 (clock 6.1 s), resumed at session 100 (clock 10 s): the next frame comes at
        // clock 10 s, with the elapsed time counting on from 61 s.
        await session.pause(at: 61)
        await scheduler.sessionDidChangeState(running: false, at: 61)
        await Self.settle(clock, scheduler)
        #expect(clock.sleeperCount == 0)
        clock.advance(to: .init(offset: .seconds(10)))
        await session.resume(at: 100)
        await scheduler.sessionDidChangeState(running: true, at: 100)
        await Self.advance(clock, scheduler, toSeconds: 11)
        frames = log.all
        #expect(frames.count == 181 + 1 + 30)
        #expect(frames[181].time == 100)
        #expect(abs(frames[181].elapsedSeconds - 61) < 1e-9)
        #expect(frames.last.map { abs($0.time - 110) < 1e-9 } == true)
        #expect(frames.last.map { abs($0.elapsedSeconds - 71) < 1e-9 } == true)
        task.cancel()
    }

    @Test func aLateWakeUpSkipsFramesInsteadOfBunchingThem() async {
        let (clock, scheduler, _, log, task) = await Self.startRunning(framesPerSecond: 30)
        #expect(log.all.map(\.index) == [0])
        // The scheduler sleeps until 1/30 s but only gets to run at 0.5 s.
        clock.advance(to: .init(offset: .milliseconds(500)))
        await Self.settle(clock, scheduler)
        let frames = log.all
        #expect(frames.count == 2)
        // Frame 15 (due at 0.5 s) is produced; frames 1...14 are skipped.
        #expect(frames[1].index == 15)
        #expect(frames[1].time == 0.5)
        #expect(await scheduler.skippedFrames == 14)
        task.cancel()
    }

    @Test func aFrameMadeAfterTheSessionPausedShowsItsOwnTime() async {
        let (clock, scheduler, session, log, task) = await Self.startRunning(framesPerSecond: 10)
        // The session pauses at 0.15 s; the scheduler has not heard of it yet and wakes for the frames due
        // at 0.1, 0.2 and 0.3 s. The first was due while running and shows 0.1 s of running time (not the
        // 0.15 s of the pause); the other two fell in the pause and are skipped.
        await session.pause(at: 0.15)
        await Self.advance(clock, scheduler, toSeconds: 0.3)
        #expect(log.all.map(\.index) == [0, 1])
        #expect(await scheduler.skippedFrames == 2)
        await scheduler.sessionDidChangeState(running: false, at: 0.15)
        await Self.settle(clock, scheduler)
        #expect(await scheduler.isWaitingForStateChange)
        // After the resume at 0.5 s the frames show the running time as of their own time.
        await session.resume(at: 0.5)
        await scheduler.sessionDidChangeState(running: true, at: 0.5)
        await Self.advance(clock, scheduler, toSeconds: 0.7)
        let frames = log.all
        #expect(frames.map(\.index) == [0, 1, 4, 5, 6])
        #expect(frames.map(\.state).allSatisfy { $0 == .running })
        let expected = [0, 0.1, 0.15, 0.25, 0.35]
        #expect(zip(frames.map(\.elapsedSeconds), expected).allSatisfy { abs($0 - $1) < 1e-9 }, "\(frames.map(\.elapsedSeconds))")
        task.cancel()
    }

    /// A pause and a resume that both reach the session before the scheduler hears of either: each frame
    /// still shows its own time's state and running time (before: the frame due in the pause showed the
    /// session running with its running time frozen at the pause).
    @Test func aPauseAndAResumeTheSchedulerMissedLeaveEachFrameItsOwnTime() async {
        let (clock, scheduler, session, log, task) = await Self.startRunning(framesPerSecond: 10)
        await session.pause(at: 0.15)
        await session.resume(at: 0.25)
        await Self.advance(clock, scheduler, toSeconds: 0.4)
        let frames = log.all
        #expect(frames.map(\.index) == [0, 1, 3, 4])
        #expect(frames.map(\.state).allSatisfy { $0 == .running })
        let expected = [0, 0.1, 0.2, 0.3]
        #expect(zip(frames.map(\.elapsedSeconds), expected).allSatisfy { abs($0 - $1) < 1e-9 }, "\(frames.map(\.elapsedSeconds))")
        #expect(await scheduler.skippedFrames == 1)
        task.cancel()
    }

    @Test func framesFollowASessionThroughItsStream() async {
        let (clock, scheduler, session, collector) = await Self.collectStream(framesPerSecond: 10)
        await Self.advance(clock, scheduler, toSeconds: 1)
        await session.end(at: 1.05)
        let frames = await collector.value
        #expect(frames.count == 11)
        #expect(frames.last?.time == 1.0)
    }

    /// A pause that reaches the scheduler through the session's stream stops its wake-ups: over the next
    /// 10 s of the clock it neither wakes nor skips (a scheduler that never heard of the pause would wake
    /// 100 times and skip each frame).
    @Test func aPauseThroughTheStreamStopsTheWakeUps() async {
        let (clock, scheduler, session, collector) = await Self.collectStream(framesPerSecond: 10)
        await Self.advance(clock, scheduler, toSeconds: 0.5)
        await session.pause(at: 0.55)
        for _ in 0..<1_000_000 where !(await scheduler.isWaitingForStateChange) { await Task.yield() }
        #expect(await scheduler.isWaitingForStateChange)
        let wakeUps = await scheduler.wakeUps
        await Self.advance(clock, scheduler, toSeconds: 10.5)
        #expect(await scheduler.wakeUps == wakeUps)
        #expect(await scheduler.skippedFrames == 0)
        await session.end(at: 10.5)
        let frames = await collector.value
        #expect(frames.map(\.time) == (0...5).map { Double($0) / 10 })
    }
}
