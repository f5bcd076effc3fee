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

/// How readers treat input that is readable but not clean.
public struct TrackReadOptions: Sendable, Hashable {
    /// `false` (the default): an optional field that does not parse is dropped from its sample and
    /// counted in ``TrackReadReport/skippedFields``, and a damaged binary file keeps what was read before
    /// the damage (``TrackReadReport/damage``). `true`: both are errors.
    public var strict: Bool
    /// `true` (the default): ``TrackReader/read(_:format:options:readingAheadInto:)``, which the one-shot
    /// summaries use, parses a file of at least ``TrackReader/readAheadMinimumBytes`` on a second thread
    /// while the engine works. `false`: everything on the calling thread, for callers that already keep
    /// every core busy (many files summarised at once).
    public var readsAhead: Bool
    /// `true` (the default): a GPX, TCX, JSON or NDJSON recording's clock is watched (``ClockJumpWatch``): a
    /// record dated far ahead of the ones around it loses its time instead of costing the rest of the track,
    /// which holds samples back until the records after it show which it was. `false`: samples are handed
    /// on as they are read, for a live session's stream, which must see each sample when it comes and whose
    /// engine judges times itself. (A FIT file's reader watches its own clock either way.)
    public var watchesClock: Bool

    /// Options for reading; by default lenient (`strict: false`), reading large files ahead, watching a
    /// recording's clock.
    public init(strict: Bool = false, readsAhead: Bool = true, watchesClock: Bool = true) {
        self.strict = strict
        self.readsAhead = readsAhead
        self.watchesClock = watchesClock
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
    /// Timer stops left out because they were dated long before the records already read (FIT: a file
    /// that writes its timer events after its records, ``FITReader/maximumTimerEventLatenessSeconds``;
    /// ``TrackReader`` places them in time order instead when it can read the input twice, they are dated on
    /// the UTC clock, and there are at most ``FITReader/maximumEarlyEvents`` of them): the engine's own gap
    /// rules judged those stops instead.
    public var lateTimerStopCount = 0

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
    /// Reads `input` as `format`, or detects the format: from the file name's extension, then from the
    /// first bytes (`.FIT` at bytes 8-11 is FIT; `<` is XML: a `TrainingCenterDatabase` root element is
    /// TCX, any other GPX; `{` or `[` is JSON, which `JSONSampleReader` reads both as a document and as
    /// NDJSON). An XML file's root element decides between GPX and TCX whatever its extension (`.gpx`,
    /// `.tcx`) says.
    ///
    /// - Parameter options: how readers treat optional fields that do not parse (``TrackReadOptions``).
    /// - Throws: `TrackFormatError` (malformed input, with file, line and column), `TrackInputError`
    ///   (unreadable input), or whatever the sink throws.
    /// - Parameter input: where the bytes come from (a file, a descriptor, a buffer).
    /// - Parameter format: the input format, or `nil` to detect it.
    /// - Parameter sink: where each sample goes, in input order.
    public static func read<Sink: TrackSampleSink>(
        _ input: TrackInput,
        format: TrackFormat? = nil,
        options: TrackReadOptions = TrackReadOptions(),
        into sink: inout Sink
    ) throws -> TrackReadReport {
        var sniffer = FormatSniffingInput(input)
        let detected: TrackFormat
        if let format {
            detected = format
        } else if let named = TrackFormat(pathExtensionOf: input.name) {
            detected = named == .gpx || named == .tcx ? try sniffer.sniff(xmlDefault: named) : named
        } else {
            detected = try sniffer.sniff()
        }
        // GPX, TCX and JSON readers deliver samples as the input dates them: a sink in front of the caller's
        // keeps one mis-dated stretch from costing the rest of the track (``ClockJumpWatch``; the FIT
        // reader applies the same rule to its records itself).
        switch detected {
        case .gpx, .tcx, .json, .ndjson:
            guard options.watchesClock else { return try readWithoutClockWatch(&sniffer, detected: detected, options: options, into: &sink) }
            var watched = ClockWatchingSink(wrapping: consume sink, timeFieldName: detected == .tcx ? "Time" : "time")
            defer { sink = watched.base }
            var report: TrackReadReport
            do {
                report = try readWithoutClockWatch(&sniffer, detected: detected, options: options, into: &watched)
            } catch {
                // What was read before the fault is kept, the samples still held back too (as they are).
                try watched.releaseHeld()
                throw error
            }
            try watched.finish(adjusting: &report)
            return report
        case .fit:
            return try readWithoutClockWatch(&sniffer, detected: detected, options: options, into: &sink)
        }
    }

    /// Reads `sniffer` as `detected` into `sink` as the format's reader delivers the samples.
    private static func readWithoutClockWatch<Sink: TrackSampleSink>(
        _ sniffer: inout FormatSniffingInput, detected: TrackFormat, options: TrackReadOptions, into sink: inout Sink
    ) throws -> TrackReadReport {
        let input = sniffer.input
        switch detected {
        case .gpx:
            return try GPXReader(options: options).read(&sniffer, into: &sink)
        case .tcx:
            var reader = TCXReader(options: options)
            // A `MultiSportSession` names each leg's sport where the leg starts: a document that can be read
            // again is scanned for its legs first (up to its first plain `Activity`), and a workout of legs
            // of several sports is announced as its fastest leg's, before any sample.
            if sniffer.canReadAgain {
                let legs = reader.multisportLegs(&sniffer).map { (name: $0, activity: ActivityType(parsing: $0)) }
                try sniffer.restartFromFirstByte()
                let activity = ActivityType.multisport(legs: legs)
                if let activity, let leg = legs.first(where: { $0.activity == activity }) {
                    try sink.trackActivity(named: leg.name)
                    reader.announcesActivity = false
                }
            }
            return try reader.read(&sniffer, into: &sink)
        case .json, .ndjson:
            return try JSONSampleReader(expected: detected, options: options).read(&sniffer, into: &sink)
        case .fit:
            var reader = FITReader(fileName: input.name, options: options)
            // A FIT file names its sport in a `session` message near its end: a file that can be read
            // again is read twice, once for the sport (announced to the sink first), once for the samples.
            if sniffer.canReadAgain {
                var scan = ActivityNameSink()
                var scanner = FITReader(fileName: input.name)
                scanner.scansAhead = true
                let report = try? scanner.readToEnd(&sniffer, into: &scan)
                // Timer events the file writes long after their time (a Fenix 2 writes all of them after
                // its records) are placed in time order on the second pass.
                if report != nil, scanner.lateTimerEventsAreComplete {
                    reader.lateTimerEventsReadAhead = scanner.lateTimerEvents
                }
                try sniffer.restartFromFirstByte()
                // A multisport file (a triathlon's sessions) is one workout under its fastest leg's rules.
                let multisport = FITProfile.multisportActivityName(legs: scanner.legActivityNames)
                if let name = multisport ?? scan.name ?? report?.activityName {
                    try sink.trackActivity(named: name)
                    reader.announcesActivity = false
                }
            }
            return try reader.read(&sniffer, into: &sink)
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
    /// The input being read, behind the bytes already taken from it.
    public let input: TrackInput
    private var pending: [UInt8] = []
    /// How much of `pending` readers have taken.
    private var pendingOffset = 0

    /// At most this many bytes are read ahead to find an XML document's root element (past comments,
    /// processing instructions and a document type declaration).
    static let rootElementReadAhead = 64 * 1024

    /// Wraps `input`, before any byte of it has been read.
    public init(_ input: TrackInput) { self.input = input }

    /// The name used in error messages.
    public var name: String { input.name }

    /// Bytes read ahead and not yet taken by a reader.
    var pendingCount: Int { pending.count - pendingOffset }

    /// Whether the input can be read again from its first byte (a second pass): it states its size, and no
    /// reader has taken anything beyond the bytes read ahead here.
    var canReadAgain: Bool { input.sizeBytes != nil && input.bytesRead == pendingCount }

    /// Goes back to the input's first byte for a second pass.
    /// - Throws: `TrackInputError.readFailed` when the input cannot seek back.
    mutating func restartFromFirstByte() throws {
        guard input.rewind() else {
            throw TrackInputError.readFailed(path: input.name, reason: "cannot seek back to the start")
        }
        self = FormatSniffingInput(input)
    }

    /// Reads ahead and guesses the format: `.FIT` at bytes 8-11 is FIT; otherwise the first non-space byte
    /// (after an optional UTF-8 BOM) decides: XML (see ``sniff(xmlDefault:)``), or JSON/NDJSON.
    mutating func sniff() throws -> TrackFormat {
        var chunk = [UInt8](repeating: 0, count: 4096)
        // FIT: `.FIT` at bytes 8-11 of the file header.
        while pending.count < 12 {
            let n = try chunk.withUnsafeMutableBytes { try input.read(into: $0) }
            if n == 0 { break }
            pending.append(contentsOf: chunk[0..<n])
        }
        if pending.count >= 12, pending[8] == 0x2E, pending[9] == 0x46, pending[10] == 0x49, pending[11] == 0x54 {
            return .fit
        }
        var first = true
        while pending.count < 1 << 20 {
            if !first || pending.isEmpty {
                let n = try chunk.withUnsafeMutableBytes { try input.read(into: $0) }
                if n == 0 { break }
                pending.append(contentsOf: chunk[0..<n])
            }
            first = false
            // UTF-32 markup: the GPX reader names the encoding it cannot read.
            if XMLPushFeeder.unsupportedEncoding(ofFirstBytes: pending) != nil { return .gpx }
            var start = 0
            if pending.starts(with: [0xEF, 0xBB, 0xBF]) { start = 3 }
            if let first = pending[start...].first(where: { !($0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D) }) {
                if first == 0xFE || first == 0xFF { return .gpx }
                return first == UInt8(ascii: "<") ? try sniff(xmlDefault: .gpx) : .ndjson
            }
        }
        // Empty or all-whitespace input: let the JSON reader report it (an empty NDJSON stream is valid).
        return .ndjson
    }

    /// For an XML input: `.tcx` when the root element's local name is `TrainingCenterDatabase`, `.gpx` for
    /// any other root, and `xmlDefault` when no root element shows within ``rootElementReadAhead`` bytes
    /// (or the input is UTF-16, or not XML at all): the reader then reports what is wrong.
    mutating func sniff(xmlDefault: TrackFormat) throws -> TrackFormat {
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            switch Self.rootElementName(in: pending) {
            case .name(let name):
                let local = name.lastIndex(of: UInt8(ascii: ":")).map { name[(name.index(after: $0))...] } ?? name
                return local.elementsEqual("TrainingCenterDatabase".utf8) ? .tcx : .gpx
            case .notFound:
                return xmlDefault
            case .needMore:
                guard pending.count < Self.rootElementReadAhead else { return xmlDefault }
                let n = try chunk.withUnsafeMutableBytes { try input.read(into: $0) }
                if n == 0 { return xmlDefault }
                pending.append(contentsOf: chunk[0..<n])
            }
        }
    }

    enum RootScan {
        case name(ArraySlice<UInt8>)
        case needMore
        case notFound
    }

    /// The name of the first element in `bytes` (after a BOM, white space, the XML declaration,
    /// processing instructions, comments and a document type declaration), if the bytes reach it.
    static func rootElementName(in bytes: [UInt8]) -> RootScan {
        var index = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        if bytes.starts(with: [0xFE, 0xFF]) || bytes.starts(with: [0xFF, 0xFE]) { return .notFound }
        func find(_ terminator: [UInt8], from start: Int) -> Int? {
            guard bytes.count >= terminator.count else { return nil }
            var position = start
            while position + terminator.count <= bytes.count {
                if bytes[position..<(position + terminator.count)].elementsEqual(terminator) { return position + terminator.count }
                position += 1
            }
            return nil
        }
        while true {
            while index < bytes.count, XMLTextBuffer.isSpace(bytes[index]) { index += 1 }
            guard index < bytes.count else { return .needMore }
            guard bytes[index] == UInt8(ascii: "<") else { return .notFound }
            guard index + 1 < bytes.count else { return .needMore }
            let next = bytes[index + 1]
            if next == UInt8(ascii: "?") {
                guard let end = find(Array("?>".utf8), from: index + 2) else { return .needMore }
                index = end
            } else if next == UInt8(ascii: "!") {
                guard index + 4 <= bytes.count else { return .needMore }
                if bytes[(index + 2)..<(index + 4)].elementsEqual("--".utf8) {
                    guard let end = find(Array("-->".utf8), from: index + 4) else { return .needMore }
                    index = end
                } else {
                    // A document type declaration, possibly with an internal subset in brackets.
                    var depth = 0
                    var position = index + 2
                    while position < bytes.count {
                        let byte = bytes[position]
                        if byte == UInt8(ascii: "[") { depth += 1 }
                        if byte == UInt8(ascii: "]") { depth -= 1 }
                        if byte == UInt8(ascii: ">"), depth <= 0 { break }
                        position += 1
                    }
                    guard position < bytes.count else { return .needMore }
                    index = position + 1
                }
            } else {
                var end = index + 1
                while end < bytes.count {
                    let byte = bytes[end]
                    if XMLTextBuffer.isSpace(byte) || byte == UInt8(ascii: ">") || byte == UInt8(ascii: "/") { break }
                    end += 1
                }
                guard end < bytes.count else { return .needMore }
                return end > index + 1 ? .name(bytes[(index + 1)..<end]) : .notFound
            }
        }
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
