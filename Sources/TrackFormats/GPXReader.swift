public import WorkoutSamples
import CLibXML2

/// Streaming GPX 1.0 / 1.1 reader over libxml2's SAX2 push parser. (Being written.)
public struct GPXReader {
    public init() {}

    public func read<Sink: TrackSampleSink>(_ input: inout FormatSniffingInput, into sink: inout Sink) throws -> TrackReadReport {
        throw TrackFormatError(file: input.name, position: SourcePosition(line: 1, column: 1), message: "GPX reader not yet implemented")
    }
}
