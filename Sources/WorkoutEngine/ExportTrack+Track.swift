public import TrackFormats
public import WorkoutCore
public import WorkoutExports

extension ExportTrack {
    /// Reads a GPX, TCX, FIT, JSON or NDJSON track (a path, or `-` for standard input) through the engine,
    /// streaming, and keeps what it accepted. A file of at least 1 MiB is parsed on a second thread while the
    /// engine works, as for a summary (``/TrackFormats/TrackReadOptions/readsAhead``).
    /// - Throws: `TrackInputError`, `TrackFormatError`, as ``/TrackFormats/TrackReader/read(_:format:options:into:)``.
    /// - Complexity: O(n) time; memory O(fixes read).
    /// - Parameter readOptions: whether an optional field that does not parse is dropped and counted in
    ///   ``/WorkoutExports/ExportTrack/skippedFields`` (the default) or an error (`strict`), and whether a damaged FIT
    ///   file is an error (`strict`) or exported up to its damage (``/WorkoutExports/ExportTrack/damage`` says where).
    /// - Parameter path: the track's path, or `-` for standard input.
    /// - Parameter format: the input format, or `nil` to detect it from the extension and first bytes.
    /// - Parameter options: how the engine measures the workout.
    public init(
        contentsOfTrack path: String, format: TrackFormat? = nil, options: WorkoutOptions = WorkoutOptions(),
        readOptions: TrackReadOptions = TrackReadOptions()
    ) throws {
        try self.init(reading: TrackInput(path: path), format: format, options: options, readOptions: readOptions)
    }

    /// Reads a track held in memory (an uploaded body, a `Data`, a `[UInt8]`) through the engine and keeps
    /// what it accepted, as ``init(contentsOfTrack:format:options:readOptions:)`` does for a file. The format
    /// comes from `name`'s extension, else from the first bytes.
    /// - Parameters:
    ///   - bytes: the whole track.
    ///   - name: the name in error messages (`name:line:column: what`), and its extension picks the format.
    ///   - format: the input format, or `nil` to detect it.
    ///   - options: how the engine measures the workout.
    ///   - readOptions: as for a file: lenient by default (``/WorkoutExports/ExportTrack/skippedFields``,
    ///     ``/WorkoutExports/ExportTrack/damage``), or `strict`.
    /// - Throws: `TrackFormatError` (malformed, with `name`, line and column, or byte offset).
    public init(
        trackBytes bytes: some Sequence<UInt8>, name: String = "<memory>", format: TrackFormat? = nil,
        options: WorkoutOptions = WorkoutOptions(), readOptions: TrackReadOptions = TrackReadOptions()
    ) throws {
        try self.init(reading: TrackInput(bytes: bytes, name: name), format: format, options: options, readOptions: readOptions)
    }

    /// One read of `input` through an ``/WorkoutExports/ExportRecorder``: what it accepted, and what the
    /// reader left out (skipped fields, damage); a track with nothing to measure, or late timer stops the
    /// reader left out, say so in the metrics' warnings, as a summary's do (``/WorkoutCore/WorkoutSummary/include(_:)``).
    private init(reading input: TrackInput, format: TrackFormat?, options: WorkoutOptions, readOptions: TrackReadOptions) throws {
        var recorder = ExportRecorder(options: options)
        let report = try TrackReader.read(input, format: format, options: readOptions, readingAheadInto: &recorder)
        self = recorder.track()
        skippedFields = report.skippedFields
        damage = report.damage
        metrics.warnIfNothingToMeasure()
        metrics.warnOfLateTimerStops(report.lateTimerStopCount)
    }
}
