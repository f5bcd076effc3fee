public import TrackFormats
public import WorkoutCore
public import WorkoutExports

extension ExportTrack {
    /// Reads a GPX, TCX, JSON or NDJSON track (a path, or `-` for standard input) through the engine,
    /// streaming, and keeps what it accepted.
    /// - Throws: `TrackInputError`, `TrackFormatError`, as ``TrackReader/read(_:format:into:)``.
    /// - Complexity: O(n) time; memory O(fixes read).
    public init(contentsOfTrack path: String, format: TrackFormat? = nil, options: WorkoutOptions = WorkoutOptions()) throws {
        let input = try TrackInput(path: path)
        var recorder = ExportRecorder(options: options)
        _ = try TrackReader.read(input, format: format, into: &recorder)
        self = recorder.track()
    }
}
