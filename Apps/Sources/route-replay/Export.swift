import ArgumentParser
import WorkoutEngine

extension RouteColoring: @retroactive ExpressibleByArgument {}

extension RouteReplay {
    /// `route-replay export`: writes a track's accepted route as GPX, GeoJSON, an encoded polyline, CSV,
    /// or draws it (map or chart) as SVG or PNG.
    struct Export: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "export",
            abstract: "Exports a track's route (GPX, GeoJSON, encoded polyline, CSV) or draws its map or a chart (SVG, PNG).",
            discussion: """
            The route is what the engine accepts (see --filter); a pause or gap starts a new segment, which \
            becomes a <trkseg> in GPX, a Feature in GeoJSON, a new `segment` value in CSV, and a break in maps \
            and charts. Text formats go to standard output unless -o is given. PNG needs a file: without -o it \
            is written to <track name>.png (or <track name>-<chart>.png) in the current directory, and is \
            rendered by rsvg-convert (Debian package librsvg2-bin; override its path with RSVG_CONVERT).
            --simplify applies to polyline (default 5 m) and geojson (default: every fix).
            Exit codes: 64 usage, 65 malformed input or nothing to export, 66 input unreadable, \
            69 rsvg-convert missing, 70 rendering failed, 73 output not writable.
            """)

        enum Target: String, ExpressibleByArgument, CaseIterable {
            case gpx, geojson, polyline, csv, svg, png
        }

        enum Picture: String, ExpressibleByArgument, CaseIterable {
            /// The route map.
            case map
            case elevation, pace, speed, heartRate
            /// The splits as bars; the mean-maximal power curve (pace or speed without power).
            case splits
            case powerCurve = "power-curve"
            /// The chart of the activity's fourth statistic: pace (running, walking), speed (cycling),
            /// heart rate (hiking).
            case stat
        }

        @OptionGroup var track: TrackOptions

        @OptionGroup var athlete: ProfileOptions

        @Option(name: .customLong("to"), help: "What to write.")
        var target: Target

        @Option(name: [.customShort("o"), .long], help: "The output file (default: standard output; for png, <track name>[-<chart>].png).")
        var output: String?

        @Option(name: .long, help: ArgumentHelp("Simplification tolerance in metres for polyline (default 5) and geojson (default none).", valueName: "meters"))
        var simplify: Double?

        @Option(name: .long, help: "Map line colour: none (the activity's colour, fading along the route), pace, heartRate or elevation.")
        var colorBy: RouteColoring = .none

        @Option(name: .long, help: "What svg/png draw: the route map, or a chart (stat = the activity's fourth stat: pace, speed or heart rate; splits; power-curve, the pace curve without power).")
        var chart: Picture = .map

        @Option(name: .long, help: "Picture width in pixels.")
        var width: Int = 800

        @Option(name: .long, help: "Picture height in pixels (default: fitted to the route for maps, 320 for charts).")
        var height: Int?

        @Option(name: .long, help: "PNG zoom factor (2 doubles the pixel size).")
        var scale: Double = 1

        @Option(name: .long, help: "Units of labels, legends and scale bars.")
        var units: DisplayUnits = .metric

        func validate() throws {
            if let simplify, !(simplify.isFinite && simplify >= 0) {
                throw ValidationError("--simplify must be a distance in metres, 0 or more.")
            }
            if !(200...4000).contains(width) { throw ValidationError("--width must be within 200...4000.") }
            if let height, !(120...3000).contains(height) { throw ValidationError("--height must be within 120...3000.") }
            if !(scale.isFinite && scale > 0 && scale <= 8) { throw ValidationError("--scale must be within (0, 8].") }
            if chart != .map, target != .svg, target != .png {
                throw ValidationError("--chart applies to --to svg and --to png only.")
            }
            if colorBy != .none, target != .svg, target != .png {
                throw ValidationError("--color-by applies to --to svg and --to png only.")
            }
            if let output, FileIdentity(path: output) != nil, FileIdentity(path: output) == FileIdentity(path: track.path) {
                throw ValidationError("-o \(output) is the input track; write the export elsewhere.")
            }
        }

        func run() throws {
            var options = try athlete.applied(to: track.workoutOptions)
            // GPX, GeoJSON and the polyline carry the route and each fix's own readings, nothing of the
            // analysis (splits, curves, climbs: CSV's distances, charts and maps use it); the fixes'
            // distances are settled the same way without it.
            if target == .gpx || target == .geojson || target == .polyline { options.collectsAnalysis = false }
            let exported = try reportingErrors {
                try ExportTrack(contentsOfTrack: track.path, format: track.inputFormat, options: options, readOptions: track.readOptions)
            }
            printReadingWarnings(path: track.path, exported.skippedFields, damage: exported.damage, engine: exported.metrics.warnings)
            do {
                switch target {
                case .gpx:
                    try writeText { exported.writeGPX(to: $0) }
                case .csv:
                    try writeText { exported.writeCSV(to: $0) }
                case .geojson:
                    let text = try exported.geoJSON(toleranceMeters: simplify)
                    try writeText { output in
                        output.write(text + "\n")
                        return output
                    }
                case .polyline:
                    let encoded = try exported.encodedPolyline(toleranceMeters: simplify ?? RouteSummary.defaultSimplificationToleranceMeters)
                    try writeText { output in
                        output.write(encoded.polyline + "\n")
                        return output
                    }
                case .svg:
                    let svg = try picture(of: exported)
                    try writeText { output in
                        output.write(svg.text)
                        return output
                    }
                case .png:
                    let svg = try picture(of: exported)
                    let path = output ?? defaultPNGName()
                    try PNGRenderer.render(svg, to: path, zoom: scale)
                    if output == nil {
                        var stream = StandardError()
                        print("route-replay: wrote \(path)", to: &stream)
                    }
                }
            } catch let error as ExportError {
                printError("\(error)")
                switch error {
                case .emptyRoute, .missingData: throw ExitCode(ExitStatus.malformedInput)
                case .rendererMissing: throw ExitCode(ExitStatus.serviceUnavailable)
                case .projection, .rendererFailed: throw ExitCode(ExitStatus.unexpectedError)
                }
            } catch let error as FileOutputError {
                printError("\(error)")
                throw ExitCode(error.stage == .create ? ExitStatus.cannotCreate : ExitStatus.ioError)
            } catch let error as ExitCode {
                throw error
            } catch {
                printError("\(error)")
                throw ExitCode(ExitStatus.unexpectedError)
            }
        }

        /// Streams a text export to `-o` (a new file renamed over the old one once complete) or standard output.
        private func writeText(_ body: (FileTextOutput) -> FileTextOutput) throws {
            let destination = try output.map { path throws(FileOutputError) in try FileTextOutput(replacingFileAt: path) }
                ?? FileTextOutput.standardOutput()
            // An export is written in 64 KiB blocks, to a pipe too: nobody reads it point by point (a write
            // per point was 0.1 s of a 20 000-point GPX export).
            destination.flushesEachWrite = false
            try body(destination).close()
        }

        private func picture(of exported: ExportTrack) throws -> RenderedSVG {
            let kind: ChartKind
            switch chart {
            case .map:
                return try RouteMapRenderer.svg(for: exported, options: RouteMapOptions(width: width, height: height, coloring: colorBy, units: units))
            case .elevation: kind = .elevation
            case .pace: kind = .pace
            case .speed: kind = .speed
            case .heartRate: kind = .heartRate
            case .splits: kind = .splits
            case .powerCurve: kind = .powerCurve
            case .stat: kind = .fourthStat(of: exported.activity)
            }
            return try ChartRenderer.svg(kind, for: exported, options: ChartOptions(width: width, height: height ?? 320, units: units))
        }

        /// `<track name>.png`, or `<track name>-<chart>.png`, in the current directory (`track` for
        /// standard input).
        private func defaultPNGName() -> String {
            var stem = track.path == "-" ? "track" : String(track.path.split(separator: "/").last ?? "track")
            if let dot = stem.lastIndex(of: "."), dot != stem.startIndex { stem = String(stem[..<dot]) }
            return chart == .map ? "\(stem).png" : "\(stem)-\(chart.rawValue).png"
        }
    }
}
