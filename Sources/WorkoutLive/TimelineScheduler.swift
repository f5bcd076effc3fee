import SessionSupport
import WorkoutSamples
import WorkoutCore
/// Produces a session's frames on an injected `Clock`: up to ``FrameSchedule/framesPerSecond`` while the
/// session runs, nothing while it is paused.
///
/// - Frame k of a running stretch is due at the stretch's start + k/fps on the clock (absolute deadlines,
///   no drift); a frame that is due while the scheduler is late is skipped, not bunched.
/// - A frame shows the session as of its own time (``LiveState/frame(at:index:)``) and is shown only if
///   the session was running then: a session's state change reaches the scheduler a little after the
///   session took it, and a frame that fell due in a pause (or after the end) in between is skipped.
/// - While the session is paused the scheduler does not wake up at all: a pause cancels its pending
///   sleep, and it then waits on the next state change (no polling). A resume opens a new stretch whose
///   first frame is produced at once.
/// - Each frame carries the metrics as of its own due time, converted to session seconds through
///   `timeBase` and `timeScale` (session seconds per second of the clock: 1 live, X for a session that
///   replays a recording at X times real time, whose frames stay `framesPerSecond` per second of the clock).
///
/// Feed state changes with ``sessionDidChangeState(running:at:ended:)`` (``frames(of:)`` does this for a
/// ``WorkoutSession``). Tests drive it with a manual clock and observe ``wakeUps``.
public actor TimelineScheduler<C: Clock> where C.Duration == Duration {
    private let clock: C
    private let timeBase: (instant: C.Instant, seconds: Double)
    /// Session seconds per second of the clock.
    public nonisolated let timeScale: Double
    private var schedule: FrameSchedule
    private var isFinished = false
    private var stateWaiter: CheckedContinuation<Void, Never>?
    private var sleepTask: Task<Void, any Error>?
    /// Times the scheduler's loop resumed from a sleep on the clock.
    public private(set) var wakeUps = 0
    /// Whether the loop is waiting for a state change (paused, or not started).
    public var isWaitingForStateChange: Bool { stateWaiter != nil }

    /// - Parameters:
    ///   - clock: the clock whose instants frames are due on.
    ///   - timeBase: an instant of `clock` and the session time (seconds) it corresponds to.
    ///   - framesPerSecond: 1...120 (clamped), default 30: frames per second of the clock.
    ///   - timeScale: session seconds per second of the clock (> 0 and finite, else 1), default 1.
    public init(clock: C, timeBase: (instant: C.Instant, seconds: Double), framesPerSecond: Int = 30, timeScale: Double = 1) {
        self.clock = clock
        self.timeBase = timeBase
        self.schedule = FrameSchedule(framesPerSecond: framesPerSecond, timeScale: timeScale)
        self.timeScale = schedule.timeScale
    }

    /// Frames skipped because they were due while the scheduler was late, or fell due in a pause (or after the
    /// end) that had not reached the scheduler yet.
    public var skippedFrames: Int { schedule.skippedFrames }

    /// Session seconds of a clock instant.
    public nonisolated func sessionSeconds(of instant: C.Instant) -> Double {
        let offset = timeBase.instant.duration(to: instant)
        return timeBase.seconds + (Double(offset.components.seconds) + Double(offset.components.attoseconds) * 1e-18) * timeScale
    }

    /// The clock instant of session seconds.
    public nonisolated func instant(ofSessionSeconds seconds: Double) -> C.Instant {
        timeBase.instant.advanced(by: .seconds((seconds - timeBase.seconds) / timeScale))
    }

    /// The session started or resumed (`running == true`), paused, or ended (`running == false` with
    /// `ended`). A change to running opens a stretch at `at` (session seconds).
    public func sessionDidChangeState(running: Bool, at seconds: Double, ended: Bool = false) {
        if ended { isFinished = true }
        let wasActive = schedule.isActive
        schedule.follow(isRunning: running && !isFinished, at: seconds)
        if wasActive, !schedule.isActive { sleepTask?.cancel() }
        if let waiter = stateWaiter {
            stateWaiter = nil
            waiter.resume()
        }
    }

    /// Runs the loop, calling `makeFrame` for each due frame (with its global index and session time) and
    /// handing the result to `emit`, until the session ends or the task is cancelled. A frame made with a
    /// state other than running (its time fell in a pause the scheduler had not heard of yet) is not handed
    /// on: it counts in ``skippedFrames``.
    public func run(
        makeFrame: @Sendable (_ index: Int, _ seconds: Double) async -> WorkoutFrame,
        emit: @Sendable (WorkoutFrame) -> Void
    ) async {
        while !isFinished, !Task.isCancelled {
            guard schedule.isActive else {
                await withTaskCancellationHandler {
                    await withCheckedContinuation { continuation in
                        stateWaiter = continuation
                    }
                } onCancel: {
                    Task { await self.releaseStateWaiter() }
                }
                continue
            }
            guard let due = schedule.nextDeadline else { continue }
            let deadline = instant(ofSessionSeconds: due)
            let clock = self.clock
            let task = Task { try await clock.sleep(until: deadline, tolerance: nil) }
            sleepTask = task
            let completed = (try? await task.value) != nil
            sleepTask = nil
            wakeUps += 1
            guard completed, schedule.isActive, !Task.isCancelled else { continue }
            schedule.skipLateFrames(now: sessionSeconds(of: clock.now))
            guard let frame = schedule.takeFrame() else { continue }
            let made = await makeFrame(frame.index, frame.time)
            // A frame shows the session as of its own time (`LiveState.frame(at:index:)`). One that fell due
            // in a pause, or after the end, whose change had not reached the scheduler yet (or the scheduler was
            // late), is not shown: it is skipped like a late frame. One due before a pause it was made after
            // shows the running time up to its own time, and is shown.
            guard made.state == .running else {
                schedule.dropTakenFrame()
                continue
            }
            emit(made)
        }
        sleepTask?.cancel()
    }

    private func releaseStateWaiter() {
        if let waiter = stateWaiter {
            stateWaiter = nil
            waiter.resume()
        }
    }

}

extension TimelineScheduler {
    /// The frames of `session` (a ``WorkoutSession``, or any ``FrameSource``) as an `AsyncSequence`:
    /// runs the scheduler, following the session's state changes, until the session ends or the consumer
    /// stops iterating.
    public nonisolated func frames(of session: some FrameSource) -> AsyncStream<WorkoutFrame> {
        let (stream, continuation) = AsyncStream<WorkoutFrame>.makeStream(bufferingPolicy: .bufferingNewest(120))
        let follower = Task {
            let changes = await session.observeStateChanges()
            let state = await session.state
            if state == .running {
                await self.sessionDidChangeState(running: true, at: self.sessionSeconds(of: self.clock.now))
            }
            for await change in changes {
                await self.sessionDidChangeState(running: change.state == .running, at: change.time, ended: change.state == .ended)
            }
            await self.sessionDidChangeState(running: false, at: 0, ended: true)
        }
        let runner = Task {
            await self.run(
                makeFrame: { index, seconds in await session.frame(at: seconds, index: index) },
                emit: { continuation.yield($0) })
            continuation.finish()
        }
        continuation.onTermination = { _ in
            follower.cancel()
            runner.cancel()
        }
        return stream
    }
}
