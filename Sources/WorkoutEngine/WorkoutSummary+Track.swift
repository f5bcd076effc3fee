public import TrackFormats
public import WorkoutCore

extension WorkoutSummary {
    /// Reads a GPX, TCX, JSON or NDJSON track (a path, or `-` for standard input) and summarises it, streaming:
    /// memory grows with the accepted route, never with the file.
    ///
    /// - Parameter format: the input format, or `nil` to detect it from the extension and first bytes.
    /// - Throws: `TrackInputError` (missing or unreadable), `TrackFormatError` (malformed, with file,
    ///   line and column).
    public init(contentsOfTrack path: String, format: TrackFormat? = nil, options: WorkoutOptions = WorkoutOptions()) throws {
        let input = try TrackInput(path: path)
        var builder = WorkoutBuilder(options: options)
        let report = try TrackReader.read(input, format: format, into: &builder)
        self = try builder.summary(skippedUnknownRecords: report.skippedUnknownRecords, device: report.device)
    }
}
