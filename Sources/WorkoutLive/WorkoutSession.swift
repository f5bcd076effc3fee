import SessionSupport
import WorkoutCore
public import WorkoutSamples

/// A live workout that several tasks can drive at once: one feeds samples as they arrive, the user
/// pauses and resumes, a ``TimelineScheduler`` asks for frames. All state is confined to the actor.
///
/// Times are seconds on the session's time axis: seconds since 1970 for samples from a device, or any
/// monotonic seconds the caller chooses, as long as samples, pauses and frames use the same axis.
///
/// ```swift
/// let session = WorkoutSession(configuration: .init(options: .init(activity: .running)))
/// await session.start(at: now)
/// for try await sample in feed { await session.ingest(sample) }
/// await session.end(at: now)
/// let summary = try await session.summary()
/// ```
public actor WorkoutSession {
    private var live: LiveWorkout
    private var observers: [Int: AsyncStream<SessionStateChange>.Continuation] = [:]
    private var nextObserverID = 0
    /// State changes so far, in order.
    public private(set) var stateChanges: [SessionStateChange] = []

    public init(configuration: WorkoutSessionConfiguration = WorkoutSessionConfiguration()) {
        live = LiveWorkout(
            options: configuration.options, units: configuration.units,
            autoPause: configuration.autoPause, throttleIntervalSeconds: configuration.throttleIntervalSeconds)
    }

    public var state: SessionState { live.state }

    /// Starts the session at `time` (the first timed sample would start it too).
    public func start(at time: Double) {
        publish(live.start(at: time))
    }

    /// Takes in one sample; events (pause, resume, lap) in the input are applied in order.
    public func ingest(_ sample: Sample) {
        if sample.time != nil { publish(live.prepare(for: sample)) }
        publish(live.ingest(sample))
    }

    /// Takes in every sample of `samples` as it arrives, until the sequence ends.
    public func ingest<Samples: AsyncSequence>(contentsOf samples: Samples) async throws where Samples.Element == Sample {
        for try await sample in samples { ingest(sample) }
    }

    public func pause(at time: Double) { publish(live.pause(at: time)) }
    public func resume(at time: Double) { publish(live.resume(at: time)) }
    public func end(at time: Double) {
        publish(live.end(at: time))
        for continuation in observers.values { continuation.finish() }
        observers.removeAll()
    }

    /// The frame as of `time` (see ``LiveWorkout/frame(at:index:)``).
    public func frame(at time: Double, index: Int) -> WorkoutFrame {
        live.frame(at: time, index: index)
    }

    /// The current figures.
    public var snapshot: WorkoutSnapshot { live.builder.snapshot }

    /// The summary of the session so far.
    public func summary() throws -> WorkoutSummary { try live.builder.summary() }

    /// State changes from now on, delivered in order; the stream finishes when the session ends.
    public func observeStateChanges() -> AsyncStream<SessionStateChange> {
        let (stream, continuation) = AsyncStream<SessionStateChange>.makeStream(bufferingPolicy: .unbounded)
        if live.state == .ended {
            continuation.finish()
            return stream
        }
        let id = nextObserverID
        nextObserverID += 1
        observers[id] = continuation
        continuation.onTermination = { [weak self] _ in
            Task { await self?.removeObserver(id) }
        }
        return stream
    }

    private func removeObserver(_ id: Int) { observers[id] = nil }

    private func publish(_ change: SessionStateChange?) {
        guard let change else { return }
        stateChanges.append(change)
        for continuation in observers.values { continuation.yield(change) }
    }
}
