import ArgumentParser
import WorkoutEngine

extension DisplayUnits: @retroactive ExpressibleByArgument {}

extension RouteReplay {
    /// `route-replay replay`: the workout as a screen would show it, frame by frame.
    struct Replay: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "replay",
            abstract: "Replays a track as a live workout: frames while running, none while paused, then the summary.",
            discussion: """
            --as-fast-as-possible runs on track time only and emits frames at --fps of track time, so its output \
            is the same on every run. --speed X paces the track at X times real time on the wall clock.
            """)

        enum OutputFormat: String, ExpressibleByArgument, CaseIterable {
            case ndjson, tty
        }

        @OptionGroup var track: TrackOptions

        @Option(name: .long, help: "Pace the replay at this many times real time.")
        var speed: Double?

        @Flag(name: .long, help: "Run on track time only, as fast as possible (deterministic output).")
        var asFastAsPossible = false

        @Option(name: .long, help: "Frames per second, 1 to 120.")
        var fps: Int = 30

        @Option(name: .long, help: "ndjson (one object per frame and state change, then the summary) or tty (a live dashboard).")
        var format: OutputFormat = .ndjson

        @Option(name: .long, help: "metric (km, min/km) or imperial (mi, min/mi).")
        var units: DisplayUnits = .metric

        @Option(name: .customLong("pause-at"), help: "Pause at this many seconds of track time after the first sample (repeatable).")
        var pauseAt: [Double] = []

        @Option(name: .customLong("resume-at"), help: "Resume at this many seconds of track time after the first sample (repeatable).")
        var resumeAt: [Double] = []

        @Flag(name: .long, help: "Pause and resume automatically by speed (the activity's thresholds).")
        var autoPause = false

        @Option(name: .long, help: "Journal the session into this directory as it replays (crash-safe; see `recover`).", completion: .directory)
        var journal: String?

        func validate() throws {
            if speed != nil, asFastAsPossible {
                throw ValidationError("--speed and --as-fast-as-possible exclude each other.")
            }
            if let speed, !TrackReplayConfiguration.supportedSpeeds.contains(speed) {
                throw ValidationError("--speed must be between \(TrackReplayConfiguration.supportedSpeeds.lowerBound) and \(Int(TrackReplayConfiguration.supportedSpeeds.upperBound)) times real time, got \(speed).")
            }
            if !FrameSchedule.supportedFramesPerSecond.contains(fps) {
                throw ValidationError("--fps must be between 1 and 120, got \(fps).")
            }
            if (pauseAt + resumeAt).contains(where: { !($0 >= 0 && $0.isFinite) }) {
                throw ValidationError("--pause-at and --resume-at take seconds of track time, 0 or more.")
            }
        }

        func run() throws {
            try reportingErrors {
                var options = track.summaryOptions
                options.autoPause = autoPause ? .on : .off
                if let journal { try ReplayRunner.prepareJournal(directory: journal) }
                let runner = ReplayRunner(
                    trackPath: track.path, inputFormat: track.inputFormat, format: format,
                    configuration: TrackReplayConfiguration(
                        options: options, units: units, framesPerSecond: fps, speed: asFastAsPossible ? nil : (speed ?? 1),
                        pauseAtOffsets: pauseAt, resumeAtOffsets: resumeAt, journalDirectory: journal,
                        logger: ReplayRunner.journalLogger, readOptions: track.readOptions))
                try runner.run()
            }
        }
    }
}
