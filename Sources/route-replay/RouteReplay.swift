import ArgumentParser

@main
struct RouteReplay: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "route-replay", abstract: "Replays GPX/JSON tracks through WorkoutEngine.")
    func run() throws {}
}
