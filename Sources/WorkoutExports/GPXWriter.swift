import WorkoutCore
import WorkoutSamples

/// Writes GPX 1.1 tracks, streaming: each call appends text to `output` and nothing is kept per point.
///
/// What is written, so that `GPXReader` reads back the same samples:
/// - one `<trk>` with an optional `<name>` and `<type>` (XML-escaped), a `<trkseg>` per
///   ``beginSegment()`` call;
/// - per point `lat`/`lon` attributes and `<ele>`, `<time>`, `<fix>none</fix>` (when the fix was
///   stale), `<hdop>`/`<vdop>` (accuracies divided by ``/WorkoutSamples/LocationSample/metersPerDilutionOfPrecision``), in
///   the order the GPX 1.1 schema requires;
/// - `hr`, `cad` and `atemp` in a Garmin TrackPointExtension v1 element, and a reported speed or course
///   in a TrackPointExtension v2 element (GPX 1.1 has no `<speed>` or `<course>` of its own), and power
///   in watts as an unqualified `<power>` element (TrackPointExtension has none; Strava-style exports
///   write it so).
///
/// Numbers are written with the fewest digits that read back as the same `Double`, never with an
/// exponent; times as `YYYY-MM-DDThh:mm:ss.sssZ` (UTC, rounded to the millisecond). Non-finite values
/// are left out. Points with a non-finite latitude or longitude are skipped (GPX requires both).
///
/// ```swift
/// var writer = GPXWriter(output: "")
/// writer.begin(name: "Morning run", type: "running")
/// writer.beginSegment()
/// writer.write(GPXTrackPoint(location: LocationSample(time: 0, latitude: 47.1, longitude: 8.5), heartRate: 120))
/// let text = writer.finish()
/// ```
public struct GPXWriter<Output: TextOutputStream> {
    /// Where the text goes.
    public internal(set) var output: Output
    /// The `creator` attribute of the root element.
    public let creator: String

    private var state = State.initial
    /// The block the point being written is put together in (``GPXPointBytes``; kept to reuse its storage).
    private var line = [UInt8](repeating: 0, count: GPXPointBytes.initialCapacity)
    /// The date of the last point's day (``/WorkoutSamples/ISO8601Text/DateCache``).
    private var dates = ISO8601Text.DateCache()
    private enum State { case initial, inTrack, inSegment, finished }

    /// The Garmin TrackPointExtension v1 namespace (`hr`, `cad`, `atemp`).
    public static var trackPointExtensionV1: String { "http://www.garmin.com/xmlschemas/TrackPointExtension/v1" }
    /// The Garmin TrackPointExtension v2 namespace (adds `speed` and `course`).
    public static var trackPointExtensionV2: String { "http://www.garmin.com/xmlschemas/TrackPointExtension/v2" }

    /// A writer appending to `output`; nothing is written until ``begin(name:type:)`` or the first point.
    public init(output: Output, creator: String = "WorkoutEngine") {
        self.output = output
        self.creator = creator
    }

    /// Writes the XML declaration, the `<gpx>` root and opens the track. Called at most once, before
    /// any segment; ``beginSegment()`` calls it (without name or type) when it was not.
    /// - Complexity: O(length of name and type).
    public mutating func begin(name: String? = nil, type: String? = nil) {
        guard state == .initial else { return }
        output.write("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n")
        output.write("<gpx version=\"1.1\" creator=\"\(XMLText.escaped(creator))\"")
        output.write(" xmlns=\"http://www.topografix.com/GPX/1/1\"")
        output.write(" xmlns:gpxtpx=\"\(Self.trackPointExtensionV1)\"")
        output.write(" xmlns:gpxtpx2=\"\(Self.trackPointExtensionV2)\"")
        output.write(" xmlns:xsi=\"http://www.w3.org/2001/XMLSchema-instance\"")
        output.write(" xsi:schemaLocation=\"http://www.topografix.com/GPX/1/1 http://www.topografix.com/GPX/1/1/gpx.xsd\">\n")
        output.write("  <trk>\n")
        if let name, !name.isEmpty { output.write("    <name>\(XMLText.escaped(name))</name>\n") }
        if let type, !type.isEmpty { output.write("    <type>\(XMLText.escaped(type))</type>\n") }
        state = .inTrack
    }

    /// Closes the open segment, if any, and opens a new `<trkseg>`.
    /// - Complexity: O(1).
    public mutating func beginSegment() {
        switch state {
        case .initial: begin()
        case .inSegment: output.write("    </trkseg>\n")
        case .inTrack: break
        case .finished: return
        }
        output.write("    <trkseg>\n")
        state = .inSegment
    }

    /// Writes one `<trkpt>`, opening a segment first when none is open. Ignored after ``finish()`` and
    /// for a point whose latitude or longitude is not finite.
    /// - Complexity: O(1); one string of the point's text.
    public mutating func write(_ point: GPXTrackPoint) {
        guard let count = makeLine(point) else { return }
        output.write(String(decoding: line[..<count], as: UTF8.self))
    }

    /// Puts the point's text together in the first bytes of ``line`` (opening a segment first when none is
    /// open) and returns how many; `nil`, with nothing written, for a point that is not written.
    private mutating func makeLine(_ point: GPXTrackPoint) -> Int? {
        let fix = point.location
        guard state != .finished, fix.latitude.isFinite, fix.longitude.isFinite else { return nil }
        if state != .inSegment { beginSegment() }
        // The point's text is put together as bytes in a block of its own (a write or a string append per
        // piece costs more than the piece), in a larger block when it does not fit (numbers of hundreds of
        // digits).
        var dates = self.dates
        defer { self.dates = dates }
        while true {
            let (count, overflowed) = line.withUnsafeMutableBufferPointer { block in
                var bytes = GPXPointBytes(block)
                Self.putTogether(point, into: &bytes, dates: &dates)
                return (bytes.count, bytes.overflowed)
            }
            if !overflowed { return count }
            line = [UInt8](repeating: 0, count: line.count * 2)
        }
    }

    /// The text of `point`'s `<trkpt>` element, with its line's indent and newline.
    private static func putTogether(_ point: GPXTrackPoint, into bytes: inout GPXPointBytes, dates: inout ISO8601Text.DateCache) {
        let fix = point.location
        bytes.append("      <trkpt lat=\"")
        bytes.appendNumber(fix.latitude)
        bytes.append("\" lon=\"")
        bytes.appendNumber(fix.longitude)
        bytes.append("\">")
        if let altitude = fix.altitudeMeters, altitude.isFinite {
            element("<ele>", altitude, "</ele>", into: &bytes)
        }
        if let time = fix.time {
            let start = bytes.count
            bytes.append("<time>")
            if bytes.appendTime(secondsSince1970: time, dates: &dates) {
                bytes.append("</time>")
            } else {
                bytes.rewind(to: start)  // a time ISO 8601 cannot write: no `<time>`
            }
        }
        if !fix.hasFix { bytes.append("<fix>none</fix>") }
        let perDOP = LocationSample.metersPerDilutionOfPrecision
        if let accuracy = fix.horizontalAccuracyMeters, accuracy.isFinite {
            element("<hdop>", Self.dilution(ofMeters: accuracy, perDOP: perDOP), "</hdop>", into: &bytes)
        }
        if let accuracy = fix.verticalAccuracyMeters, accuracy.isFinite {
            element("<vdop>", Self.dilution(ofMeters: accuracy, perDOP: perDOP), "</vdop>", into: &bytes)
        }
        let heartRate = point.heartRate.flatMap { $0.isFinite ? $0 : nil }
        let cadence = point.cadence.flatMap { $0.isFinite ? $0 : nil }
        let temperature = point.temperatureCelsius.flatMap { $0.isFinite ? $0 : nil }
        let speed = fix.speedMetersPerSecond.flatMap { $0.isFinite ? $0 : nil }
        let course = fix.courseDegrees.flatMap { $0.isFinite ? $0 : nil }
        let power = point.powerWatts.flatMap { $0.isFinite ? $0 : nil }
        if heartRate != nil || cadence != nil || temperature != nil || speed != nil || course != nil || power != nil {
            bytes.append("<extensions>")
            if heartRate != nil || cadence != nil || temperature != nil {
                bytes.append("<gpxtpx:TrackPointExtension>")
                if let temperature { element("<gpxtpx:atemp>", temperature, "</gpxtpx:atemp>", into: &bytes) }
                if let heartRate { element("<gpxtpx:hr>", heartRate, "</gpxtpx:hr>", into: &bytes) }
                if let cadence { element("<gpxtpx:cad>", cadence, "</gpxtpx:cad>", into: &bytes) }
                bytes.append("</gpxtpx:TrackPointExtension>")
            }
            if speed != nil || course != nil {
                bytes.append("<gpxtpx2:TrackPointExtension>")
                if let speed { element("<gpxtpx2:speed>", speed, "</gpxtpx2:speed>", into: &bytes) }
                if let course { element("<gpxtpx2:course>", course, "</gpxtpx2:course>", into: &bytes) }
                bytes.append("</gpxtpx2:TrackPointExtension>")
            }
            if let power { element("<power>", power, "</power>", into: &bytes) }
            bytes.append("</extensions>")
        }
        bytes.append("</trkpt>\n")
    }

    /// Appends `open`, the number `value` (``DecimalText/shortest(_:)``) and `close`.
    @inline(__always)
    private static func element(_ open: StaticString, _ value: Double, _ close: StaticString, into bytes: inout GPXPointBytes) {
        bytes.append(open)
        bytes.appendNumber(value)
        bytes.append(close)
    }

    /// Lets `body` take what was written so far out of the output (emptying a buffer), so a long track
    /// is handed on in blocks.
    mutating func takeOutput<Result>(_ body: (inout Output) -> Result) -> Result {
        body(&output)
    }

    /// Closes every open element and returns the output. Later calls write nothing.
    /// - Complexity: O(1).
    @discardableResult
    public mutating func finish() -> Output {
        switch state {
        case .initial:
            begin()
            output.write("  </trk>\n</gpx>\n")
        case .inSegment:
            output.write("    </trkseg>\n  </trk>\n</gpx>\n")
        case .inTrack:
            output.write("  </trk>\n</gpx>\n")
        case .finished:
            break
        }
        state = .finished
        return output
    }

    /// The DOP that the reader turns back into `meters`: the quotient, nudged by an ulp when the
    /// product of the rounded quotient misses `meters`, so the round trip is exact whenever possible.
    static func dilution(ofMeters meters: Double, perDOP: Double) -> Double {
        let dop = meters / perDOP
        if dop * perDOP == meters { return dop }
        if dop.nextUp * perDOP == meters { return dop.nextUp }
        if dop.nextDown * perDOP == meters { return dop.nextDown }
        return dop
    }
}

extension GPXWriter where Output == GPXTextBuffer {
    /// ``write(_:)`` into a buffer of bytes, without a string per point (what ``GPXSampleWriter`` uses).
    mutating func writeBytes(_ point: GPXTrackPoint) {
        guard let count = makeLine(point) else { return }
        output.bytes.append(contentsOf: line[..<count])
    }
}
