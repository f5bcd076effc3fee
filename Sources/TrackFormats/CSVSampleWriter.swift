/// One row of a sample CSV: a position fix, the sensor values recorded with it and the metrics derived
/// up to it. Plain numbers, so any layer can fill it in; `nil` (or a non-finite value) is an empty field.
public struct CSVSampleRow: Sendable, Hashable {
    /// Seconds since 1970 (written as ISO 8601 UTC with milliseconds).
    public var time: Double?
    /// 0-based index of the route segment (a pause or gap starts a new one).
    public var segment: Int
    public var latitude: Double
    public var longitude: Double
    public var elevationMeters: Double?
    public var heartRate: Double?
    public var cadence: Double?
    /// Distance from the start, metres (gaps between segments add nothing).
    public var distanceMeters: Double?
    /// Current speed, metres per second.
    public var speedMetersPerSecond: Double?
    /// Current pace, seconds per kilometre.
    public var paceSecondsPerKilometer: Double?
    /// Running time since the start, seconds (pauses excluded).
    public var elapsedSeconds: Double?

    public init(
        time: Double?, segment: Int, latitude: Double, longitude: Double, elevationMeters: Double? = nil,
        heartRate: Double? = nil, cadence: Double? = nil, distanceMeters: Double? = nil,
        speedMetersPerSecond: Double? = nil, paceSecondsPerKilometer: Double? = nil, elapsedSeconds: Double? = nil
    ) {
        self.time = time
        self.segment = segment
        self.latitude = latitude
        self.longitude = longitude
        self.elevationMeters = elevationMeters
        self.heartRate = heartRate
        self.cadence = cadence
        self.distanceMeters = distanceMeters
        self.speedMetersPerSecond = speedMetersPerSecond
        self.paceSecondsPerKilometer = paceSecondsPerKilometer
        self.elapsedSeconds = elapsedSeconds
    }
}

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
            row.time.map { TrackTimeText.iso8601Milliseconds(secondsSince1970: $0) } ?? "",
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
