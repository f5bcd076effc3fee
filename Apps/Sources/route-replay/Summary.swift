import ArgumentParser
import WorkoutEngine

extension RouteReplay {
    /// `route-replay summary`: reads a whole track and prints its summary.
    struct Summary: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Prints the summary of a track: time, distance, pace, elevation, heart rate, route.")

        enum OutputFormat: String, ExpressibleByArgument, CaseIterable {
            case json, text
        }

        @OptionGroup var track: TrackOptions

        @OptionGroup var athlete: ProfileOptions

        @Option(name: .long, help: "Output format.")
        var format: OutputFormat = .json

        @Option(name: .long, help: "Units of --format text: metric (km splits, min/km) or imperial (mile splits, min/mi).")
        var units: DisplayUnits = .metric

        func run() throws {
            let options = try athlete.applied(to: track.summaryOptions)
            let summary = try reportingErrors {
                try WorkoutSummary(contentsOfTrack: track.path, format: track.inputFormat, options: options, readOptions: track.readOptions)
            }
            printSkippedFieldWarnings(path: track.path, summary.skippedFields)
            try writeStandardOutput(format == .json ? summary.jsonText() + "\n" : summary.text(units: units))
        }
    }
}
