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
///   `hr`/`heartrate`/`cad`/`cadence`/`power` (watts, as `WorkoutExports` writes it and Strava-style
///   exports do), whatever prefix the file binds. Other extension elements are
///   ignored. An extension speed or course fills the location's only when the point has no `<speed>`
///   or `<course>` of its own.
/// - Each point produces, at its end tag and all with the point's time: `.location` first, then
///   `.heartRate`, `.cadence`, `.power` and `.weather(temperatureCelsius:)` for the values present.
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
/// - An empty `<ele/>`, `<time/>` or other value element means "absent". An optional value that is not a
///   finite decimal number (`<speed>n/a</speed>`, `NaN`, `1e999` in `ele`, `speed`, `course`, `hdop`,
///   `vdop` or an extension's `hr`, `cad`, `atemp`, `speed`, `course`) is dropped from its point and
///   counted in ``TrackReadReport/skippedFields`` under the element's name, with its first position; the
///   point is kept. With ``TrackReadOptions/strict`` it is an error naming the element and the value. A
///   time that ``/WorkoutSamples/ISO8601Time`` rejects (impossible dates, no seconds) is always an error. Times without a
///   zone are UTC.
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

    /// Which parser reads the input.
    package var path: ParsePath = .automatic

    /// How optional values that do not parse are treated (dropped and counted, or errors when strict).
    public var options: TrackReadOptions

    /// A reader with the default 64 KiB chunk size.
    public init(options: TrackReadOptions = TrackReadOptions()) {
        self.chunkSize = 64 * 1024
        self.options = options
    }

    /// A reader that pushes `chunkSize` bytes at a time (tests and the fuzz targets use tiny chunks to
    /// exercise boundaries).
    package init(chunkSize: Int, options: TrackReadOptions = TrackReadOptions()) {
        self.chunkSize = max(1, chunkSize)
        self.options = options
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
        var report = TrackReadReport(format: .gpx)
        // Sink calls (samples and the activity) made by the fast path before it fell back: the libxml2
        // pass makes the same calls first (fuzz-gpx-fast checks it) and skips them.
        var delivered = 0
        let rewindable = input.canReadAgain
        if path != .libxml2, rewindable || path == .fastOnly {
            var scanner = GPXFastScanner(chunkSize: chunkSize)
            let outcome = try parse(name: input.name, into: &sink, report: &report, skipping: 0, delivered: &delivered) { state, drain in
                try scanner.scan(&input, state: state, afterChunk: drain)
            }
            if outcome == .finished || path == .fastOnly {
                if outcome == .fallback { throw TrackFormatError(file: input.name, position: SourcePosition(line: 1, column: 1), message: Self.fastPathRefusal) }
                return report
            }
            try input.restartFromFirstByte()
        }
        var unused = 0
        _ = try parse(name: input.name, into: &sink, report: &report, skipping: delivered, delivered: &unused) { state, drain in
            try XMLPushParser.parse(&input, chunkSize: chunkSize, state: state, afterChunk: drain)
            return .finished
        }
        return report
    }

    /// Which parser reads the input (tests and the differential fuzz target choose; readers use `.automatic`).
    package enum ParsePath: Sendable {
        /// The fast path when the input can be read again from its start, else libxml2.
        case automatic
        /// libxml2 only.
        case libxml2
        /// The fast path only: an input it falls back on is an error (``GPXReader/fastPathRefusal``).
        case fastOnly
    }

    /// The error message of ``ParsePath/fastOnly`` for an input the fast path does not read.
    package static let fastPathRefusal = "the fast path does not read this input"

    /// One pass over the input with a fresh parse state: `run` drives the state and calls `drain` after
    /// each chunk; the first `skipping` sink calls are left out (a previous pass made them).
    private func parse<Sink: TrackSampleSink>(
        name: String, into sink: inout Sink, report: inout TrackReadReport, skipping: Int,
        delivered: inout Int,
        run: (UnsafeMutablePointer<GPXParseState>, () throws -> Void) throws -> GPXFastScanner.Outcome
    ) throws -> GPXFastScanner.Outcome {
        let state = UnsafeMutablePointer<GPXParseState>.allocate(capacity: 1)
        state.initialize(to: GPXParseState(fileName: name, strict: options.strict))
        defer {
            state.deinitialize(count: 1)
            state.deallocate()
        }
        var batch = ContiguousArray<Sample>()
        batch.reserveCapacity(1024)
        var skip = skipping

        func announce() throws {
            guard let name = state.pointee.activityName else { return }
            if skip > 0 { skip -= 1; return }
            try sink.trackActivity(named: name)
            delivered += 1
        }

        func deliver(_ samples: inout ContiguousArray<Sample>, announcingAt activityIndex: Int?) throws {
            for index in samples.indices {
                if index == activityIndex { try announce() }
                if skip > 0 {
                    skip -= 1
                    continue
                }
                let sample = samples[index]
                try sink.consume(sample)
                delivered += 1
                report.sampleCount += 1
                if case .location = sample { report.locationCount += 1 }
            }
            if activityIndex == samples.count { try announce() }
            samples.removeAll(keepingCapacity: true)
        }

        func drain() throws {
            swap(&batch, &state.pointee.pending)
            let activityIndex = state.pointee.activityIndex
            state.pointee.activityIndex = nil
            try deliver(&batch, announcingAt: activityIndex)
        }

        let outcome = try run(state, drain)
        guard outcome == .finished else { return outcome }
        if !state.pointee.sawTrackPoint, !state.pointee.routeSamples.isEmpty {
            var route = ContiguousArray<Sample>()
            swap(&route, &state.pointee.routeSamples)
            try deliver(&route, announcingAt: nil)
        }
        report.activityName = state.pointee.activityName
        report.skippedFields = state.pointee.skippedFields
        return outcome
    }
}
