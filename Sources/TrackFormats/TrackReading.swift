public import WorkoutSamples

/// The formats the readers understand.
public enum TrackFormat: String, Sendable, Hashable, CaseIterable {
    case gpx
    case json
    case ndjson
    /// Garmin Training Center XML.
    case tcx
    /// The Garmin FIT protocol (binary).
    case fit

    /// The format implied by a file name's extension (`.gpx`, `.json`, `.ndjson`, `.jsonl`, `.tcx`,
    /// `.fit`, in any case), if any.
    public init?(pathExtensionOf path: String) {
        guard let dot = path.lastIndex(of: "."), !path[dot...].contains("/") else { return nil }
        switch path[path.index(after: dot)...].lowercased() {
        case "gpx": self = .gpx
        case "json": self = .json
        case "ndjson", "jsonl": self = .ndjson
        case "tcx": self = .tcx
        case "fit": self = .fit
        default: return nil
        }
    }
}

/// An optional field that did not parse and was dropped from its sample (the sample itself was kept):
/// how often, and where first.
public struct SkippedField: Sendable, Hashable {
    /// Samples that lost this field.
    public var count: Int
    /// Where it was first dropped.
    public var firstPosition: SourcePosition
    /// The first value that did not parse, as written (shortened to at most 40 bytes), when there is one.
    public var firstValue: String?

    public init(count: Int, firstPosition: SourcePosition, firstValue: String? = nil) {
        self.count = count
        self.firstPosition = firstPosition
        self.firstValue = firstValue
    }
}

/// The figures a device states about a recording it made (FIT `session`, `file_id` and `device_info`;
/// TCX `Lap` totals and `Creator`), reported beside the engine's own. `nil` where the file does not say.
public struct DeviceRecord: Sendable, Hashable {
    /// The manufacturer's name (FIT `manufacturer`, as the FIT profile names it, e.g. `garmin`), if any.
    public var manufacturer: String?
    /// The product's name or number, as the file gives it (FIT `garmin_product` name or number, TCX
    /// `Creator/Name`).
    public var product: String?
    /// The sport as the file names it (FIT `sport`/`sub_sport`, TCX `Activity Sport`).
    public var sport: String?
    public var distanceMeters: Double?
    /// Time the device's timer ran (pauses excluded): FIT `total_timer_time`.
    public var timerSeconds: Double?
    /// Wall time of the recording: FIT `total_elapsed_time`.
    public var elapsedSeconds: Double?
    public var ascentMeters: Double?
    public var descentMeters: Double?
    public var kilocalories: Double?
    public var averageHeartRate: Double?
    public var maximumHeartRate: Double?

    public init(
        manufacturer: String? = nil, product: String? = nil, sport: String? = nil, distanceMeters: Double? = nil,
        timerSeconds: Double? = nil, elapsedSeconds: Double? = nil, ascentMeters: Double? = nil,
        descentMeters: Double? = nil, kilocalories: Double? = nil, averageHeartRate: Double? = nil,
        maximumHeartRate: Double? = nil
    ) {
        self.manufacturer = manufacturer
        self.product = product
        self.sport = sport
        self.distanceMeters = distanceMeters
        self.timerSeconds = timerSeconds
        self.elapsedSeconds = elapsedSeconds
        self.ascentMeters = ascentMeters
        self.descentMeters = descentMeters
        self.kilocalories = kilocalories
        self.averageHeartRate = averageHeartRate
        self.maximumHeartRate = maximumHeartRate
    }
}

/// One lap as the device recorded it (FIT `lap`, TCX `Lap`), for comparing with the engine's laps.
public struct DeviceLap: Sendable, Hashable {
    /// When the lap started and ended, seconds since 1970.
    public var startTime: Double?
    public var endTime: Double?
    public var timerSeconds: Double?
    public var elapsedSeconds: Double?
    public var distanceMeters: Double?
    public var trigger: LapTrigger?

    public init(startTime: Double? = nil, endTime: Double? = nil, timerSeconds: Double? = nil, elapsedSeconds: Double? = nil,
                distanceMeters: Double? = nil, trigger: LapTrigger? = nil) {
        self.startTime = startTime
        self.endTime = endTime
        self.timerSeconds = timerSeconds
        self.elapsedSeconds = elapsedSeconds
        self.distanceMeters = distanceMeters
        self.trigger = trigger
    }
}

/// How readers treat input that is readable but not clean.
public struct TrackReadOptions: Sendable, Hashable {
    /// `false` (the default): an optional field that does not parse is dropped from its sample and
    /// counted in ``TrackReadReport/skippedFields``, and a damaged binary file keeps what was read before
    /// the damage (``TrackReadReport/damage``). `true`: both are errors.
    public var strict: Bool

    public init(strict: Bool = false) {
        self.strict = strict
    }
}

/// A reader that takes its input in chunks as they arrive (blocks of a file, an HTTP request body, bytes
/// in memory) and hands what it finds to a sink at once, so a track is never held whole in memory and no
/// thread blocks waiting for input. Every format's reader adopts it; ``TrackReader`` drives it from a
/// file, from memory or from an `AsyncSequence` of chunks.
///
/// Call ``consume(_:into:)`` for each chunk in order (chunks may split a token, a record or a
/// multi-byte character anywhere), then ``finish(into:)`` once. After an error the reader is spent.
public protocol IncrementalTrackReader {
    /// Takes the next chunk of input.
    /// - Throws: `TrackFormatError` for malformed input, or whatever the sink throws.
    mutating func consume<Sink: TrackSampleSink>(_ chunk: UnsafeRawBufferPointer, into sink: inout Sink) throws
    /// Ends the input: checks that it is complete, delivers what is still pending, and reports.
    /// - Throws: `TrackFormatError` when the input is cut short or malformed, or whatever the sink throws.
    mutating func finish<Sink: TrackSampleSink>(into sink: inout Sink) throws -> TrackReadReport
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
    /// Optional fields that did not parse, by field name (`speed`, `ele`, `hr`, ...): dropped from their
    /// samples and counted, the samples kept. Empty in strict mode, where the first one is an error.
    public var skippedFields: [String: SkippedField]
    /// What the device states about the recording (FIT, TCX); `nil` for formats that carry no totals.
    public var device: DeviceRecord?
    /// The device's laps, in order (FIT `lap` messages, TCX `Lap` elements).
    public var deviceLaps: [DeviceLap]
    /// Where a binary input stopped being readable (FIT: a truncated file or a CRC mismatch), when it did;
    /// the samples before it were delivered.
    public var damage: TrackDamage?

    public init(
        format: TrackFormat, sampleCount: Int = 0, locationCount: Int = 0, skippedUnknownRecords: Int = 0,
        activityName: String? = nil, skippedFields: [String: SkippedField] = [:], device: DeviceRecord? = nil,
        deviceLaps: [DeviceLap] = [], damage: TrackDamage? = nil
    ) {
        self.format = format
        self.sampleCount = sampleCount
        self.locationCount = locationCount
        self.skippedUnknownRecords = skippedUnknownRecords
        self.activityName = activityName
        self.skippedFields = skippedFields
        self.device = device
        self.deviceLaps = deviceLaps
        self.damage = damage
    }
}

/// Reads any supported track into a sink.
public enum TrackReader {
    /// Reads `input` as `format`, or detects the format: first from the file name's extension, then from
    /// the first bytes (`.FIT` at bytes 8-11 is FIT; else the first byte that is not white space: `<` is
    /// GPX; `{` or `[` is JSON, which `JSONSampleReader` reads both as a document and as NDJSON).
    ///
    /// A FIT file names its sport in a `session` message near its end: when the input is a regular file,
    /// it is read twice, once for the sport (announced to the sink first) and once for the samples.
    ///
    /// - Throws: `TrackFormatError` (malformed input, with file, line and column, or byte offset),
    ///   `TrackInputError` (unreadable input), or whatever the sink throws.
    public static func read<Sink: TrackSampleSink>(
        _ input: TrackInput,
        format: TrackFormat? = nil,
        into sink: inout Sink
    ) throws -> TrackReadReport {
        try read(input, format: format, options: TrackReadOptions(), into: &sink)
    }

    /// Reads `input` like ``read(_:format:into:)``, with `options` (``TrackReadOptions/strict`` makes a
    /// damaged FIT file an error).
    public static func read<Sink: TrackSampleSink>(
        _ input: TrackInput,
        format: TrackFormat?,
        options: TrackReadOptions,
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
        case .fit:
            var reader = FITReader(fileName: input.name, options: options)
            if input.sizeBytes != nil, input.bytesRead == sniffer.pendingCount {
                var scan = ActivityNameSink()
                let report = try? FITReader(fileName: input.name).read(&sniffer, into: &scan)
                guard input.rewind() else {
                    throw TrackInputError.readFailed(path: input.name, reason: "cannot seek back to the start")
                }
                sniffer = FormatSniffingInput(input)
                if let name = scan.name ?? report?.activityName {
                    try sink.trackActivity(named: name)
                    reader.announcesActivity = false
                }
            }
            return try reader.read(&sniffer, into: &sink)
        case .tcx:
            // The TCX reader lands with its own commit; until then this format is refused.
            throw TrackFormatError(file: input.name, position: SourcePosition(line: 1, column: 1),
                                   message: "\(detected.rawValue.uppercased()) input is not supported by this build")
        }
    }
}

/// A sink that keeps only the activity a track names (the first pass over a FIT file).
private struct ActivityNameSink: TrackSampleSink {
    var name: String?
    mutating func trackActivity(named name: String) throws {
        if self.name == nil { self.name = name }
    }
    mutating func consume(_ sample: Sample) throws {}
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

    /// Bytes read ahead and not yet taken by a reader.
    var pendingCount: Int { pending.count - pendingOffset }

    /// Reads ahead and guesses the format: `.FIT` at bytes 8-11 is FIT; otherwise the first non-space
    /// byte (after an optional UTF-8 BOM) decides.
    mutating func sniff() throws -> TrackFormat {
        var chunk = [UInt8](repeating: 0, count: 4096)
        var atEnd = false
        func readMore() throws {
            let n = try chunk.withUnsafeMutableBytes { try input.read(into: $0) }
            if n == 0 { atEnd = true } else { pending.append(contentsOf: chunk[0..<n]) }
        }
        while pending.count < 12, !atEnd { try readMore() }
        if pending.count >= 12, pending[8] == 0x2E, pending[9] == 0x46, pending[10] == 0x49, pending[11] == 0x54 {
            return .fit
        }
        while true {
            var start = 0
            if pending.starts(with: [0xEF, 0xBB, 0xBF]) { start = 3 }
            if start <= pending.count,
               let first = pending[start...].first(where: { !($0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D) }) {
                return first == UInt8(ascii: "<") ? .gpx : (first == 0xFE || first == 0xFF ? .gpx : .ndjson)
            }
            if atEnd || pending.count >= 1 << 20 { break }
            try readMore()
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
