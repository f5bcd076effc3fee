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

/// `--profile FILE.json`: the athlete behind heart-rate zones, TRIMP and energy estimates. Shared by the
/// commands that summarise or replay a workout.
struct ProfileOptions: ParsableArguments {
    @Option(
        name: .long,
        help: ArgumentHelp(
            "An athlete profile: JSON with massKilograms, ageYears, sex (male|female), restingHeartRate, maxHeartRate, every key optional.",
            valueName: "file.json"),
        completion: .file(extensions: ["json"]))
    var profile: String?

    /// The profile from `--profile`, or an empty one (every value assumed). A missing or unreadable file
    /// is reported and exits with 66; a malformed one names the field and exits with 65.
    func loadProfile() throws -> AthleteProfile {
        guard let profile else { return AthleteProfile() }
        do {
            return try AthleteProfile(contentsOfFile: profile)
        } catch {
            printError("\(error)")
            switch error {
            case .cannotRead: throw ExitCode(ExitStatus.inputUnavailable)
            case .malformed: throw ExitCode(ExitStatus.malformedInput)
            }
        }
    }

    /// `options` with the profile filled in.
    func applied(to options: WorkoutOptions) throws -> WorkoutOptions {
        var options = options
        options.profile = try loadProfile()
        return options
    }
}
