import WorkoutSamples
import CLibXML2

/// Streaming GPX 1.0 / 1.1 reader over libxml2's SAX2 push parser.
///
/// The input is read in chunks (64 KiB by default, more while one token is incomplete: see
/// `XMLPushFeeder`) and pushed into `xmlParseChunk`; no document tree is built and the file is never held
/// in memory. The work is linear in the input, whatever the size of one comment, attribute or text. Element and namespace names are compared as bytes,
/// character data goes into one reused buffer and numbers are parsed from bytes, so reading allocates
/// nothing per point once its buffers have grown.
///
/// ## What is read
/// Elements match by local name in the GPX 1.0 (`http://www.topografix.com/GPX/1/0`) or 1.1
/// (`http://www.topografix.com/GPX/1/1`) namespace, or in no namespace, with any prefix.
/// - `trk/trkseg/trkpt`: attributes `lat` and `lon` (required) and the children `ele`, `time`, `speed`
///   (m/s, GPX 1.0), `course` (degrees, GPX 1.0), `hdop`, `vdop` and `fix`. `<fix>none</fix>` gives
///   `hasFix == false`; any other value leaves it `true`. `hdop` and `vdop` become accuracies in metres
///   through ``metersPerDilutionOfPrecision``.
/// - Extensions inside a point: Garmin TrackPointExtension v1 and v2 (`hr`, `cad`, `atemp`, and v2
///   `speed` and `course`), cluetrust gpxdata 1.0 (`hr`, `cadence`, `temp`, `speed`), and unqualified
///   `hr`/`heartrate`/`cad`/`cadence`, whatever prefix the file binds. Other extension elements are
///   ignored. An extension speed or course fills the location's only when the point has no `<speed>`
///   or `<course>` of its own.
/// - Each point produces, at its end tag and all with the point's time: `.location` first, then
///   `.heartRate`, `.cadence` and `.weather(temperatureCelsius:)` for the values present.
/// - Every `<trkseg>` start emits `.event(WorkoutEventSample(time: nil, kind: .segmentStart))` (the
///   engine treats the first as a no-op); empty segments are fine.
/// - The first non-empty `trk/type` (trimmed) goes to `TrackSampleSink.trackActivity(named:)`, before
///   the samples that follow it, once per document.
/// - `rte/rtept` are used only when the document has no track point at all: route points are kept
///   (at most ``maximumBufferedRoutePoints``) until the first `trkpt` appears, which discards them;
///   if the document ends without one, they are emitted then, each `<rte>` starting a segment.
/// - `wpt`, `metadata` and everything else are skipped with all their children.
///
/// ## Values and errors
/// Errors are `TrackFormatError` with the file name and a 1-based line and column. For libxml2's own
/// errors (malformed or truncated XML) they are where libxml2 reports them, with its message; for the
/// reader's errors, just after the start tag of the element concerned.
/// - A missing, empty or non-numeric `lat`/`lon` is an error (`trkpt: attribute lat: "abc" is not a
///   number`). Values out of range are not: the engine's filter counts and drops them.
/// - An empty `<ele/>`, `<time/>` or other value element means "absent". A value that is not a finite
///   decimal number (`abc`, `NaN`, `1e999`) is an error naming the element and the value; so is a time
///   that ``ISO8601Time`` rejects (impossible dates, no seconds). Times without a zone are UTC.
/// - A root element other than `gpx` is an error (`root element is X, not gpx`), as is a `gpx` root in
///   a namespace other than GPX 1.0/1.1. libxml2's recoverable errors (an undeclared namespace prefix,
///   for example) are errors too; its warnings are ignored.
/// - An empty input (or only white space) is an error (`empty document: no gpx element`).
/// - Errors the sink throws propagate unchanged.
///
/// ## Input handling
/// A UTF-8 byte order mark and ASCII white space before the first `<` are skipped (real Polar exports
/// put white space before `<?xml`; positions still count the skipped lines). Declared encodings such as
/// ISO-8859-1, and UTF-16 with a byte order mark, are decoded by libxml2. Comments, CDATA sections and
/// the predefined and character entities (`&amp;`, `&#233;`) work anywhere. A DOCTYPE with an internal
/// subset is an error (`DOCTYPE with an internal subset is not supported`), so no entity is ever declared;
/// nothing external is loaded (`XML_PARSE_NONET`, no external subset): the reader is immune to XXE and
/// entity-expansion attacks. UTF-32 input is an error (`encoding UTF-32 is not supported`), and so is an
/// element with more than 10 000 attributes (libxml2's duplicate check is quadratic in their number).
/// `XML_PARSE_HUGE` lifts libxml2's size limits on text nodes (long waypoint descriptions).
///
/// Not thread safe per call, but a `GPXReader` value holds no state: separate calls may run on
/// separate threads. While a call runs it installs its own libxml2 structured error handler for the
/// calling thread and restores the previous one before returning.
public struct GPXReader: Sendable {
    /// Metres of 68 % horizontal (or vertical) uncertainty per unit of `hdop` (or `vdop`): 5 m.
    ///
    /// Position error ≈ DOP × σ(UERE), the user-equivalent range error. 5 m is an assumption for a
    /// consumer receiver without augmentation (published single-frequency UERE budgets are roughly
    /// 4–7 m at one sigma); GPX records only the DOP, not the receiver's error model.
    public static let metersPerDilutionOfPrecision = LocationSample.metersPerDilutionOfPrecision

    /// At most this many route points are buffered while waiting to see whether the document has
    /// track points; more is an error.
    public static let maximumBufferedRoutePoints = 1_000_000

    /// Bytes read from the input and pushed into the parser at a time.
    let chunkSize: Int

    /// A reader with the default 64 KiB chunk size.
    public init() {
        self.chunkSize = 64 * 1024
    }

    /// A reader that pushes `chunkSize` bytes at a time (tests use tiny chunks to exercise boundaries).
    init(chunkSize: Int) {
        self.chunkSize = max(1, chunkSize)
    }

    /// Reads a whole GPX document from `input` and hands its samples to `sink`, in document order.
    ///
    /// - Returns: format `.gpx`, the number of samples and of location samples handed to the sink, and
    ///   the activity name (`trk/type`), if any.
    /// - Throws: `TrackFormatError` for malformed XML or GPX, `TrackInputError` when the input cannot be
    ///   read, or whatever the sink throws. Samples handed to the sink before an error stay handed.
    /// - Complexity: O(n) in the input size; memory is O(chunk size + the longest token) plus buffered
    ///   route points.
    public func read<Sink: TrackSampleSink>(_ input: inout FormatSniffingInput, into sink: inout Sink) throws -> TrackReadReport {
        let state = UnsafeMutablePointer<GPXParseState>.allocate(capacity: 1)
        state.initialize(to: GPXParseState(fileName: input.name))
        defer {
            state.deinitialize(count: 1)
            state.deallocate()
        }
        let chunk = UnsafeMutableRawBufferPointer.allocate(byteCount: chunkSize, alignment: 16)
        defer { chunk.deallocate() }

        // The first bytes: skip a UTF-8 BOM and leading white space, keep at least 4 bytes (or all the
        // input) for libxml2's encoding detection.
        var head: [UInt8] = []
        var headStart = 0
        var atEnd = false
        func fill(_ wanted: Int) throws {
            while head.count - headStart < wanted, !atEnd {
                let count = try input.read(into: chunk)
                if count == 0 {
                    atEnd = true
                } else {
                    head.append(contentsOf: UnsafeRawBufferPointer(rebasing: chunk[0..<count]))
                }
            }
        }
        try fill(4)
        if let encoding = XMLPushFeeder.unsupportedEncoding(ofFirstBytes: head) {
            throw TrackFormatError(
                file: input.name,
                position: SourcePosition(line: 1, column: 1),
                message: "encoding \(encoding) is not supported (convert the file to UTF-8)"
            )
        }
        let isUTF16 = head.starts(with: [0xFE, 0xFF]) || head.starts(with: [0xFF, 0xFE])
        if head.starts(with: [0xEF, 0xBB, 0xBF]) { headStart = 3 }
        if !isUTF16 {
            var previous: UInt8 = 0
            while true {
                while headStart < head.count, GPXByteBuffer.isSpace(head[headStart]) {
                    let byte = head[headStart]
                    if byte == 0x0A {
                        if previous != 0x0D { state.pointee.skippedLines += 1 }
                        state.pointee.skippedColumns = 0
                    } else if byte == 0x0D {
                        state.pointee.skippedLines += 1
                        state.pointee.skippedColumns = 0
                    } else {
                        state.pointee.skippedColumns += 1
                    }
                    previous = byte
                    headStart += 1
                }
                if headStart < head.count || atEnd { break }
                head.removeAll(keepingCapacity: true)
                headStart = 0
                try fill(1)
            }
        }
        try fill(4)
        if headStart == head.count, atEnd {
            throw TrackFormatError(
                file: input.name,
                position: state.pointee.position(line: 1, column: 1),
                message: "empty document: no gpx element"
            )
        }

        var handler = GPXParseState.makeHandler()
        let context = UnsafeMutableRawPointer(state)
        let created = head[headStart...].withUnsafeBytes { bytes in
            xmlCreatePushParserCtxt(
                &handler, context, bytes.baseAddress?.assumingMemoryBound(to: CChar.self), Int32(bytes.count), nil
            )
        }
        guard let parser = created else {
            throw TrackFormatError(file: input.name, position: SourcePosition(line: 1, column: 1), message: "cannot create an XML parser")
        }
        defer {
            if let document = parser.pointee.myDoc { xmlFreeDoc(document) }
            xmlFreeParserCtxt(parser)
        }
        state.pointee.parser = parser
        _ = xmlCtxtUseOptions(parser, Int32(XML_PARSE_NONET.rawValue | XML_PARSE_HUGE.rawValue))

        // Errors libxml2 raises outside the parser's own channel (encoding conversion, I/O) go to the
        // thread's structured handler: make it ours for the duration of the parse.
        let savedHandler = __xmlStructuredError()?.pointee
        let savedContext = __xmlStructuredErrorContext()?.pointee
        xmlSetStructuredErrorFunc(context, GPXParseState.structuredErrorHandler)
        defer { xmlSetStructuredErrorFunc(savedContext ?? nil, savedHandler ?? nil) }

        var report = TrackReadReport(format: .gpx)
        var batch = ContiguousArray<Sample>()
        batch.reserveCapacity(1024)

        func check(_ status: Int32) throws {
            if let error = state.pointee.error { throw error }
            guard status != 0, let last = xmlCtxtGetLastError(parser),
                  last.pointee.level.rawValue >= XML_ERR_ERROR.rawValue
            else { return }
            state.pointee.libraryError(last)
            if let error = state.pointee.error { throw error }
        }

        func deliver(_ samples: inout ContiguousArray<Sample>, announcingAt activityIndex: Int?) throws {
            for index in samples.indices {
                if index == activityIndex, let name = state.pointee.activityName {
                    try sink.trackActivity(named: name)
                }
                let sample = samples[index]
                try sink.consume(sample)
                report.sampleCount += 1
                if case .location = sample { report.locationCount += 1 }
            }
            if activityIndex == samples.count, let name = state.pointee.activityName {
                try sink.trackActivity(named: name)
            }
            samples.removeAll(keepingCapacity: true)
        }

        func drain() throws {
            swap(&batch, &state.pointee.pending)
            let activityIndex = state.pointee.activityIndex
            state.pointee.activityIndex = nil
            try deliver(&batch, announcingAt: activityIndex)
        }

        var feeder = XMLPushFeeder(chunkSize: chunkSize)
        while !atEnd, let status = try feeder.pushNext(into: parser, from: &input) {
            try check(status)
            try drain()
            if feeder.startTagHasTooManyAttributes(parser) {
                throw TrackFormatError(file: input.name, position: state.pointee.currentPosition(),
                                       message: XMLPushFeeder.tooManyAttributesMessage)
            }
        }
        let status = xmlParseChunk(parser, nil, 0, 1)
        try check(status)
        try drain()

        if !state.pointee.sawTrackPoint, !state.pointee.routeSamples.isEmpty {
            var route = ContiguousArray<Sample>()
            swap(&route, &state.pointee.routeSamples)
            try deliver(&route, announcingAt: nil)
        }
        report.activityName = state.pointee.activityName
        return report
    }
}
