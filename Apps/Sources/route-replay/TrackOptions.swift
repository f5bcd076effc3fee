import ArgumentParser
import WorkoutEngine

/// The options every command that reads a track shares: one track's path and how it is read.
struct TrackOptions: ParsableArguments {
    @Argument(help: "A GPX, TCX, FIT, JSON or NDJSON track, or - for standard input.", completion: .file(extensions: ["gpx", "tcx", "fit", "json", "ndjson", "jsonl"]))
    var path: String

    @OptionGroup var reading: TrackReadingOptions

    /// The input format given with `--input-format`, if any.
    var inputFormat: TrackFormat? { reading.inputFormat }
    /// How the reader treats optional fields that do not parse and damaged binary input.
    var readOptions: TrackReadOptions { reading.readOptions }
    /// The options as given, keeping every fix of the route (exports need them).
    var workoutOptions: WorkoutOptions { reading.workoutOptions }
    /// The options for commands that only summarise the route (see ``TrackReadingOptions/summaryOptions``).
    var summaryOptions: WorkoutOptions { reading.summaryOptions }
}

/// How a track is read and measured: the options of ``TrackOptions`` without the path, for commands that
/// take several tracks (`summary`).
struct TrackReadingOptions: ParsableArguments {
    @Option(name: .long, help: "The input format (default: from the file extension, else from the first bytes).")
    var inputFormat: TrackFormat?

    @Option(name: .long, help: "The activity (default: the track's own type, else running).")
    var activity: ActivityType?

    @Option(name: .long, help: "Location filtering: default, or none to keep every valid coordinate.")
    var filter: LocationFilterMode = .default

    @Flag(name: .long, help: "Refuse the input (exit 65) when an optional field does not parse (instead of dropping it with a warning) or a binary file is damaged (instead of summarising what came before the damage).")
    var strict = false

    /// How the reader treats optional fields that do not parse and damaged binary input.
    var readOptions: TrackReadOptions { TrackReadOptions(strict: strict) }

    @Flag(name: .long, help: "Leave out the summary's analysis (splits, laps, best efforts, curves, training load, climbs): memory then stays flat however long the track.")
    var noAnalysis = false

    /// The options as given, keeping every fix of the route (exports need them).
    var workoutOptions: WorkoutOptions {
        WorkoutOptions(activity: activity ?? .running, activityIsExplicit: activity != nil, filterMode: filter,
                       collectsAnalysis: !noAnalysis)
    }

    /// The options for commands that only summarise the route: it is kept decimated to half the
    /// simplification tolerance, so memory grows with the route's shape, not with the file.
    var summaryOptions: WorkoutOptions {
        var options = workoutOptions
        options.routeStorage = .decimated(toleranceMeters: options.simplificationToleranceMeters / 2)
        return options
    }
}
