import ArgumentParser
import WorkoutEngine
import WorkoutStore
#if canImport(Glibc)
import Glibc
#endif

extension RouteReplay {
    /// `route-replay import`: stores track files in a database (the logic is `WorkoutImporter`'s).
    struct Import: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "import",
            abstract: "Imports track files (or directories of them) into a workout store.",
            discussion: """
            Each file is run through the engine and saved in one transaction, with its route and samples. A file \
            whose bytes are already stored is reported as "already stored". A bad file is reported as \
            path:line:column: what and skipped; the exit status is 65 when any file failed. On a pipe, one line \
            per file; on a terminal, a progress bar.
            """)

        @Argument(help: "Track files or directories (GPX, JSON, NDJSON, TCX, FIT; directories are searched recursively).")
        var paths: [String]

        @Option(name: .long, help: "sqlite:PATH or postgres://USER@HOST:PORT/DATABASE.")
        var store: String

        @Option(name: .long, help: "The athlete the workouts belong to.")
        var athlete: String = "default"

        @Option(name: .long, help: "Files parsed at once.")
        var jobs: Int = 1

        @OptionGroup var reading: TrackReadingOptions

        func validate() throws {
            guard jobs >= 1, jobs <= 64 else { throw ValidationError("--jobs must be 1...64") }
            guard !athlete.isEmpty else { throw ValidationError("--athlete must not be empty") }
        }

        func run() async throws {
            let opened: any WorkoutStore
            do {
                opened = try await WorkoutStores.open(store)
            } catch let error as StoreError {
                printError("\(error)")
                if case .badLocation = error { throw ExitCode(ExitStatus.usage) }
                throw ExitCode(ExitStatus.serviceUnavailable)
            }
            var progress = BatchProgress(descriptor: 1)
            let report = await WorkoutImporter.run(
                paths: paths, into: opened, athlete: athlete, jobs: jobs, options: reading.workoutOptions,
                format: reading.inputFormat, readOptions: reading.readOptions
            ) { event in
                switch event.outcome {
                case .failed(let message):
                    progress.clearLine()
                    printError(message)
                case .stored(let id):
                    if !progress.isShown {
                        print("stored \(id) \(event.path) (\(event.pointCount) \(event.pointCount == 1 ? "point" : "points")) [\(event.done)/\(event.total)]")
                    }
                    if !event.skippedFields.isEmpty || !event.warnings.isEmpty {
                        progress.clearLine()
                        printReadingWarnings(path: event.path, event.skippedFields, engine: event.warnings)
                    }
                case .alreadyStored(let id) where !progress.isShown:
                    print("already stored \(id) \(event.path) [\(event.done)/\(event.total)]")
                default:
                    break
                }
                progress.fileDone(done: event.done, total: event.total, points: event.pointCount)
                fflush(nil)
            }
            await opened.close()
            progress.finish()
            var stream = StandardError()
            print(progress.closingLine(
                counts: "imported \(report.stored), already stored \(report.alreadyStored), failed \(report.failures.count)",
                points: report.pointCount, files: report.stored + report.alreadyStored), to: &stream)
            if !report.failures.isEmpty { throw ExitCode(ExitStatus.malformedInput) }
        }
    }
}
