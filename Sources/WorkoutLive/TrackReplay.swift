import SessionSupport
public import WorkoutCore
public import WorkoutSamples

/// Replays a recorded track as a live session: each sample goes through a ``/WorkoutCore/WorkoutBuilder`` at its time,
/// its outcome through a ``FrameTimeline`` (frames as of their own time, none while paused) to the output,
/// and to the journal when there is one. Scheduled pauses and resumes (`--pause-at`, `--resume-at`) are
/// given to the builder at their track times. Adopts `TrackSampleSink`, so a streaming reader drives it.
///
/// ```swift
/// var replay = TrackReplay(builder: WorkoutBuilder(options: options), timeline: timeline, output: printer, pacer: UnpacedReplay())
/// _ = try TrackReader.read(input, into: &replay)
/// try replay.finish()
/// ```
public struct TrackReplay<Output: ReplayOutput, Pacer: ReplayPacer>: TrackSampleSink {
    /// The builder the track's samples go into.
    public private(set) var builder: WorkoutBuilder
    /// The frame logic each outcome is delivered to.
    public private(set) var timeline: FrameTimeline
    /// Where the frames and state changes go.
    public var output: Output
    /// Paces the replay: ``UnpacedReplay`` on track time, ``RealTimePacer`` on a wall clock.
    public var pacer: Pacer
    /// Gets every outcome, in order (a journal).
    public var recorder: (any OutcomeRecorder)?
    /// Seconds after the first sample at which to pause or resume, sorted.
    private var scheduledEvents: [(offsetSeconds: Double, kind: WorkoutEventSample.Kind)]
    private var nextScheduled = 0
    /// The first timed sample's time: the origin of `--pause-at` offsets and of pacing.
    public private(set) var origin: Double?
    /// Samples of the track skipped so far, of ``samplesToSkip``.
    public private(set) var skippedSampleCount = 0
    /// Samples at the start of the track the builder already holds (a recovered session): they are passed
    /// over, not applied again.
    public let samplesToSkip: Int
    /// A recovered session continues paused: it resumes at the first new sample's time.
    private var resumesAtNextSample: Bool
    /// Checks each passed-over sample against what the builder was given (a recovered session's journal):
    /// called with the sample's index from 0; throws when they differ.
    public var checkSkippedSample: ((Int, Sample) throws -> Void)?
    /// The session time pacing counts from: the first sample this replay applies (after any skipped ones),
    /// so a continued session starts at once, not after the time it already covered.
    private var paceOrigin: Double?

    /// - Parameters:
    ///   - builder: a fresh builder, or a recovered one (then `samplesToSkip` is the number of the track's
    ///     samples it holds, and a paused session resumes at the first new sample).
    ///   - timeline: the frame logic, with the live state the builder's outcomes start from.
    ///   - output: receives the frames and state changes.
    ///   - pacer: ``UnpacedReplay`` for track time only, ``RealTimePacer`` for a multiple of real time.
    ///   - pauseAtOffsets: seconds after the first timed sample at which to pause (a user's pause).
    ///   - resumeAtOffsets: seconds after the first timed sample at which to resume.
    ///   - samplesToSkip: the number of the track's samples `builder` already holds (0 for a fresh builder).
    public init(
        builder: WorkoutBuilder,
        timeline: FrameTimeline,
        output: Output,
        pacer: Pacer,
        pauseAtOffsets: [Double] = [],
        resumeAtOffsets: [Double] = [],
        samplesToSkip: Int = 0
    ) {
        self.builder = builder
        self.timeline = timeline
        self.output = output
        self.pacer = pacer
        self.scheduledEvents = (pauseAtOffsets.map { ($0, WorkoutEventSample.Kind.pause) } + resumeAtOffsets.map { ($0, .resume) })
            .sorted { $0.0 < $1.0 }
        self.samplesToSkip = samplesToSkip
        self.resumesAtNextSample = samplesToSkip > 0 && builder.clock.state == .paused
        if samplesToSkip > 0 { origin = builder.clock.startTime }
    }

    public mutating func trackActivity(named name: String) throws {
        guard let activity = ActivityType(parsing: name), let outcome = builder.adoptActivity(activity) else { return }
        try deliver(outcome)
    }

    public mutating func consume(_ sample: Sample) throws {
        if skippedSampleCount < samplesToSkip {
            try checkSkippedSample?(skippedSampleCount, sample)
            skippedSampleCount += 1
            return
        }
        if let time = sample.time, time.isFinite {
            if origin == nil { origin = time }
            if paceOrigin == nil { paceOrigin = time }
            if resumesAtNextSample {
                resumesAtNextSample = false
                try deliver(builder.resume(at: time))
            }
            try runScheduledEvents(upTo: time)
        }
        try deliver(builder.add(sample))
    }

    /// Ends the replay at the latest sample's time: the frames due up to it, then the end of the session.
    /// - Throws: ``TrackReplayError/trackShorterThanJournal(trackSamples:journaledSamples:)`` when the track
    ///   ended among the samples to pass over, and whatever the output throws.
    public mutating func finish() throws {
        guard skippedSampleCount >= samplesToSkip else {
            throw TrackReplayError.trackShorterThanJournal(trackSamples: skippedSampleCount, journaledSamples: samplesToSkip)
        }
        guard let last = builder.latestSampleTime else { return }
        try runScheduledEvents(upTo: last)
        let origin = paceOrigin
        try Self.emitFrames(through: last, timeline: &timeline, output: &output, pacer: &pacer, origin: origin)
        try deliver(builder.end(at: last))
    }

    private mutating func runScheduledEvents(upTo time: Double) throws {
        guard let origin else { return }
        while nextScheduled < scheduledEvents.count, origin + scheduledEvents[nextScheduled].offsetSeconds <= time {
            let event = scheduledEvents[nextScheduled]
            nextScheduled += 1
            let at = origin + event.offsetSeconds
            try deliver(event.kind == .pause ? builder.pause(at: at) : builder.resume(at: at))
        }
    }

    private mutating func deliver(_ outcome: SampleOutcome) throws {
        recorder?.record(outcome)
        let origin = paceOrigin
        try Self.deliver(outcome, timeline: &timeline, output: &output, pacer: &pacer, origin: origin)
    }

    private static func deliver(_ outcome: SampleOutcome, timeline: inout FrameTimeline, output: inout Output, pacer: inout Pacer, origin: Double?) throws {
        try timeline.deliver(outcome, beforeEach: { pace(&pacer, until: $0, origin: origin) }, emit: { try output.replay($0) })
    }

    private static func emitFrames(through time: Double, timeline: inout FrameTimeline, output: inout Output, pacer: inout Pacer, origin: Double?) throws {
        try timeline.emitFrames(before: time, inclusive: true, beforeEach: { pace(&pacer, until: $0, origin: origin) }, emit: { try output.replay($0) })
    }

    /// Waits until session time `time` is due and returns what is due now (`nil` when not pacing).
    private static func pace(_ pacer: inout Pacer, until time: Double, origin: Double?) -> Double? {
        guard let origin else { return nil }
        pacer.wait(untilSessionSeconds: time, origin: origin)
        return pacer.dueSessionSeconds(origin: origin)
    }
}
