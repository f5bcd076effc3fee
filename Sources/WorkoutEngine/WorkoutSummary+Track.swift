public import TrackFormats
public import WorkoutCore

extension WorkoutSummary {
    /// Reads a GPX, TCX, FIT, JSON or NDJSON track (a path, or `-` for standard input) and summarises it, streaming:
    /// memory grows with the accepted route, never with the file. A file of at least 1 MiB is parsed on a
    /// second thread while the engine works (``/TrackFormats/TrackReader/read(_:format:options:readingAheadInto:)``;
    /// `readOptions.readsAhead = false` keeps it on the calling thread).
    ///
    /// - Parameter format: the input format, or `nil` to detect it from the extension and first bytes.
    /// - Throws: `TrackInputError` (missing or unreadable), `TrackFormatError` (malformed, with file,
    ///   line and column, or byte offset).
    /// - Parameter readOptions: whether an optional field that does not parse is dropped and counted in
    ///   ``/WorkoutCore/WorkoutSummary/skippedFields`` (the default) or an error (`strict`).
    /// - Parameter path: the track's path, or `-` for standard input.
    /// - Parameter options: how the engine measures the workout.
    public init(
        contentsOfTrack path: String, format: TrackFormat? = nil, options: WorkoutOptions = WorkoutOptions(),
        readOptions: TrackReadOptions = TrackReadOptions()
    ) throws {
        let input = try TrackInput(path: path)
        var builder = WorkoutBuilder(options: options)
        let report = try TrackReader.read(input, format: format, options: readOptions, readingAheadInto: &builder)
        self = try builder.finishingSummary(reading: report)
    }
}

extension WorkoutSummary {
    /// Summarises a track held in memory (an uploaded body, a `Data`, a `[UInt8]`), without a temporary
    /// file. The format comes from `name`'s extension, else from the first bytes. At least 1 MiB of bytes
    /// is parsed on a second thread while the engine works, as a file is.
    /// - Throws: `TrackFormatError` (malformed, with `name`, line and column).
    public init(
        trackBytes bytes: some Sequence<UInt8>, name: String = "<memory>", format: TrackFormat? = nil,
        options: WorkoutOptions = WorkoutOptions(), readOptions: TrackReadOptions = TrackReadOptions()
    ) throws {
        var builder = WorkoutBuilder(options: options)
        let report = try TrackReader.read(TrackInput(bytes: bytes, name: name), format: format, options: readOptions, readingAheadInto: &builder)
        self = try builder.finishingSummary(reading: report)
    }

    /// Summarises a track that arrives as chunks of bytes (an HTTP request body), parsing each chunk as it
    /// arrives on a dedicated thread: no temporary file, no cooperative thread blocked, memory bounded by
    /// the route (see ``/TrackFormats/TrackReader/read(chunks:name:format:options:expectedSizeBytes:into:)``).
    ///
    /// ```swift
    /// let summary = try await WorkoutSummary(trackChunks: request.body.map { $0.readableBytesView }, name: "ride.gpx")
    /// ```
    /// - Parameters:
    ///   - chunks: the bytes, in order (any `AsyncSequence` of byte sequences).
    ///   - name: the name in error messages (`name:line:column: what`), and its extension picks the format.
    ///   - format: the input format, or `nil` to detect it from `name`'s extension, then the first bytes.
    ///   - options: how the engine measures the workout.
    ///   - readOptions: how the reader treats optional fields that do not parse and damaged binary input.
    ///   - expectedSizeBytes: the body's size when stated in advance (`Content-Length`): a GPX body of at
    ///     most 16 MiB then takes the fast parse path.
    /// - Throws: `TrackFormatError` (malformed, with `name`, line and column); the chunks' sequence's own error,
    ///   as it threw it, when the sequence fails; `CancellationError`.
    public init<Chunks: AsyncSequence>(
        trackChunks chunks: Chunks, name: String = "<stream>", format: TrackFormat? = nil,
        options: WorkoutOptions = WorkoutOptions(), readOptions: TrackReadOptions = TrackReadOptions(),
        expectedSizeBytes: Int? = nil
    ) async throws where Chunks.Element: Sequence<UInt8> {
        var (report, builder) = try await TrackReader.read(
            chunks: chunks, name: name, format: format, options: readOptions, expectedSizeBytes: expectedSizeBytes,
            into: WorkoutBuilder(options: options))
        self = try builder.finishingSummary(reading: report)
    }
}
