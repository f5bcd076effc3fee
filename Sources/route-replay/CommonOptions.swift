import ArgumentParser
import TrackFormats
import WorkoutEngine
import WorkoutSamples

extension ActivityType: ExpressibleByArgument {}
extension LocationFilterMode: ExpressibleByArgument {}
extension TrackFormat: ExpressibleByArgument {}

/// The options every command that reads a track shares.
struct TrackOptions: ParsableArguments {
    @Argument(help: "A GPX, JSON or NDJSON track, or - for standard input.", completion: .file(extensions: ["gpx", "json", "ndjson", "jsonl"]))
    var path: String

    @Option(name: .long, help: "The input format (default: from the file extension, else from the first bytes).")
    var inputFormat: TrackFormat?

    @Option(name: .long, help: "The activity (default: the track's own type, else running).")
    var activity: ActivityType?

    @Option(name: .long, help: "Location filtering: default, or none to keep every valid coordinate.")
    var filter: LocationFilterMode = .default

    var workoutOptions: WorkoutOptions {
        WorkoutOptions(activity: activity ?? .running, activityIsExplicit: activity != nil, filterMode: filter)
    }
}
