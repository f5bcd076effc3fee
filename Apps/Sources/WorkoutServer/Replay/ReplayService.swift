import Foundation
public import Logging
public import ServiceLifecycle
import WorkoutEngine

/// Feeds replays: each stored workout replayed through a live session (``ReplayController``) is a task
/// that hands the recording's samples to the session when they are due, X times faster than they were
/// recorded (``/WorkoutLive/LiveReplaySequence``), then pauses the session at its last sample. The tasks
/// run inside this service, so a graceful shutdown stops them before the live sessions are released.
public final class ReplayService: Service, Sendable {
    private let jobs: AsyncStream<ReplayJob>
    private let continuation: AsyncStream<ReplayJob>.Continuation
    private let logger: Logger

    /// A service with no replay yet.
    public init(logger: Logger) {
        (jobs, continuation) = AsyncStream<ReplayJob>.makeStream(bufferingPolicy: .unbounded)
        self.logger = logger
    }

    /// Starts feeding `job` (once the service runs).
    func start(_ job: ReplayJob) {
        continuation.yield(job)
    }

    public func run() async {
        let logger = self.logger
        await withDiscardingTaskGroup { group in
            for await job in jobs.cancelOnGracefulShutdown() {
                group.addTask { await job.run(logger: logger) }
            }
            group.cancelAll()
        }
        continuation.finish()
    }
}

/// One replay: the recording's samples, the session they go to, and the pace.
struct ReplayJob: Sendable {
    let session: LiveSession
    /// The recording's samples, with their recorded times.
    let samples: [Sample]
    /// When the first sample is due: an instant of the continuous clock, and the session time it is on
    /// the session's axis (however late the service starts feeding, every sample keeps to that axis).
    let start: (instant: ContinuousClock.Instant, sessionSeconds: Double)
    /// Times real time.
    let speed: Double

    /// Feeds every sample when it is due, until the recording ends, the session ends, or the task is
    /// cancelled; at the end of the recording the session pauses at its last sample (a person stopping).
    func run(logger: Logger) async {
        var last: Double?
        do {
            for try await sample in SampleArraySequence(samples: samples).replayedLive(
                startingAt: start.sessionSeconds, at: start.instant, on: ContinuousClock(), speed: speed) {
                try await session.ingest(sample)
                if let time = sample.time { last = time }
            }
            if let last, await session.state == .running {
                try await session.pause(at: last)
                await session.sync()
            }
        } catch is CancellationError {
            // A graceful shutdown: the session is released with what it took in.
        } catch {
            // The session ended (End was pressed): nothing more to feed.
            logger.debug("replay stopped", metadata: ["session": "\(session.descriptor.id)", "reason": "\(error)"])
        }
    }
}

/// The samples of an array as an `AsyncSequence`, without copying them (what
/// ``/WorkoutLive/LiveReplaySequence`` paces).
struct SampleArraySequence: AsyncSequence, Sendable {
    typealias Element = Sample
    let samples: [Sample]

    func makeAsyncIterator() -> Iterator { Iterator(samples: samples) }

    struct Iterator: AsyncIteratorProtocol {
        let samples: [Sample]
        var index = 0

        mutating func next() async -> Sample? {
            guard index < samples.count else { return nil }
            defer { index += 1 }
            return samples[index]
        }
    }
}
