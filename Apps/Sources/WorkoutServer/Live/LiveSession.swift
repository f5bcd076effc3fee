import Foundation
public import WorkoutEngine

/// One live session on this node: the engine's ``/WorkoutExports/ExportRecorder`` (the builder, and the fixes
/// the stored workout will keep), the ``/WorkoutLive/LiveState`` frames are made from, and the journal every
/// outcome goes to. Frames come from a ``/WorkoutLive/TimelineScheduler`` per viewer (it is a
/// ``/WorkoutLive/FrameSource``). All state is confined to the actor.
public actor LiveSession: FrameSource {
    /// What the session was created with.
    public nonisolated let descriptor: LiveSessionDescriptor
    private var recorder: ExportRecorder
    private var live: LiveState
    private let journal: any LiveSessionJournalWriter
    private let observers = StateChangeBroadcast()
    /// Samples taken in so far (journaled ones included after a takeover).
    public private(set) var sampleCount = 0
    /// The stored workout, once the session ended and was stored.
    public private(set) var workoutID: Int64?

    /// A session from `descriptor`, continuing from `inputs` (a journal's, after a takeover; empty for a
    /// new session). A session the inputs leave running is paused at its latest time, as recovery does.
    init(descriptor: LiveSessionDescriptor, journal: any LiveSessionJournalWriter, inputs: [WorkoutInput] = []) {
        self.descriptor = descriptor
        self.journal = journal
        var recorder = ExportRecorder(options: descriptor.options)
        var live = LiveState(activity: descriptor.activity, units: descriptor.units)
        var samples = 0
        for input in inputs {
            if case .sample = input { samples += 1 }
            if let outcome = recorder.apply(input) { live.apply(outcome) }
        }
        if live.state == .running, let time = recorder.builder.latestSampleTime {
            let outcome = recorder.builder.clock.state == .running ? recorder.apply(.call(WorkoutEventSample(time: time, kind: .pause))) : nil
            if let outcome {
                journal.record(outcome)
                live.apply(outcome)
            }
        }
        self.recorder = recorder
        self.live = live
        self.sampleCount = samples
    }

    /// The session's state.
    public var state: SessionState { live.state }

    /// The current figures.
    public var snapshot: WorkoutSnapshot { recorder.builder.snapshot }

    /// The frame as of `time` (seconds since 1970).
    public func frame(at time: Double, index: Int) -> WorkoutFrame { live.frame(at: time, index: index) }

    /// Takes in one sample.
    /// - Throws: ``LiveSessionStateError/ended`` once the session has ended.
    public func ingest(_ sample: Sample) throws(LiveSessionStateError) {
        guard live.state != .ended else { throw .ended }
        sampleCount += 1
        apply(recorder.add(sample))
    }

    /// The user paused at `time`.
    public func pause(at time: Double) throws(LiveSessionStateError) {
        guard live.state != .ended else { throw .ended }
        if let outcome = recorder.apply(.call(WorkoutEventSample(time: time, kind: .pause))) { apply(outcome) }
    }

    /// The user resumed (or started, when the session has not started) at `time`.
    public func resume(at time: Double) throws(LiveSessionStateError) {
        switch live.state {
        case .ended: throw .ended
        case .notStarted:
            if let outcome = recorder.apply(.start(at: time)) { apply(outcome) }
        default:
            if let outcome = recorder.apply(.call(WorkoutEventSample(time: time, kind: .resume))) { apply(outcome) }
        }
    }

    /// Ends the session at `time` (observers see the end; their streams finish with
    /// ``finish(workoutID:summaryJSON:)``) and returns what the stored workout is made of.
    /// - Throws: ``LiveSessionStateError/ended`` when it had ended already and is stored.
    public func end(at time: Double?) throws(LiveSessionStateError) -> ExportRecorder {
        if workoutID != nil { throw .ended }
        if live.state != .ended, let outcome = recorder.apply(.end(at: time)) { apply(outcome) }
        return recorder
    }

    /// The session's workout is stored as `workoutID`: its journal is closed out and its viewers' streams end.
    public func finish(workoutID: Int64, summaryJSON: String) async {
        self.workoutID = workoutID
        await journal.finish(summaryJSON: summaryJSON)
        observers.finish()
    }

    /// Makes everything taken in durable.
    public func sync() async { await journal.sync() }

    /// This node stops serving the session (graceful shutdown): the journal is kept, the lease freed.
    public func release() async {
        await journal.release()
        observers.finish()
    }

    /// State changes from now on; the stream finishes once the session is stored or released.
    public func observeStateChanges() -> AsyncStream<SessionStateChange> { observers.observe() }

    private func apply(_ outcome: SampleOutcome) {
        journal.record(outcome)
        live.apply(outcome)
        for change in outcome.stateChanges {
            observers.yield(change)
        }
    }
}

/// A call a session in its state cannot take.
public enum LiveSessionStateError: Error, Sendable {
    /// The session has ended.
    case ended
}
