import WorkoutEngine
import ArgumentParser

/// `route-replay`: replays GPX/JSON/NDJSON tracks through WorkoutEngine.
@main
struct RouteReplay: AsyncParsableCommand {
    // Every command states its name: ArgumentParser derives a missing one with `String(describing:)`,
    // a search through the binary's protocol conformances at each start.
    static let configuration = CommandConfiguration(
        commandName: "route-replay",
        abstract: "Replays recorded GPX, TCX, JSON and NDJSON workout tracks through WorkoutEngine.",
        discussion: """
        Exit codes: 0 success, 64 usage error, 65 malformed input, 66 input missing or unreadable.
        """,
        version: "0.1.0",
        subcommands: [Summary.self, Replay.self, Recover.self, Export.self, Import.self, List.self, Live.self]
    )
}
