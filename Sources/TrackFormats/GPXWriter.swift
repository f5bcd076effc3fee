public import WorkoutSamples

/// One track point to write: a position fix and the sensor values recorded with it.
public struct GPXTrackPoint: Sendable, Hashable {
    /// The fix: latitude, longitude, and optionally time, altitude, accuracies, speed, course, fix state.
    public var location: LocationSample
    /// Beats per minute (Garmin TrackPointExtension `hr`).
    public var heartRate: Double?
    /// Per minute (Garmin TrackPointExtension `cad`).
    public var cadence: Double?
    /// Air temperature, °C (Garmin TrackPointExtension `atemp`).
    public var temperatureCelsius: Double?

    public init(location: LocationSample, heartRate: Double? = nil, cadence: Double? = nil, temperatureCelsius: Double? = nil) {
        self.location = location
        self.heartRate = heartRate
        self.cadence = cadence
        self.temperatureCelsius = temperatureCelsius
    }
}

/// Writes GPX 1.1 tracks, streaming: each call appends text to `output` and nothing is kept per point.
///
/// What is written, so that ``GPXReader`` reads back the same samples:
/// - one `<trk>` with an optional `<name>` and `<type>` (XML-escaped), a `<trkseg>` per
///   ``beginSegment()`` call;
/// - per point `lat`/`lon` attributes and `<ele>`, `<time>`, `<fix>none</fix>` (when the fix was
///   stale), `<hdop>`/`<vdop>` (accuracies divided by ``GPXReader/metersPerDilutionOfPrecision``), in
///   the order the GPX 1.1 schema requires;
/// - `hr`, `cad` and `atemp` in a Garmin TrackPointExtension v1 element, and a reported speed or course
///   in a TrackPointExtension v2 element (GPX 1.1 has no `<speed>` or `<course>` of its own).
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
    public private(set) var output: Output
    /// The `creator` attribute of the root element.
    public let creator: String

    private var state = State.initial
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
    /// - Complexity: O(1), a few short strings.
    public mutating func write(_ point: GPXTrackPoint) {
        let fix = point.location
        guard state != .finished, fix.latitude.isFinite, fix.longitude.isFinite else { return }
        if state != .inSegment { beginSegment() }
        output.write("      <trkpt lat=\"\(DecimalText.shortest(fix.latitude))\" lon=\"\(DecimalText.shortest(fix.longitude))\">")
        if let altitude = fix.altitudeMeters, altitude.isFinite {
            output.write("<ele>\(DecimalText.shortest(altitude))</ele>")
        }
        if let time = fix.time, time.isFinite {
            output.write("<time>\(TrackTimeText.iso8601Milliseconds(secondsSince1970: time))</time>")
        }
        if !fix.hasFix { output.write("<fix>none</fix>") }
        let perDOP = GPXReader.metersPerDilutionOfPrecision
        if let accuracy = fix.horizontalAccuracyMeters, accuracy.isFinite {
            output.write("<hdop>\(DecimalText.shortest(Self.dilution(ofMeters: accuracy, perDOP: perDOP)))</hdop>")
        }
        if let accuracy = fix.verticalAccuracyMeters, accuracy.isFinite {
            output.write("<vdop>\(DecimalText.shortest(Self.dilution(ofMeters: accuracy, perDOP: perDOP)))</vdop>")
        }
        let heartRate = point.heartRate.flatMap { $0.isFinite ? $0 : nil }
        let cadence = point.cadence.flatMap { $0.isFinite ? $0 : nil }
        let temperature = point.temperatureCelsius.flatMap { $0.isFinite ? $0 : nil }
        let speed = fix.speedMetersPerSecond.flatMap { $0.isFinite ? $0 : nil }
        let course = fix.courseDegrees.flatMap { $0.isFinite ? $0 : nil }
        if heartRate != nil || cadence != nil || temperature != nil || speed != nil || course != nil {
            output.write("<extensions>")
            if heartRate != nil || cadence != nil || temperature != nil {
                output.write("<gpxtpx:TrackPointExtension>")
                if let temperature { output.write("<gpxtpx:atemp>\(DecimalText.shortest(temperature))</gpxtpx:atemp>") }
                if let heartRate { output.write("<gpxtpx:hr>\(DecimalText.shortest(heartRate))</gpxtpx:hr>") }
                if let cadence { output.write("<gpxtpx:cad>\(DecimalText.shortest(cadence))</gpxtpx:cad>") }
                output.write("</gpxtpx:TrackPointExtension>")
            }
            if speed != nil || course != nil {
                output.write("<gpxtpx2:TrackPointExtension>")
                if let speed { output.write("<gpxtpx2:speed>\(DecimalText.shortest(speed))</gpxtpx2:speed>") }
                if let course { output.write("<gpxtpx2:course>\(DecimalText.shortest(course))</gpxtpx2:course>") }
                output.write("</gpxtpx2:TrackPointExtension>")
            }
            output.write("</extensions>")
        }
        output.write("</trkpt>\n")
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

/// Numbers as plain decimal text: never an exponent, never `nan` or `inf`.
public enum DecimalText {
    /// The shortest decimal that reads back as exactly `value` (Swift's round-trip digits), written
    /// positionally: `0.00001`, `120`, `-3.25`. Non-finite values give the empty string; `-0.0` gives `0`.
    /// - Complexity: O(number of digits); one small string.
    public static func shortest(_ value: Double) -> String {
        guard value.isFinite else { return "" }
        if value == 0 { return "0" }
        var text = value.description
        var sign = ""
        if text.first == "-" { sign = "-"; text.removeFirst() }
        var exponent = 0
        if let e = text.firstIndex(where: { $0 == "e" || $0 == "E" }) {
            exponent = Int(text[text.index(after: e)...]) ?? 0
            text = String(text[..<e])
        }
        var whole = Substring(text)
        var fraction: Substring = ""
        if let dot = text.firstIndex(of: ".") {
            whole = text[..<dot]
            fraction = text[text.index(after: dot)...]
        }
        var digits = Array(whole.utf8) + Array(fraction.utf8)
        // The decimal point sits after `point` digits.
        var point = whole.count + exponent
        var leading = 0
        while leading < digits.count - 1, digits[leading] == UInt8(ascii: "0") { leading += 1 }
        digits.removeFirst(leading)
        point -= leading
        while digits.count > 1, digits.last == UInt8(ascii: "0") { digits.removeLast() }
        let zero = UInt8(ascii: "0")
        var out: [UInt8] = Array(sign.utf8)
        if point <= 0 {
            out += [zero, UInt8(ascii: ".")] + [UInt8](repeating: zero, count: -point) + digits
        } else if point >= digits.count {
            out += digits + [UInt8](repeating: zero, count: point - digits.count)
        } else {
            out += digits[..<point] + [UInt8(ascii: ".")] + digits[point...]
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// `value` rounded to at most `maximumFractionDigits` decimals (0...9), trailing zeros removed:
    /// `fixed(2.50, maximumFractionDigits: 2)` is `2.5`. Non-finite values give the empty string.
    /// - Complexity: O(number of digits).
    public static func fixed(_ value: Double, maximumFractionDigits: Int) -> String {
        guard value.isFinite else { return "" }
        let digits = Swift.min(Swift.max(maximumFractionDigits, 0), 9)
        var scale: Int64 = 1
        for _ in 0..<digits { scale *= 10 }
        let scaled = (Swift.abs(value) * Double(scale)).rounded()
        guard scaled < 9e15 else { return shortest(value.rounded()) }
        let units = Int64(scaled)
        var text = (value < 0 && units != 0 ? "-" : "") + String(units / scale)
        let remainder = units % scale
        if remainder != 0 {
            var fraction = String(remainder)
            fraction = String(repeating: "0", count: digits - fraction.count) + fraction
            while fraction.last == "0" { fraction.removeLast() }
            text += "." + fraction
        }
        return text
    }
}

/// Times as text.
public enum TrackTimeText {
    /// An instant as ISO 8601 UTC with milliseconds, `2017-07-29T14:46:35.000Z`, rounded to the nearest
    /// millisecond; what ``ISO8601Time`` reads back. Non-finite input gives the empty string.
    /// - Complexity: O(1).
    public static func iso8601Milliseconds(secondsSince1970 seconds: Double) -> String {
        guard seconds.isFinite, Swift.abs(seconds) < 2.5e11 else { return "" }
        let milliseconds = Int64((seconds * 1000).rounded())
        var days = milliseconds / 86_400_000
        var millisecondOfDay = milliseconds % 86_400_000
        if millisecondOfDay < 0 {
            millisecondOfDay += 86_400_000
            days -= 1
        }
        let (year, month, day) = civilDate(daysSince1970: Int(days))
        let second = Int(millisecondOfDay / 1000)
        let millisecond = Int(millisecondOfDay % 1000)
        return "\(padded(year, 4))-\(padded(month, 2))-\(padded(day, 2))T"
            + "\(padded(second / 3600, 2)):\(padded(second / 60 % 60, 2)):\(padded(second % 60, 2)).\(padded(millisecond, 3))Z"
    }

    /// Year, month and day of a day count since 1970-01-01: the year estimated from the mean Gregorian
    /// year and corrected with ``ISO8601Time/daysSince1970(year:month:day:)``, then the month counted.
    static func civilDate(daysSince1970 days: Int) -> (year: Int, month: Int, day: Int) {
        var year = 1970 + Int((Double(days) / 365.2425).rounded(.down))
        while ISO8601Time.daysSince1970(year: year, month: 1, day: 1) > days { year -= 1 }
        while ISO8601Time.daysSince1970(year: year + 1, month: 1, day: 1) <= days { year += 1 }
        var remaining = days - ISO8601Time.daysSince1970(year: year, month: 1, day: 1)
        var month = 1
        while month < 12, remaining >= ISO8601Time.daysInMonth(year: year, month: month) {
            remaining -= ISO8601Time.daysInMonth(year: year, month: month)
            month += 1
        }
        return (year, month, remaining + 1)
    }

    private static func padded(_ value: Int, _ width: Int) -> String {
        let text = String(Swift.abs(value))
        let sign = value < 0 ? "-" : ""
        return sign + (text.count < width ? String(repeating: "0", count: width - text.count) + text : text)
    }
}

/// XML text escaping.
public enum XMLText {
    /// `text` with `&`, `<`, `>`, `"` and `'` replaced by entities, and control characters that XML 1.0
    /// forbids (all below U+0020 except tab, newline and carriage return) removed; usable in element
    /// content and in attribute values.
    /// - Complexity: O(n).
    public static func escaped(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { $0 == "&" || $0 == "<" || $0 == ">" || $0 == "\"" || $0 == "'" || ($0.value < 0x20 && $0 != "\t" && $0 != "\n" && $0 != "\r") }) else {
            return text
        }
        var out = ""
        out.reserveCapacity(text.utf8.count + 16)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            default:
                if scalar.value < 0x20, scalar != "\t", scalar != "\n", scalar != "\r" { continue }
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
