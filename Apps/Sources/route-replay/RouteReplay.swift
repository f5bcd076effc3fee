import WorkoutEngine
import ArgumentParser
import WorkoutStore

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
        subcommands: [Summary.self, Replay.self, Recover.self, Export.self, Convert.self, Import.self, List.self, Live.self]
    )

    /// Runs the command. One that reads a track has PROJ, then GEOS, opened on a thread of its own meanwhile
    /// (libproj and its forty libraries are most of a short command's start-up; the first geodesic waits
    /// for them only if it comes first); any other opens neither unless it needs them. Exits 69 when a
    /// figure needed one that could not be opened.
    static func main() async {
        let arguments = Array(CommandLine.arguments.dropFirst())
        if let first = arguments.first, [Summary.configuration.commandName, Import.configuration.commandName].contains(first) {
            // One file's analysis series grow by doubling and its end allocates and frees columns and 1 s grids
            // of the same sizes; many files (`summary` of a directory, `import`) allocate the same buffers again
            // and again: from the heap, freed blocks are used again instead of faulting fresh pages in. Set
            // before PROJ starts opening: it looks `mallopt` up with `dlsym`, which waits for the loader.
            HeapTuning.keepLargeBuffersForReuse()
        }
        let opensLibraries = readsTracks(arguments)
        if opensLibraries {
            // Nothing is awaited before a synchronous command runs, so it runs on this, the main thread, and
            // makes no thread of its own before its work needs one: while the dynamic loader opens a library,
            // no thread can start (glibc holds the lock `pthread_create` takes for thread-local storage).
            GEOSLibrary.startLoadingWithPROJ()
        }
        do {
            var command = try parseAsRoot()
            if var asyncCommand = command as? any AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
        } catch {
            if opensLibraries { waitForLibraries() }
            // A file that failed because a library was missing (a batch counts it with the malformed ones),
            // unless the error said so already.
            if (error as? ExitCode)?.rawValue != ExitStatus.serviceUnavailable { exitIfALibraryWasMissing() }
            exit(withError: error)
        }
        if opensLibraries { waitForLibraries() }
        exitIfALibraryWasMissing()
    }

    /// Says which library a figure needed and could not have, and exits 69; returns when there is none.
    static func exitIfALibraryWasMissing() {
        let unopened: [String] = [
            PROJLibrary.failureAfterUse.map { "\(GeodesyError.libraryUnavailable(reason: $0))" },
            GEOSLibrary.failureAfterUse.map { "\(RouteGeometryError.libraryUnavailable(reason: $0))" },
            XMLLibrary.failureAfterUse.map { XMLLibrary.unavailableMessage(reason: $0) },
        ].compactMap(\.self)
        guard !unopened.isEmpty else { return }
        for message in unopened { printError("\(message); what the command wrote is incomplete") }
        Self.exit(withError: ExitCode(ExitStatus.serviceUnavailable))
    }

    /// Waits for PROJ and GEOS to be open. A command that ends before its first figure (a malformed file, a
    /// track without positions) would exit while the dynamic loader may still be opening them on the other
    /// thread, and exit's clean-up under it can crash the process.
    static func waitForLibraries() {
        _ = PROJLibrary.failure
        _ = GEOSLibrary.failure
    }

    /// Whether `arguments` (without the program's name) run a command that reads a track, not its help.
    static func readsTracks(_ arguments: [String]) -> Bool {
        let commands: [any ParsableCommand.Type] = [Summary.self, Replay.self, Export.self, Import.self, Live.self, Recover.self]
        guard let first = arguments.first, commands.contains(where: { $0.configuration.commandName == first }) else { return false }
        return !arguments.contains { ["-h", "--help", "--help-hidden", "--version", "--experimental-dump-help"].contains($0) }
    }
}
