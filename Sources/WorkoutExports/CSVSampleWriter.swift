import WorkoutSamples
import WorkoutCore
/// Writes ``CSVSampleRow``s as CSV with a header line, streaming.
///
/// Columns: `time,elapsed_s,segment,latitude,longitude,elevation_m,heart_rate_bpm,cadence_per_min,`
/// `distance_m,speed_m_s,pace_s_per_km`. Coordinates, elevation, heart rate and cadence keep every
/// digit (``DecimalText/shortest(_:)``); distance has 2 decimals, speed 3, pace 1, elapsed time 3.
/// No number has an exponent.
public struct CSVSampleWriter<Output: TextOutputStream> {
    /// The header fields, in column order.
    public static var columns: [String] {
        ["time", "elapsed_s", "segment", "latitude", "longitude", "elevation_m", "heart_rate_bpm", "cadence_per_min",
         "distance_m", "speed_m_s", "pace_s_per_km"]
    }

    private var writer: CSVWriter<Output>
    private var wroteHeader = false

    /// The text written so far.
    public var output: Output { writer.output }

    /// A writer into `output`; the header line is written with the first row (or by ``finish()``).
    public init(output: Output) {
        self.writer = CSVWriter(output: output)
    }

    /// Writes the header line if it has not been written yet.
    public mutating func writeHeader() {
        guard !wroteHeader else { return }
        writer.writeRow(Self.columns)
        wroteHeader = true
    }

    /// Writes one row (the header first, when needed).
    /// - Complexity: O(1), a few short strings.
    public mutating func write(_ row: CSVSampleRow) {
        writeHeader()
        func exact(_ value: Double?) -> String { value.map(DecimalText.shortest) ?? "" }
        func rounded(_ value: Double?, _ digits: Int) -> String {
            value.map { DecimalText.fixed($0, maximumFractionDigits: digits) } ?? ""
        }
        writer.writeRow([
            row.time.flatMap { ISO8601Text.string(secondsSince1970: $0, fraction: .milliseconds) } ?? "",
            rounded(row.elapsedSeconds, 3),
            String(row.segment),
            exact(row.latitude),
            exact(row.longitude),
            exact(row.elevationMeters),
            exact(row.heartRate),
            exact(row.cadence),
            rounded(row.distanceMeters, 2),
            rounded(row.speedMetersPerSecond, 3),
            rounded(row.paceSecondsPerKilometer, 1),
        ])
    }

    /// Writes the header if no row was written, and returns the output.
    @discardableResult
    public mutating func finish() -> Output {
        writeHeader()
        return writer.output
    }
}
