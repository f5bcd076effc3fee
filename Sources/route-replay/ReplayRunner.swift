import Foundation
import Logging
import TrackFormats
import WorkoutEngine
import WorkoutSamples

/// Wires a replay: reader → ``TrackReplay`` → printer, with an optional journal. Shared by `replay` and
/// `recover --continue`.
struct ReplayRunner {
    var trackPath: String
    var inputFormat: TrackFormat?
    var format: RouteReplay.Replay.OutputFormat
    var units: DisplayUnits
    var fps: Int
    /// Times real time; `nil` for as fast as possible (track time only).
    var speed: Double?
    var autoPause: AutoPausePolicy?
    var pauseAt: [Double] = []
    var resumeAt: [Double] = []

    /// Replays the track. When `continuing` is a recovered session, its journaled samples are applied
    /// silently first, the session is paused where recovery paused it, and it resumes at the next sample.
    func run(options: WorkoutOptions, journal: ReplayJournal?, continuing recovered: RecoveredSession?) throws {
        let input = try TrackInput(path: trackPath)
        let live = LiveWorkout(options: options, units: units, autoPause: autoPause)
        let output = ReplayPrinter(format: format, units: units, input: input)
        let schedule = FrameSchedule(framesPerSecond: fps, timeScale: speed ?? 1)
        if let speed {
            try replay(input, live: live, schedule: schedule, output: output, pacer: RealTimePacer(speed: speed), journal: journal, recovered: recovered)
        } else {
            try replay(input, live: live, schedule: schedule, output: output, pacer: UnpacedReplay(), journal: journal, recovered: recovered)
        }
    }

    private func replay<Pacer: ReplayPacer>(
        _ input: TrackInput, live: LiveWorkout, schedule: FrameSchedule, output: ReplayPrinter, pacer: Pacer,
        journal: ReplayJournal?, recovered: RecoveredSession?
    ) throws {
        var replay = TrackReplay(
            live: live, schedule: schedule, output: output, pacer: pacer,
            pauseAtOffsets: pauseAt, resumeAtOffsets: resumeAt,
            skipSamples: recovered?.journaledSampleCount ?? 0)
        if let recovered {
            replay.pausedAtRecovery = recovered.pausedAt ?? recovered.lastRecordTime
            journal?.recorder.continueSession(recovered)
        }
        if let journal {
            let feed = JournalFeed(recorder: journal.recorder, started: recovered != nil)
            replay.onStart = { options, time in feed.start(options: options, at: time) }
            replay.onIngest = { sample in feed.record(sample) }
            replay.onControl = { kind, time in feed.recordEvent(kind == .pause ? .pause : .resume, at: time) }
        }
        let report = try TrackReader.read(input, format: inputFormat, into: &replay)
        try replay.finish()
        let summary = try replay.live.builder.summary(skippedUnknownRecords: report.skippedUnknownRecords)
        if let journal {
            journal.recorder.recordEvent(.end, at: replay.live.builder.latestSampleTime ?? 0)
            if !journal.recorder.finish(summaryJSON: summary.jsonText()) {
                printError("journal: the summary could not be written durably; the journal is kept for recovery (\(journal.recorder.status))")
            }
        }
        replay.output.finish(summary: summary)
    }
}

/// A journal directory for a replay: created if missing; its recorder syncs by the default policy.
struct ReplayJournal {
    let recorder: PersistentSessionRecorder

    init(directory: String) throws {
        let fileSystem = POSIXFileSystem()
        do {
            try fileSystem.createDirectory(directory)
        } catch {
            throw TrackInputError.cannotOpen(path: directory, reason: "cannot create journal directory: \(error)")
        }
        var logger = Logger(label: "route-replay.journal")
        logger.logLevel = .warning
        recorder = PersistentSessionRecorder(directory: directory, policy: .default, fileSystem: fileSystem, logger: logger)
    }
}

/// Feeds a replay's samples to a journal. The journal opens when the session starts (its first timed
/// sample); samples before it (a GPX segment marker, untimed samples) are held and written right after,
/// so the journal holds every sample of the track, in order.
private final class JournalFeed {
    let recorder: PersistentSessionRecorder
    private var started: Bool
    private var held: [Sample] = []

    init(recorder: PersistentSessionRecorder, started: Bool) {
        self.recorder = recorder
        self.started = started
    }

    func start(options: WorkoutOptions, at time: Double) {
        guard !started else { return }
        started = true
        recorder.start(options: options, at: time)
        for sample in held { recorder.record(sample) }
        held.removeAll()
    }

    func record(_ sample: Sample) {
        if started { recorder.record(sample) } else { held.append(sample) }
    }

    func recordEvent(_ kind: SessionEventKind, at time: Double) {
        if started { recorder.recordEvent(kind, at: time) }
    }
}
