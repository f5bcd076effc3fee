import ArgumentParser
import WorkoutEngine

extension RouteReplay {
    /// `route-replay convert`: writes a track's samples as they are read, GPX or NDJSON, without the engine.
    struct Convert: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "convert",
            abstract: "Converts a track to GPX or NDJSON as it is read: every sample, nothing filtered or measured.",
            discussion: """
            What a converter such as GPSBabel does: the file's samples, in its order, without the engine (no \
            filter, no smoothing, no geodesic; PROJ and GEOS are not opened). `export` writes what the engine \
            accepts instead. NDJSON keeps every sample (locations, readings, events, laps, the device's \
            distance) and reads back as the same samples; it needs a time on every sample. GPX writes a \
            <trkpt> per location with the heart rate, cadence, power and temperature of its time, starts a \
            <trkseg> at each segment and pause, and counts what it has no place for in one warning line.
            Exit codes: 64 usage, 65 malformed input or an untimed sample for NDJSON, 66 input unreadable, \
            73 output not writable.
            """)

        enum Target: String, ExpressibleByArgument, CaseIterable {
            case gpx, ndjson
        }

        @Argument(help: "A GPX, TCX, FIT, JSON or NDJSON track, or - for standard input.", completion: .file(extensions: ["gpx", "tcx", "fit", "json", "ndjson", "jsonl"]))
        var path: String

        @Option(name: .long, help: "The input format (default: from the file extension, else from the first bytes).")
        var inputFormat: TrackFormat?

        @Flag(name: .long, help: "Refuse the input (exit 65) when an optional field does not parse (instead of dropping it with a warning) or a binary file is damaged (instead of converting what came before the damage).")
        var strict = false

        @Option(name: .customLong("to"), help: "What to write.")
        var target: Target

        @Option(name: [.customShort("o"), .long], help: "The output file (default: standard output).")
        var output: String?

        func validate() throws {
            if let output, FileIdentity(path: output) != nil, FileIdentity(path: output) == FileIdentity(path: path) {
                throw ValidationError("-o \(output) is the input track; write the conversion elsewhere.")
            }
        }

        func run() throws {
            let destination = try reportingErrors {
                try output.map { path throws(FileOutputError) in try FileTextOutput(replacingFileAt: path) } ?? FileTextOutput.standardOutput()
            }
            // Written in 64 KiB blocks, to a pipe too: nobody reads a conversion point by point.
            destination.flushesEachWrite = false
            let options = TrackReadOptions(strict: strict)
            let report: TrackReadReport
            var leftOut: [String: Int] = [:]
            switch target {
            case .gpx:
                var writer = GPXSampleWriter(output: destination)
                report = try reportingErrors { try TrackReader.read(TrackInput(path: path), format: inputFormat, options: options, into: &writer) }
                writer.finish()
                leftOut = writer.leftOut
            case .ndjson:
                var writer = NDJSONSampleWriter(output: destination)
                report = try reportingErrors {
                    do {
                        return try TrackReader.read(TrackInput(path: path), format: inputFormat, options: options, into: &writer)
                    } catch let error as NDJSONSampleWriter<FileTextOutput>.UntimedSampleError {
                        printError("\(path): \(error)")
                        throw ExitCode(ExitStatus.malformedInput)
                    }
                }
                writer.finish()
            }
            printReadingWarnings(path: path, report.skippedFields, damage: report.damage)
            if let line = Self.leftOutWarning(path: path, leftOut) {
                var stream = StandardError()
                print(line, to: &stream)
            }
            do {
                try destination.close()
            } catch {
                printError("\(error)")
                throw ExitCode(error.stage == .create ? ExitStatus.cannotCreate : ExitStatus.ioError)
            }
        }

        /// One warning line naming what GPX had no place for, by sample type, or `nil` when nothing was left out.
        static func leftOutWarning(path: String, _ counts: [String: Int]) -> String? {
            guard !counts.isEmpty else { return nil }
            let parts = counts.keys.sorted().map { "\(counts[$0] ?? 0) \($0)" }
            return "route-replay: warning: \(path): GPX has no place for \(parts.joined(separator: ", ")) (--to ndjson keeps every sample)"
        }
    }
}
