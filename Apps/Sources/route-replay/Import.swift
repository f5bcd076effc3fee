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
            let bar = isatty(1) == 1
            let clock = ContinuousClock()
            let started = clock.now
            var points = 0
            let report = await WorkoutImporter.run(paths: paths, into: opened, athlete: athlete, jobs: jobs) { event in
                points += event.pointCount
                let seconds = Self.seconds(clock.now - started)
                switch event.outcome {
                case .failed(let message):
                    if bar { print("\r\u{1B}[K", terminator: "") }
                    printError(message)
                case .stored(let id) where !bar:
                    print("stored \(id) \(event.path) (\(event.pointCount) points) [\(event.done)/\(event.total)]")
                case .alreadyStored(let id) where !bar:
                    print("already stored \(id) \(event.path) [\(event.done)/\(event.total)]")
                default:
                    break
                }
                if bar {
                    print("\r\u{1B}[K" + Self.progressBar(done: event.done, total: event.total, points: points, seconds: seconds), terminator: "")
                }
                fflush(nil)
            }
            await opened.close()
            if bar { print("") }
            let seconds = Self.seconds(clock.now - started)
            let rate = seconds > 0 ? Double(report.stored + report.alreadyStored) / seconds : 0
            var stream = StandardError()
            print("route-replay: imported \(report.stored), already stored \(report.alreadyStored), failed \(report.failures.count); "
                  + "\(report.pointCount) points in \(DisplayFormatting.fixed(seconds, digits: 2)) s (\(DisplayFormatting.fixed(rate, digits: 1)) files/s)",
                  to: &stream)
            if !report.failures.isEmpty { throw ExitCode(ExitStatus.malformedInput) }
        }

        static func seconds(_ duration: Duration) -> Double {
            Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
        }

        /// `[#########           ] 12/40 files, 34 512 points/s, ETA 0:07`
        static func progressBar(done: Int, total: Int, points: Int, seconds: Double) -> String {
            let width = 30
            let filled = total > 0 ? width * done / total : width
            let rate = seconds > 0 ? Double(points) / seconds : 0
            let eta = done > 0 && done < total ? seconds / Double(done) * Double(total - done) : 0
            return "[" + String(repeating: "#", count: filled) + String(repeating: " ", count: width - filled) + "] "
                + "\(done)/\(total) files, \(Int(rate)) points/s, ETA \(DisplayFormatting.duration(seconds: eta))"
        }
    }
}
