import SessionSupport
import WorkoutCore
public import WorkoutSamples

/// Replays a recorded track through a ``LiveWorkout`` as a screen would see it live: samples are applied
/// at their times, frames are produced on a ``FrameSchedule`` between them (as of each frame's own time),
/// none while paused; scheduled pauses and resumes (`--pause-at`, `--resume-at`) are injected at their
/// track times. Adopts ``TrackSampleSink`` so a streaming reader can drive it directly.
public struct TrackReplay<Output: ReplayOutput, Pacer: ReplayPacer>: TrackSampleSink {
    public private(set) var live: LiveWorkout
    public private(set) var schedule: FrameSchedule
    public var output: Output
    public var pacer: Pacer
    /// Seconds after the first sample at which to pause or resume, sorted.
    private var scheduledEvents: [(offsetSeconds: Double, kind: WorkoutEventSample.Kind)]
    private var nextScheduled = 0
    /// The first timed sample's time: the origin of `--pause-at` offsets and of pacing.
    public private(set) var origin: Double?
    /// Samples taken in so far (for progress and for continuing a recovered replay).
    public private(set) var ingestedSampleCount = 0
    /// Samples to skip at the start (already replayed before an interruption).
    public var skipSamples: Int
    /// Called for every sample of the track the session takes in, after it is applied (a journal records
    /// it here).
    public var onIngest: ((Sample) -> Void)?
    /// Called for every pause or resume that does not come from the track: scheduled (`--pause-at`),
    /// auto-pause, and the resume that continues a recovered session. A journal records these as session
    /// events, so replaying the journal reproduces the session exactly.
    public var onControl: ((WorkoutEventSample.Kind, Double) -> Void)?
    /// Called when the session starts (its first timed sample), with the options it runs with (the
    /// track's activity adopted) and the start time; a journal opens here.
    public var onStart: ((WorkoutOptions, Double) -> Void)?
    /// When continuing a recovered session: the time it was paused at recovery. After the skipped samples
    /// the session pauses there and resumes at the next sample's time (the interruption is a pause).
    public var pausedAtRecovery: Double?
    private var resumesAfterRecovery = false

    public init(
        live: LiveWorkout,
        schedule: FrameSchedule,
        output: Output,
        pacer: Pacer,
        pauseAtOffsets: [Double] = [],
        resumeAtOffsets: [Double] = [],
        skipSamples: Int = 0
    ) {
        self.live = live
        self.schedule = schedule
        self.output = output
        self.pacer = pacer
        self.scheduledEvents = (pauseAtOffsets.map { ($0, WorkoutEventSample.Kind.pause) } + resumeAtOffsets.map { ($0, .resume) })
            .sorted { $0.0 < $1.0 }
        self.skipSamples = skipSamples
    }

    public mutating func trackActivity(named name: String) throws {
        live.adoptActivity(named: name)
    }

    public mutating func consume(_ sample: Sample) throws {
        if skipSamples > 0 {
            // Already replayed before an interruption: apply without output or pacing.
            skipSamples -= 1
            if origin == nil, let time = sample.time { origin = time }
            if sample.time != nil { _ = live.prepare(for: sample) }
            _ = live.ingest(sample)
            ingestedSampleCount += 1
            if skipSamples == 0, let pausedAt = pausedAtRecovery {
                if live.state == .running { _ = live.pause(at: pausedAt) }
                resumesAfterRecovery = live.state == .paused
            }
            syncSchedule(at: sample.time ?? live.builder.latestSampleTime ?? 0)
            return
        }
        if let time = sample.time, time.isFinite {
            if origin == nil { origin = time }
            if resumesAfterRecovery {
                resumesAfterRecovery = false
                try emit(live.resume(at: time))
                onControl?(.resume, time)
            }
            try runScheduledEvents(upTo: time)
            try emit(live.prepare(for: sample))
            try emitFrames(before: time)
            pace(until: time)
        }
        try emit(live.ingest(sample))
        ingestedSampleCount += 1
        onIngest?(sample)
    }

    /// Ends the replay at the latest sample's time: emits the frames due up to it, then ends the session.
    public mutating func finish() throws {
        guard let last = live.builder.latestSampleTime else { return }
        try runScheduledEvents(upTo: last)
        try emitFrames(through: last)
        try emit(live.end(at: last))
    }

    private mutating func runScheduledEvents(upTo time: Double) throws {
        guard let origin else { return }
        while nextScheduled < scheduledEvents.count, origin + scheduledEvents[nextScheduled].offsetSeconds <= time {
            let event = scheduledEvents[nextScheduled]
            nextScheduled += 1
            let at = origin + event.offsetSeconds
            try emitFrames(before: at)
            pace(until: at)
            let change = event.kind == .pause ? live.pause(at: at) : live.resume(at: at)
            if change != nil { onControl?(event.kind, at) }
            try emit(change)
        }
    }

    private mutating func emit(_ change: SessionStateChange?) throws {
        guard let change else { return }
        syncSchedule(at: change.time)
        if change.kind == .start { onStart?(live.builder.options, change.time) }
        if change.cause == .autoPause { onControl?(change.kind == .pause ? .pause : .resume, change.time) }
        try output.replay(.stateChange(change))
    }

    /// Opens a frame stretch when the session runs, closes it when not.
    private mutating func syncSchedule(at time: Double) {
        if live.state == .running {
            if !schedule.isActive { schedule.begin(at: time) }
        } else if schedule.isActive {
            schedule.stop()
        }
    }

    private mutating func emitFrames(before time: Double) throws {
        while let due = schedule.nextDeadline, due < time {
            try emitFrame(due: due)
        }
    }

    private mutating func emitFrames(through time: Double) throws {
        while let due = schedule.nextDeadline, due <= time {
            try emitFrame(due: due)
        }
    }

    private mutating func emitFrame(due: Double) throws {
        pace(until: due)
        if let origin, let now = pacer.dueSessionSeconds(origin: origin), now - due > schedule.periodSeconds {
            schedule.skipLateFrames(now: now)
            return
        }
        guard let frame = schedule.takeFrame() else { return }
        try output.replay(.frame(live.frame(at: frame.time, index: frame.index)))
    }

    private mutating func pace(until time: Double) {
        guard let origin else { return }
        pacer.wait(untilSessionSeconds: time, origin: origin)
    }
}
