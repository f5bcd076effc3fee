public import WorkoutSamples

/// The formats the readers understand.
public enum TrackFormat: String, Sendable, Hashable, CaseIterable {
    /// GPS Exchange Format 1.0 or 1.1 (`trk`, `trkseg`, `trkpt`; `rte` routes), read with libxml2's SAX2 parser.
    case gpx
    /// One JSON document with a `samples` array (README: "Input formats").
    case json
    /// Newline-delimited JSON: an optional header line, then one sample object per line.
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

/// Where a binary input stopped being readable: the samples before it were delivered, nothing after it.
public struct TrackDamage: Sendable, Hashable, CustomStringConvertible {
    /// Offset of the first byte that could not be read, from the start of the input.
    public var byteOffset: Int
    /// What was wrong there (`file CRC mismatch`, `truncated record`, ...).
    public var reason: String

    /// Damage at `byteOffset` (from the start of the input), described by `reason`.
    public init(byteOffset: Int, reason: String) {
        self.byteOffset = byteOffset
        self.reason = reason
    }

    public var description: String { "byte \(byteOffset): \(reason)" }
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
    /// Total distance the device measured, metres (FIT `total_distance`, TCX `DistanceMeters` summed over laps).
    public var distanceMeters: Double?
    /// Time the device's timer ran (pauses excluded): FIT `total_timer_time`.
    public var timerSeconds: Double?
    /// Wall time of the recording: FIT `total_elapsed_time`.
    public var elapsedSeconds: Double?
    /// Total ascent, metres (FIT `total_ascent`).
    public var ascentMeters: Double?
    /// Total descent, metres (FIT `total_descent`).
    public var descentMeters: Double?
    /// Energy the device estimated, kilocalories (FIT `total_calories`, TCX `Calories`).
    public var kilocalories: Double?
    /// Average heart rate over the recording, beats per minute (FIT `avg_heart_rate`).
    public var averageHeartRate: Double?
    /// Maximum heart rate over the recording, beats per minute (FIT `max_heart_rate`).
    public var maximumHeartRate: Double?

    /// A record with the figures the file states; leave out (`nil`) what it does not say.
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
    /// When the lap ended, seconds since 1970 (FIT `timestamp` of the lap message).
    public var endTime: Double?
    /// Time the device's timer ran during the lap (pauses excluded), seconds (FIT `total_timer_time`,
    /// TCX `TotalTimeSeconds`).
    public var timerSeconds: Double?
    /// Wall time of the lap, seconds (FIT `total_elapsed_time`).
    public var elapsedSeconds: Double?
    /// Distance of the lap, metres, as the device measured it (FIT `total_distance`, TCX `DistanceMeters`).
    public var distanceMeters: Double?
    /// What ended the lap, when the file says (FIT `lap_trigger`, TCX `TriggerMethod`).
    public var trigger: LapTrigger?

    /// A lap with the figures the file states; leave out (`nil`) what it does not say.
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

    /// Options for reading; by default lenient (`strict: false`).
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
    /// The format that was read (detected or forced).
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

    /// A report of a read in `format`; the counts start at zero and the optional parts empty.
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
    /// the first bytes (`<` is GPX; `{` or `[` is JSON, which `JSONSampleReader` reads both as a document
    /// and as NDJSON).
    ///
    /// - Throws: `TrackFormatError` (malformed input, with file, line and column), `TrackInputError`
    ///   (unreadable input), or whatever the sink throws.
    /// - Parameter options: how to treat readable but unclean input (by default an optional field that
    ///   does not parse is dropped and counted in ``TrackReadReport/skippedFields``).
    /// - Parameter input: where the bytes come from (a file, a descriptor, a buffer).
    /// - Parameter format: the input format, or `nil` to detect it.
    /// - Parameter sink: where each sample goes, in input order.
    public static func read<Sink: TrackSampleSink>(
        _ input: TrackInput,
        format: TrackFormat? = nil,
        options: TrackReadOptions = TrackReadOptions(),
        into sink: inout Sink
    ) throws -> TrackReadReport {
        let resolved = format ?? TrackFormat(pathExtensionOf: input.name)
        var sniffer = FormatSniffingInput(input)
        let detected = try resolved ?? sniffer.sniff()
        switch detected {
        case .gpx:
            return try GPXReader(options: options).read(&sniffer, into: &sink)
        case .json, .ndjson:
            return try JSONSampleReader(expected: detected, options: options).read(&sniffer, into: &sink)
        case .tcx, .fit:
            // The TCX and FIT readers land with their own commits; until then these formats are refused.
            throw TrackFormatError(file: input.name, position: SourcePosition(line: 1, column: 1),
                                   message: "\(detected.rawValue.uppercased()) input is not supported by this build")
        }
    }
}

/// A `TrackInput` with the bytes already read to sniff its format kept in front of it, so readers see the
/// input from its first byte.
public struct FormatSniffingInput {
    /// The input being read, behind the bytes already taken from it.
    public let input: TrackInput
    private var pending: [UInt8] = []
    /// How much of `pending` readers have taken.
    private var pendingOffset = 0

    /// Wraps `input`, before any byte of it has been read.
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
