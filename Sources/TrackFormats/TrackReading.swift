public import WorkoutSamples

/// Receives what a reader finds, in input order. The engine's summary builder and live session adopt it.
public protocol TrackSampleSink {
    /// The activity named by the input (GPX `trk/type`, JSON `activity`, the NDJSON header line), as
    /// written there. Called before the samples it applies to, at most once per track.
    mutating func trackActivity(named name: String) throws
    /// One sample, in input order.
    mutating func consume(_ sample: Sample) throws
}

extension TrackSampleSink {
    public mutating func trackActivity(named name: String) throws {}
}

/// The formats the readers understand.
public enum TrackFormat: String, Sendable, Hashable, CaseIterable {
    case gpx
    case json
    case ndjson

    /// The format implied by a file name's extension (`.gpx`, `.json`, `.ndjson`, `.jsonl`), if any.
    public init?(pathExtensionOf path: String) {
        guard let dot = path.lastIndex(of: "."), !path[dot...].contains("/") else { return nil }
        switch path[path.index(after: dot)...].lowercased() {
        case "gpx": self = .gpx
        case "json": self = .json
        case "ndjson", "jsonl": self = .ndjson
        default: return nil
        }
    }
}

/// What a reader reports once it has read a whole track.
public struct TrackReadReport: Sendable, Hashable {
    public var format: TrackFormat
    /// Samples handed to the sink.
    public var sampleCount: Int
    /// Location samples among them.
    public var locationCount: Int
    /// JSON/NDJSON records whose `type` is not known, skipped as the schema says.
    public var skippedUnknownRecords: Int
    /// The activity named by the input, if any.
    public var activityName: String?

    public init(format: TrackFormat, sampleCount: Int = 0, locationCount: Int = 0, skippedUnknownRecords: Int = 0, activityName: String? = nil) {
        self.format = format
        self.sampleCount = sampleCount
        self.locationCount = locationCount
        self.skippedUnknownRecords = skippedUnknownRecords
        self.activityName = activityName
    }
}

/// Reads any supported track into a sink.
public enum TrackReader {
    /// Reads `input` as `format`, or detects the format: first from the file name's extension, then from
    /// the first bytes (`<` is GPX; `{` or `[` is JSON, which `JSONSampleReader` reads both as a document
    /// and as NDJSON).
    ///
    /// - Throws: `TrackFormatError` (malformed input, with file, line and column), `TrackInputError`
    ///   (unreadable input), or whatever the sink throws.
    public static func read<Sink: TrackSampleSink>(
        _ input: TrackInput,
        format: TrackFormat? = nil,
        into sink: inout Sink
    ) throws -> TrackReadReport {
        let resolved = format ?? TrackFormat(pathExtensionOf: input.name)
        var sniffer = FormatSniffingInput(input)
        let detected = try resolved ?? sniffer.sniff()
        switch detected {
        case .gpx:
            return try GPXReader().read(&sniffer, into: &sink)
        case .json, .ndjson:
            return try JSONSampleReader(expected: detected).read(&sniffer, into: &sink)
        }
    }
}

/// A `TrackInput` with the bytes already read to sniff its format kept in front of it, so readers see the
/// input from its first byte.
public struct FormatSniffingInput {
    public let input: TrackInput
    private var pending: [UInt8] = []
    /// How much of `pending` readers have taken.
    private var pendingOffset = 0

    public init(_ input: TrackInput) { self.input = input }

    /// The name used in error messages.
    public var name: String { input.name }

    /// Reads ahead to the first non-space byte (after an optional UTF-8 BOM) and guesses the format.
    mutating func sniff() throws -> TrackFormat {
        var chunk = [UInt8](repeating: 0, count: 4096)
        while pending.count < 1 << 20 {
            let n = try chunk.withUnsafeMutableBytes { try input.read(into: $0) }
            if n == 0 { break }
            pending.append(contentsOf: chunk[0..<n])
            var start = 0
            if pending.starts(with: [0xEF, 0xBB, 0xBF]) { start = 3 }
            if let first = pending[start...].first(where: { !($0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D) }) {
                return first == UInt8(ascii: "<") ? .gpx : (first == 0xFE || first == 0xFF ? .gpx : .ndjson)
            }
        }
        // Empty or all-whitespace input: let the JSON reader report it (an empty NDJSON stream is valid).
        return .ndjson
    }

    /// Reads up to `buffer.count` bytes, first from what sniffing read ahead; returns 0 at end of input.
    public mutating func read(into buffer: UnsafeMutableRawBufferPointer) throws(TrackInputError) -> Int {
        guard let destination = buffer.baseAddress, buffer.count > 0 else { return 0 }
        if pendingOffset < pending.count {
            let n = min(buffer.count, pending.count - pendingOffset)
            pending.withUnsafeBytes { source in
                if let base = source.baseAddress {
                    destination.copyMemory(from: base + pendingOffset, byteCount: n)
                }
            }
            pendingOffset += n
            if pendingOffset == pending.count {
                pending = []
                pendingOffset = 0
            }
            return n
        }
        return try input.read(into: buffer)
    }
}
