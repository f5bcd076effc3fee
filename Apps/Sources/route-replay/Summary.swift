import ArgumentParser
import WorkoutEngine
import WorkoutStore
#if canImport(Glibc)
import Glibc
#endif

extension RouteReplay {
    /// `route-replay summary`: reads a whole track and prints its summary; given several tracks or a
    /// directory, one summary per file, several files at once.
    struct Summary: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "summary",
            abstract: "Prints the summary of a track: time, distance, pace, elevation, heart rate, route.",
            discussion: """
            Given one file, prints its summary (one JSON object, or text). Given several files or a directory \
            (searched recursively for .gpx, .tcx, .fit, .json and .ndjson files), prints one line per file in \
            the order given: {"path": ..., "summary": {...}} or {"path": ..., "error": "path:line:column: what"}; \
            a bad file is also reported on standard error and the others go on; the exit status is 65 when any \
            file failed. --jobs files are read at once; on a terminal, standard error shows a progress bar.
            """)

        enum OutputFormat: String, ExpressibleByArgument, CaseIterable {
            case json, text
        }

        @Argument(help: "GPX, TCX, FIT, JSON or NDJSON tracks, directories of them, or - for standard input.",
                  completion: .file(extensions: ["gpx", "tcx", "fit", "json", "ndjson", "jsonl"]))
        var paths: [String]

        @OptionGroup var track: TrackReadingOptions

        @OptionGroup var athlete: ProfileOptions

        @Option(name: .long, help: "Output format.")
        var format: OutputFormat = .json

        @Option(name: .long, help: "Units of --format text: metric (km splits, min/km) or imperial (mile splits, min/mi).")
        var units: DisplayUnits = .metric

        @Option(name: .long, help: "Files summarised at once, with several files (default: the number of processors).")
        var jobs: Int?

        func validate() throws {
            guard !paths.isEmpty else { throw ValidationError("Missing expected argument '<paths> ...'") }
            if let jobs, !(1...256).contains(jobs) { throw ValidationError("--jobs must be 1...256") }
            if paths.count > 1, paths.contains("-") {
                throw ValidationError("- (standard input) cannot be summarised together with other tracks.")
            }
        }

        func run() throws {
            let options = try athlete.applied(to: track.summaryOptions)
            if paths.count == 1, !Self.isDirectory(paths[0]) {
                return try summariseOne(paths[0], options: options)
            }
            try summariseMany(WorkoutImporter.expand(paths), options: options)
        }

        private func summariseOne(_ path: String, options: WorkoutOptions) throws {
            let summary = try reportingErrors {
                try WorkoutSummary(contentsOfTrack: path, format: track.inputFormat, options: options, readOptions: track.readOptions)
            }
            printReadingWarnings(path: path, summary.skippedFields, damage: summary.damage, engine: summary.metrics.warnings)
            try writeStandardOutput(format == .json ? summary.jsonText() + "\n" : summary.text(units: units))
        }

        private func summariseMany(_ files: [String], options: WorkoutOptions) throws {
            let jobs = jobs ?? Self.processorCount
            let inputFormat = track.inputFormat
            // The jobs keep the cores busy: a second thread per file would only contend with them.
            let readOptions = { var read = track.readOptions; read.readsAhead = jobs < 2; return read }()
            let format = format
            let units = units
            let batch = SummaryBatch(paths: files, jobs: jobs) { path in
                Self.outcome(path: path, format: inputFormat, options: options, readOptions: readOptions,
                             output: format, units: units)
            }
            let out = FileTextOutput.standardOutput()
            var progress = BatchProgress(descriptor: 2)
            var failed = 0
            var points = 0
            batch.run(jobs: jobs) { outcome, done in
                out.write(outcome.output)
                out.flush()
                if !outcome.warnings.isEmpty || outcome.failure != nil { progress.clearLine() }
                var stream = StandardError()
                for warning in outcome.warnings { print(warning, to: &stream) }
                if let failure = outcome.failure {
                    failed += 1
                    printError(failure)
                }
                points += outcome.pointCount
                progress.fileDone(done: done, total: files.count, points: outcome.pointCount)
            }
            progress.finish()
            do {
                try out.close()
            } catch {
                printError("\(error)")
                throw ExitCode(ExitStatus.ioError)
            }
            if progress.isShown {
                var stream = StandardError()
                print(progress.closingLine(counts: "summarised \(files.count - failed), failed \(failed)",
                                           points: points, files: files.count), to: &stream)
            }
            if failed > 0 { throw ExitCode(ExitStatus.malformedInput) }
        }

        /// One file's outcome: the NDJSON line (or text) with its path, or its error.
        static func outcome(path: String, format: TrackFormat?, options: WorkoutOptions, readOptions: TrackReadOptions,
                            output: OutputFormat, units: DisplayUnits) -> SummaryBatch.Outcome {
            do {
                let summary = try WorkoutSummary(contentsOfTrack: path, format: format, options: options, readOptions: readOptions)
                let text = output == .json
                    ? line(path: path) { summary.write(to: &$0, key: "summary") }
                    : "==> \(path) <==\n" + summary.text(units: units) + "\n"
                return SummaryBatch.Outcome(path: path, output: text, warnings: readingWarnings(path: path, summary.skippedFields, damage: summary.damage, engine: summary.metrics.warnings),
                                            pointCount: summary.metrics.locationCount)
            } catch {
                let message = error is TrackFormatError || error is TrackInputError ? "\(error)" : "\(path): \(error)"
                let text = output == .json
                    ? line(path: path) { $0.string("error", message) }
                    : "==> \(path) <==\nerror: \(message)\n\n"
                return SummaryBatch.Outcome(path: path, output: text, failure: message)
            }
        }

        /// One NDJSON line: `{"path": path, ...}` with what `body` writes after the path.
        static func line(path: String, _ body: (inout JSONWriter) -> Void) -> String {
            var json = JSONWriter()
            json.beginObject()
            json.string("path", path)
            body(&json)
            json.endObject()
            return json.text + "\n"
        }

        static func isDirectory(_ path: String) -> Bool {
            var info = stat()
            return path != "-" && stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
        }

        /// Processors this process may run on.
        static var processorCount: Int {
            max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))
        }
    }
}
