public import TrackFormats
public import WorkoutCore
public import WorkoutExports

extension ExportTrack {
    /// Reads a GPX, JSON, NDJSON or FIT track (a path, or `-` for standard input) through the engine,
    /// streaming, and keeps what it accepted.
    /// - Throws: `TrackInputError`, `TrackFormatError`, as ``TrackReader/read(_:format:into:)``.
    /// - Complexity: O(n) time; memory O(fixes read).
    public init(contentsOfTrack path: String, format: TrackFormat? = nil, options: WorkoutOptions = WorkoutOptions()) throws {
        try self.init(contentsOfTrack: path, format: format, options: options, readOptions: TrackReadOptions())
    }

    /// Reads a track like ``init(contentsOfTrack:format:options:)``; `readOptions` says how damaged input is
    /// treated (``TrackReadOptions/strict`` makes a damaged FIT file an error; otherwise what came before the
    /// damage is exported).
    public init(contentsOfTrack path: String, format: TrackFormat?, options: WorkoutOptions, readOptions: TrackReadOptions) throws {
        let input = try TrackInput(path: path)
        var recorder = ExportRecorder(options: options)
        _ = try TrackReader.read(input, format: format, options: readOptions, into: &recorder)
        self = recorder.track()
    }
}
