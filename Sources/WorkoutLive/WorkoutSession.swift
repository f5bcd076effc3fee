import SessionSupport
public import WorkoutCore
public import WorkoutSamples

/// A live workout that several tasks can drive at once: one feeds samples as they arrive, the user pauses
/// and resumes, a ``TimelineScheduler`` asks for frames, and an optional recorder journals every outcome
/// (auto-pauses included) as the session applies it. All state is confined to the actor.
///
/// Times are seconds on the session's time axis: seconds since 1970 for samples from a device, or any
/// monotonic seconds the caller chooses, as long as samples, pauses and frames use the same axis.
///
/// ```swift
/// let session = WorkoutSession(configuration: .init(options: .init(activity: .running)), recorder: journal)
/// await session.start(at: now)
/// for try await sample in feed { await session.ingest(sample) }
/// await session.end(at: now)
/// let summary = try await session.summary()
/// ```
public actor WorkoutSession {
    private var builder: WorkoutBuilder
    private var live: LiveState
    private let recorder: (any OutcomeRecorder)?
    private let observers = StateChangeBroadcast()
    /// State changes so far, in order.
    public private(set) var stateChanges: [SessionStateChange] = []

    /// A new session.
    /// - Parameter recorder: gets every outcome as the session applies it (a journal); `nil` for none. It
    ///   is told the options the session measures with first (``/WorkoutCore/OutcomeRecorder/sessionUses(options:)``),
    ///   so a journal's header holds the configuration's auto-pause whatever options the journal was made with.
    /// - Parameter configuration: how the workout is measured and shown (activity, units, auto-pause).
    public init(configuration: WorkoutSessionConfiguration = WorkoutSessionConfiguration(), recorder: (any OutcomeRecorder)? = nil) {
        builder = WorkoutBuilder(options: configuration.options)
        live = LiveState(activity: configuration.options.activity, units: configuration.units,
                         throttleIntervalSeconds: configuration.throttleIntervalSeconds)
        self.recorder = recorder
        recorder?.sessionUses(options: configuration.options)
    }

    /// A session that continues from `builder` (a recovered one): its figures and clock carry on.
    public init(continuing builder: WorkoutBuilder, units: DisplayUnits = .metric, throttleIntervalSeconds: Double = 5, recorder: (any OutcomeRecorder)? = nil) {
        self.builder = builder
        var live = LiveState(activity: builder.options.activity, units: units, throttleIntervalSeconds: throttleIntervalSeconds)
        live.apply(builder.currentOutcome)
        self.live = live
        self.recorder = recorder
    }

    /// The session's state.
    public var state: SessionState { live.state }

    /// Starts the session at `time` (the first timed sample would start it too).
    public func start(at time: Double) { apply(builder.start(at: time)) }

    /// Takes in one sample; events (pause, resume, lap) in the input are applied in order.
    /// - Returns: what the sample did.
    @discardableResult
    public func ingest(_ sample: Sample) -> SampleOutcome {
        let outcome = builder.add(sample)
        apply(outcome)
        return outcome
    }

    /// Takes in every sample of `samples` as it arrives, until the sequence ends.
    public func ingest<Samples: AsyncSequence>(contentsOf samples: Samples) async throws where Samples.Element == Sample {
        for try await sample in samples { ingest(sample) }
    }

    /// The user paused at `time`.
    public func pause(at time: Double) { apply(builder.pause(at: time)) }
    /// The user resumed at `time`.
    public func resume(at time: Double) { apply(builder.resume(at: time)) }
    /// The user marked a lap at `time`.
    public func markLap(at time: Double) { apply(builder.markLap(at: time)) }

    /// Ends the session at `time`; observers' streams finish.
    public func end(at time: Double) {
        apply(builder.end(at: time))
        observers.finish()
    }

    /// The frame as of `time` (see ``LiveState/frame(at:index:)``). Reading a frame changes nothing.
    public func frame(at time: Double, index: Int) -> WorkoutFrame {
        live.frame(at: time, index: index)
    }

    /// The current figures.
    public var snapshot: WorkoutSnapshot { builder.snapshot }

    /// The summary of the session so far.
    public func summary() throws -> WorkoutSummary { try builder.summary() }

    /// State changes from now on, delivered in order; the stream finishes when the session ends.
    public func observeStateChanges() -> AsyncStream<SessionStateChange> {
        if live.state == .ended { observers.finish() }
        return observers.observe()
    }

    private func apply(_ outcome: SampleOutcome) {
        recorder?.record(outcome)
        live.apply(outcome)
        for change in outcome.stateChanges {
            stateChanges.append(change)
            observers.yield(change)
        }
    }
}
