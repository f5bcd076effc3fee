import ArgumentParser
import WorkoutEngine

/// `--profile FILE.json`: the athlete behind heart-rate zones, TRIMP and energy estimates. Shared by the
/// commands that summarise or replay a workout.
struct ProfileOptions: ParsableArguments {
    @Option(
        name: .long,
        help: ArgumentHelp(
            "An athlete profile: JSON with massKilograms, ageYears, sex (male|female), restingHeartRate, maxHeartRate, ftpWatts, every key optional.",
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
