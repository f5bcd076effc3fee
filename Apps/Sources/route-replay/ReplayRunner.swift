import Logging
import WorkoutEngine

/// Wires a replay: the track, the printer, the pacer and the journal, for `replay` and `recover --continue`.
/// The session logic is the library's (`TrackReplay.run`).
struct ReplayRunner {
    var trackPath: String
    var inputFormat: TrackFormat?
    var format: RouteReplay.Replay.OutputFormat
    var configuration: TrackReplayConfiguration

    /// Replays the track; when `continuing` is a recovered session, its journaled samples are passed over
    /// and the session resumes at the next one.
    func run(continuing recovered: RecoveredSession? = nil, samplesToSkip: Int = 0) throws {
        let input = try TrackInput(path: trackPath)
        let output = ReplayPrinter(format: format, units: configuration.units, input: input, paced: configuration.speed != nil)
        let (result, printed): (TrackReplayResult, ReplayPrinter)
        do {
            if let speed = configuration.speed {
                (result, printed) = try TrackReplay.runPaced(
                    input, format: inputFormat, configuration: configuration, output: output, pacer: RealTimePacer(speed: speed),
                    continuing: recovered, samplesToSkip: samplesToSkip)
            } else {
                (result, printed) = try TrackReplay.run(
                    input, format: inputFormat, configuration: configuration, output: output, continuing: recovered, samplesToSkip: samplesToSkip)
            }
        } catch {
            // The frames computed before the error are written out (standard output is buffered; the
            // printer's copies share it).
            output.out.flush()
            throw error
        }
        printReadingWarnings(path: trackPath, result.report.skippedFields, damage: result.report.damage, engine: result.summary.metrics.warnings)
        if result.journalFinished == false {
            printError("journal: the summary could not be written durably; the journal is kept for recovery (\(result.journalStatus.map { "\($0)" } ?? "-"))")
        }
        var printer = printed
        try printer.finish(summary: result.summary)
    }

    /// The journal's logger: warnings and errors only.
    static var journalLogger: Logger {
        var logger = Logger(label: "route-replay.journal")
        logger.logLevel = .warning
        return logger
    }

    /// Creates the journal directory when it is missing; an error names it.
    static func prepareJournal(directory: String) throws {
        let fileSystem = POSIXFileSystem()
        do {
            try fileSystem.createDirectory(directory)
        } catch {
            throw TrackInputError.cannotOpen(path: directory, reason: "cannot create journal directory: \(error)")
        }
    }
}
