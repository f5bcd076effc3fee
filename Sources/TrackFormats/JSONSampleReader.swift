public import WorkoutSamples

/// Streaming reader of the JSON document and NDJSON sample schema. (Being written.)
public struct JSONSampleReader {
    public var expected: TrackFormat
    public init(expected: TrackFormat) { self.expected = expected }

    public func read<Sink: TrackSampleSink>(_ input: inout FormatSniffingInput, into sink: inout Sink) throws -> TrackReadReport {
        throw TrackFormatError(file: input.name, position: SourcePosition(line: 1, column: 1), message: "JSON reader not yet implemented")
    }
}
