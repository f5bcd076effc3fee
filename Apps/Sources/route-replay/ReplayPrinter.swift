import WorkoutEngine
#if canImport(Glibc)
import Glibc
#endif

/// Prints a replay: NDJSON objects, or a dashboard redrawn in place on a terminal (plain lines, at most one
/// per second of track time and one per state change, when standard output is not a terminal). A paced
/// replay, or one fed by a live input (standard input, a pipe), writes each event through at once, so a file or
/// pipe it writes to follows the replay as it runs (and keeps what was shown when the replay is stopped); a
/// file replayed as fast as possible is written in blocks (flushed when the replay fails, see `ReplayRunner`).
struct ReplayPrinter: ReplayOutput {
    let format: RouteReplay.Replay.OutputFormat
    let units: DisplayUnits
    let input: TrackInput
    /// Whether the replay runs on a wall clock (`--speed`): then every event is flushed.
    let paced: Bool
    private let isTerminal: Bool
    private var lastPlainLineSecond: Double?
    private var drewDashboard = false
    /// Standard output (a reference: the runner flushes it after an error, so no computed frame is lost).
    let out = FileTextOutput.standardOutput()

    init(format: RouteReplay.Replay.OutputFormat, units: DisplayUnits, input: TrackInput, paced: Bool) {
        self.format = format
        self.units = units
        self.input = input
        self.paced = paced
        self.isTerminal = isatty(STDOUT_FILENO) == 1
        // A replay of a file as fast as possible is written in 64 KiB blocks; paced (each event flushed,
        // see `replay(_:)`) or from a live input (standard input, a pipe), each write goes out at once.
        // (`sizeBytes` is known for a regular file only.)
        if input.sizeBytes != nil && !paced { out.flushesEachWrite = false }
    }

    /// Prints one event. A failed write (standard output closed or full) stops the replay.
    /// - Throws: ``FileOutputError``.
    mutating func replay(_ event: ReplayEvent) throws {
        switch format {
        case .ndjson: writeJSON(event)
        case .tty: isTerminal ? drawDashboard(event) : writePlainLine(event)
        }
        if paced { out.flush() }
        try out.checkWritten()
    }

    /// Writes the summary and closes standard output.
    /// - Throws: ``FileOutputError`` when any write failed.
    mutating func finish(summary: WorkoutSummary) throws {
        switch format {
        case .ndjson:
            var json = JSONWriter()
            json.beginObject()
            json.string("type", "summary")
            summary.write(to: &json, key: "summary")
            json.endObject()
            out.write(json.text + "\n")
        case .tty:
            out.write("\n" + summary.text(units: units))
        }
        try out.close()
    }

    // MARK: NDJSON

    private mutating func writeJSON(_ event: ReplayEvent) {
        out.write(event.jsonText + "\n")
    }

    // MARK: Terminal

    private var progress: Double? {
        guard let size = input.sizeBytes, size > 0 else { return nil }
        return min(1, Double(input.bytesRead) / Double(size))
    }

    private mutating func drawDashboard(_ event: ReplayEvent) {
        guard case .frame(let frame) = event else {
            if case .stateChange(let change) = event { drawStateLine(change) }
            return
        }
        let distance = DisplayFormatting.fixed(frame.distanceMeters / units.metersPerDistanceUnit, digits: 2) + " " + units.distanceUnit
        let energy = frame.activeEnergyKilocalories.map { DisplayFormatting.fixed($0, digits: 0) + " kcal" } ?? "-- kcal"
        let fourthTitle: String
        switch frame.fourthStat.kind {
        case .pace: fourthTitle = "Pace"
        case .speed: fourthTitle = "Speed"
        case .heartRate: fourthTitle = "Heart Rate"
        }
        let fourth = frame.fourthStat.formatted + " " + frame.fourthStat.unit
        var screen = drewDashboard ? "\u{1B}[H" : "\u{1B}[2J\u{1B}[H"
        drewDashboard = true
        func cell(_ text: String) -> String { text.count >= 22 ? text : text + String(repeating: " ", count: 22 - text.count) }
        screen += "  " + cell("Duration") + "Distance\u{1B}[K\n"
        screen += "  \u{1B}[1m" + cell(frame.elapsed) + distance + "\u{1B}[0m\u{1B}[K\n\u{1B}[K\n"
        screen += "  " + cell("Active Energy") + fourthTitle + "\u{1B}[K\n"
        screen += "  \u{1B}[1m" + cell(energy) + fourth + "\u{1B}[0m\u{1B}[K\n\u{1B}[K\n"
        screen += "  " + frame.state.rawValue.uppercased() + "\u{1B}[K\n"
        if let progress {
            let width = 40
            let filled = Int((progress * Double(width)).rounded(.down))
            screen += "  [" + String(repeating: "#", count: filled) + String(repeating: "-", count: width - filled) + "] "
                + DisplayFormatting.fixed(progress * 100, digits: 0) + "%\u{1B}[K\n"
        }
        out.write(screen)
        out.flush()
    }

    private mutating func drawStateLine(_ change: SessionStateChange) {
        guard drewDashboard else { return }
        out.write("\u{1B}[7;1H  " + change.state.rawValue.uppercased() + (change.isAutomatic ? " (auto)" : "") + "\u{1B}[K\n")
        out.flush()
    }

    private mutating func writePlainLine(_ event: ReplayEvent) {
        switch event {
        case .stateChange(let change):
            out.write("\(DisplayFormatting.duration(seconds: change.elapsedSeconds))  \(change.kind.rawValue)\(change.isAutomatic ? " (auto)" : "")\n")
        case .frame(let frame):
            let second = frame.time.rounded(.down)
            if let last = lastPlainLineSecond, second <= last { return }
            lastPlainLineSecond = second
            let distance = DisplayFormatting.fixed(frame.distanceMeters / units.metersPerDistanceUnit, digits: 2) + " " + units.distanceUnit
            let energy = frame.activeEnergyKilocalories.map { DisplayFormatting.fixed($0, digits: 0) + " kcal" } ?? "-- kcal"
            out.write("\(frame.elapsed)  \(distance)  \(energy)  \(frame.fourthStat.formatted) \(frame.fourthStat.unit)  \(frame.state.rawValue)\n")
        }
    }
}
