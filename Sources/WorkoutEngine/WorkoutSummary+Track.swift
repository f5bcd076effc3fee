public import TrackFormats
public import WorkoutCore

extension WorkoutSummary {
    /// Reads a GPX, JSON or NDJSON track (a path, or `-` for standard input) and summarises it, streaming:
    /// memory grows with the accepted route, never with the file.
    ///
    /// - Parameter format: the input format, or `nil` to detect it from the extension and first bytes.
    /// - Throws: `TrackInputError` (missing or unreadable), `TrackFormatError` (malformed, with file,
    ///   line and column).
    /// - Parameter readOptions: whether an optional field that does not parse is dropped and counted in
    ///   ``skippedFields`` (the default) or an error (`strict`).
    public init(
        contentsOfTrack path: String, format: TrackFormat? = nil, options: WorkoutOptions = WorkoutOptions(),
        readOptions: TrackReadOptions = TrackReadOptions()
    ) throws {
        let input = try TrackInput(path: path)
        var builder = WorkoutBuilder(options: options)
        let report = try TrackReader.read(input, format: format, options: readOptions, into: &builder)
        self = try builder.summary(skippedUnknownRecords: report.skippedUnknownRecords)
        skippedFields = report.skippedFields
    }
}
