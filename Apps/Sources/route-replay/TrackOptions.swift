import ArgumentParser
import WorkoutEngine

/// The options every command that reads a track shares.
struct TrackOptions: ParsableArguments {
    @Argument(help: "A GPX, JSON, NDJSON or FIT track, or - for standard input.", completion: .file(extensions: ["gpx", "json", "ndjson", "jsonl", "fit"]))
    var path: String

    @Option(name: .long, help: "The input format (default: from the file extension, else from the first bytes).")
    var inputFormat: TrackFormat?

    @Option(name: .long, help: "The activity (default: the track's own type, else running).")
    var activity: ActivityType?

    @Option(name: .long, help: "Location filtering: default, or none to keep every valid coordinate.")
    var filter: LocationFilterMode = .default

    @Flag(name: .long, help: "Damaged input (a truncated FIT file, a CRC mismatch) is an error (exit 65), not a summary of what came before the damage.")
    var strict = false

    /// How the reader treats damaged input.
    var readOptions: TrackReadOptions { TrackReadOptions(strict: strict) }

    /// The options as given, keeping every fix of the route (exports need them).
    var workoutOptions: WorkoutOptions {
        WorkoutOptions(activity: activity ?? .running, activityIsExplicit: activity != nil, filterMode: filter)
    }

    /// The options for commands that only summarise the route: it is kept decimated to half the
    /// simplification tolerance, so memory grows with the route's shape, not with the file.
    var summaryOptions: WorkoutOptions {
        var options = workoutOptions
        options.routeStorage = .decimated(toleranceMeters: options.simplificationToleranceMeters / 2)
        return options
    }
}
