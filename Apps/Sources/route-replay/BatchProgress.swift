import WorkoutEngine
#if canImport(Glibc)
import Glibc
#endif

/// The progress of a command over many files (`import`, `summary` of several tracks): on a terminal, one
/// bar redrawn in place after each file (`[#####     ] 12/40 files, 34512 points/s, ETA 0:07`); elsewhere
/// nothing, so a pipe or a log gets only the command's own lines.
///
/// The bar goes to `descriptor` (standard output for `import`, standard error for `summary`, whose standard
/// output is data). Lines that go to the same terminal are preceded by ``clearLine()`` so the bar never
/// mixes with them. Not thread safe: one command's reporting thread owns it.
struct BatchProgress {
    /// Where the bar is drawn.
    let descriptor: Int32
    /// Whether `descriptor` is a terminal, so the bar is drawn at all.
    let isShown: Bool
    private let clock = ContinuousClock()
    private let started: ContinuousClock.Instant
    /// Points (accepted fixes) in the files done so far.
    private(set) var points = 0

    /// Progress drawn on `descriptor` when it is a terminal.
    init(descriptor: Int32) {
        self.descriptor = descriptor
        isShown = isatty(descriptor) == 1
        started = clock.now
    }

    /// Seconds since the command started.
    var elapsedSeconds: Double {
        let duration = clock.now - started
        return Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }

    /// Erases the bar, before a line is printed on the same terminal.
    func clearLine() {
        guard isShown else { return }
        write("\r\u{1B}[K")
    }

    /// One more file done (`done` of `total`, with `points` accepted fixes): redraws the bar.
    mutating func fileDone(done: Int, total: Int, points: Int) {
        self.points += points
        guard isShown else { return }
        write("\r\u{1B}[K" + Self.progressBar(done: done, total: total, points: self.points, seconds: elapsedSeconds))
    }

    /// Ends the bar's line, once every file is done.
    func finish() {
        guard isShown else { return }
        write("\n")
    }

    /// The closing line of a run: `<verb> 12, failed 1; 43200 points in 0.20 s (60.0 files/s)` (the caller
    /// puts its own counts first).
    func closingLine(counts: String, points: Int, files: Int) -> String {
        let seconds = elapsedSeconds
        let rate = seconds > 0 ? Double(files) / seconds : 0
        return "route-replay: \(counts); \(points) points in \(DisplayFormatting.fixed(seconds, digits: 2)) s "
            + "(\(DisplayFormatting.fixed(rate, digits: 1)) files/s)"
    }

    /// `[#########           ] 12/40 files, 34512 points/s, ETA 0:07`
    static func progressBar(done: Int, total: Int, points: Int, seconds: Double) -> String {
        let width = 30
        let filled = total > 0 ? width * min(done, total) / total : width
        let rate = seconds > 0 ? Double(points) / seconds : 0
        let eta = done > 0 && done < total ? seconds / Double(done) * Double(total - done) : 0
        return "[" + String(repeating: "#", count: filled) + String(repeating: " ", count: width - filled) + "] "
            + "\(done)/\(total) files, \(Int(rate)) points/s, ETA \(DisplayFormatting.duration(seconds: eta))"
    }

    private func write(_ text: String) {
        if descriptor == 1 { fflush(nil) }  // what print() buffered goes first
        var stream = DescriptorOutput(descriptor: descriptor)
        stream.write(text)
    }
}
