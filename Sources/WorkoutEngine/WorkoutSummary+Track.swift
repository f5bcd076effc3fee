public import TrackFormats
public import WorkoutCore

extension WorkoutSummary {
    /// Reads a GPX, JSON, NDJSON or FIT track (a path, or `-` for standard input) and summarises it, streaming:
    /// memory grows with the accepted route, never with the file.
    ///
    /// - Parameter format: the input format, or `nil` to detect it from the extension and first bytes.
    /// - Throws: `TrackInputError` (missing or unreadable), `TrackFormatError` (malformed, with file,
    ///   line and column, or byte offset).
    public init(contentsOfTrack path: String, format: TrackFormat? = nil, options: WorkoutOptions = WorkoutOptions()) throws {
        try self.init(contentsOfTrack: path, format: format, options: options, readOptions: TrackReadOptions())
    }

    /// Reads and summarises a track like ``init(contentsOfTrack:format:options:)``; `readOptions` says how
    /// damaged input is treated (``TrackReadOptions/strict`` makes a damaged FIT file an error; otherwise
    /// the summary covers what came before the damage and carries ``WorkoutSummary/damage``).
    public init(contentsOfTrack path: String, format: TrackFormat?, options: WorkoutOptions, readOptions: TrackReadOptions) throws {
        let input = try TrackInput(path: path)
        var builder = WorkoutBuilder(options: options)
        let report = try TrackReader.read(input, format: format, options: readOptions, into: &builder)
        self = try builder.summary(skippedUnknownRecords: report.skippedUnknownRecords)
        self.damage = report.damage
    }
}
