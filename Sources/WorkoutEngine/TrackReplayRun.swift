public import Logging
public import TrackFormats
public import WorkoutCore
public import WorkoutLive
public import WorkoutPersistence

/// Everything a replay of a recorded track needs besides its output: how to measure, show and pace it,
/// what to inject, and where to journal it.
public struct TrackReplayConfiguration: Sendable {
    /// How the track is measured.
    public var options: WorkoutOptions
    /// Metric or imperial, for the frames' fourth stat.
    public var units: DisplayUnits
    /// Frames per second of the pacer's clock (clamped to 1...120; 30 by default).
    public var framesPerSecond: Int
    /// Times real time (frames stay ``framesPerSecond`` per second of the pacer's clock), within
    /// ``supportedSpeeds``; `nil` runs on track time only, as fast as possible.
    public var speed: Double?
    /// The speeds a replay can be paced at: from a hundredth of real time (an hour lasts four days) to ten
    /// thousand times (a marathon in under two seconds). Beyond them a replay would wait for ever or print
    /// identical frames as fast as it can.
    public static let supportedSpeeds: ClosedRange<Double> = 0.01...10_000
    /// Seconds of track time after the first sample at which to pause and to resume.
    public var pauseAtOffsets: [Double]
    /// Seconds of track time after the first sample at which to resume (see ``pauseAtOffsets``).
    public var resumeAtOffsets: [Double]
    /// Journal the session into this directory (crash-safe; see ``/WorkoutPersistence/SessionRecovery``).
    public var journalDirectory: String?
    /// Where the journal's status lines go.
    public var logger: Logger
    /// How the reader treats optional fields that do not parse (dropped and counted, or errors) and damaged
    /// binary input (``/TrackFormats/TrackReadOptions/strict`` makes a damaged FIT file an error).
    public var readOptions: TrackReadOptions

    /// A replay with `options`; by default metric, 30 frames per second, on track time, with no injected
    /// pauses, no journal and no log output.
    public init(
        options: WorkoutOptions, units: DisplayUnits = .metric, framesPerSecond: Int = 30, speed: Double? = nil,
        pauseAtOffsets: [Double] = [], resumeAtOffsets: [Double] = [], journalDirectory: String? = nil,
        logger: Logger = .quiet, readOptions: TrackReadOptions = TrackReadOptions()
    ) {
        self.options = options
        self.units = units
        self.framesPerSecond = framesPerSecond
        self.speed = speed
        self.pauseAtOffsets = pauseAtOffsets
        self.resumeAtOffsets = resumeAtOffsets
        self.journalDirectory = journalDirectory
        self.logger = logger
        self.readOptions = readOptions
    }
}

/// How a replay ended.
public struct TrackReplayResult: Sendable {
    /// The summary of the whole track, as ``/WorkoutEngine/WorkoutCore/WorkoutBuilder/summary(reading:)`` gives it: with what the
    /// reader reported (the device's totals and laps among it).
    public var summary: WorkoutSummary
    /// What the reader reported.
    public var report: TrackReadReport
    /// The journal's recorder, when the replay was journaled; ``/WorkoutPersistence/PersistentSessionRecorder/status`` says
    /// whether its summary was written.
    public var journalFinished: Bool?
    /// Whether the journal's writes reached the disk, when the replay was journaled; `nil` otherwise.
    public var journalStatus: PersistenceStatus?
}

extension TrackReplay {
    /// A sample in a few words, for an error message.
    static func describe(_ sample: Sample) -> String {
        let time = sample.time.flatMap { ISO8601Text.string(secondsSince1970: $0) } ?? "no time"
        switch sample {
        case .location(let fix): return "a location at \(time) (\(fix.latitude), \(fix.longitude))"
        case .heartRate(let reading): return "a heart rate at \(time) (\(reading.beatsPerMinute) bpm)"
        case .activeEnergy(let reading): return "an energy increment at \(time) (\(reading.kilocalories) kcal)"
        case .cadence(let reading): return "a cadence at \(time) (\(reading.perMinute)/min)"
        case .power(let reading): return "a power reading at \(time) (\(reading.watts) W)"
        case .weather: return "a weather reading at \(time)"
        case .event(let event): return "a \(event.kind.rawValue) event at \(time)"
        case .distance(let reading): return "a device distance at \(time) (\(reading.cumulativeMeters) m)"
        }
    }

    /// Replays a track file (or standard input) into `output`: the reader streams samples into a
    /// ``TrackReplay`` at their times, paced by `configuration.speed`, journaled when asked; at the end the
    /// session ends, the journal (if any) is closed out with the summary, and the summary and the output
    /// (to finish it) are returned.
    ///
    /// When `continuing` is a recovered session, its builder carries on: the first
    /// `samplesToSkip` samples of the track (the journaled ones) are passed over, and the session resumes
    /// at the next one, journaling into its own journal.
    ///
    /// - Throws: `TrackInputError`, `TrackFormatError`, or what `output` throws.
    public static func run(
        _ input: TrackInput, format: TrackFormat?, configuration: TrackReplayConfiguration, output: Output,
        continuing recovered: RecoveredSession? = nil, samplesToSkip: Int = 0
    ) throws -> (result: TrackReplayResult, output: Output) where Pacer == UnpacedReplay {
        try runPaced(input, format: format, configuration: configuration, output: output, pacer: UnpacedReplay(),
                     continuing: recovered, samplesToSkip: samplesToSkip)
    }

    /// ``run(_:format:configuration:output:continuing:samplesToSkip:)`` with a pacer of the caller's.
    public static func runPaced(
        _ input: TrackInput, format: TrackFormat?, configuration: TrackReplayConfiguration, output: Output, pacer: Pacer,
        continuing recovered: RecoveredSession? = nil, samplesToSkip: Int = 0
    ) throws -> (result: TrackReplayResult, output: Output) {
        let builder = recovered?.builder ?? WorkoutBuilder(options: configuration.options)
        var state = LiveState(activity: builder.options.activity, units: configuration.units)
        state.apply(builder.currentOutcome)
        let schedule = FrameSchedule(framesPerSecond: configuration.framesPerSecond, timeScale: configuration.speed ?? 1)
        var timeline = FrameTimeline(state: state, schedule: schedule)
        if configuration.speed == nil { timeline.maximumFramesBetweenInputs = configuration.framesPerSecond * 3600 }
        var replay = TrackReplay(
            builder: builder, timeline: timeline, output: output, pacer: pacer,
            pauseAtOffsets: configuration.pauseAtOffsets, resumeAtOffsets: configuration.resumeAtOffsets,
            samplesToSkip: recovered == nil ? 0 : samplesToSkip)
        var recorder: PersistentSessionRecorder?
        if let recovered {
            // The journal is the truth: the track's first samples must be the journaled ones.
            let journal = try JournalRecordStream(path: recovered.journalPath)
            replay.checkSkippedSample = { index, sample in
                guard let journaled = try journal.nextSample() else {
                    throw TrackReplayError.trackDiffersFromJournal(sampleIndex: index, track: Self.describe(sample), journal: "no more samples")
                }
                guard JournalRecord.sample(journaled).encoded() == JournalRecord.sample(sample).encoded() else {
                    throw TrackReplayError.trackDiffersFromJournal(sampleIndex: index, track: Self.describe(sample), journal: Self.describe(journaled))
                }
            }
            recorder = try PersistentSessionRecorder(continuing: recovered, logger: configuration.logger)
        } else if let directory = configuration.journalDirectory {
            recorder = PersistentSessionRecorder(directory: directory, options: builder.options, logger: configuration.logger)
        }
        replay.recorder = recorder
        let report = try TrackReader.read(input, format: format, options: configuration.readOptions, into: &replay)
        try replay.finish()
        let summary = try replay.builder.summary(reading: report)
        let finished = recorder?.finish(summaryJSON: summary.jsonText())
        return (TrackReplayResult(summary: summary, report: report, journalFinished: finished, journalStatus: recorder?.status), replay.output)
    }
}
