import WorkoutSamples
import CLibXML2

/// What an open element means to the GPX reader. One byte per open element on the reader's stack.
enum GPXNode: UInt8 {
    /// Not interesting, and neither is anything inside it (`wpt`, `metadata`, `name`, ...).
    case ignored
    case gpx
    case trk
    /// `trk/type`: text.
    case trackType
    case trkseg
    case rte
    /// `trkseg/trkpt` or `rte/rtept`.
    case point
    // Text children of a point.
    case elevation, time, speed, course, hdop, vdop, fix
    /// `<extensions>` of a point, or any element inside it that is not a known value.
    case extensions
    // Text values inside a point's extensions.
    case heartRate, cadence, power, temperature, extensionSpeed, extensionCourse

    /// Elements whose character data the reader collects.
    var isText: Bool {
        switch self {
        case .trackType, .elevation, .time, .speed, .course, .hdop, .vdop, .fix,
             .heartRate, .cadence, .power, .temperature, .extensionSpeed, .extensionCourse:
            true
        default:
            false
        }
    }

    /// The name used in error messages.
    var elementName: String {
        switch self {
        case .trackType: "type"
        case .elevation: "ele"
        case .time: "time"
        case .speed, .extensionSpeed: "speed"
        case .course, .extensionCourse: "course"
        case .hdop: "hdop"
        case .vdop: "vdop"
        case .fix: "fix"
        case .heartRate: "hr"
        case .cadence: "cad"
        case .power: "power"
        case .temperature: "atemp"
        default: "\(self)"
        }
    }
}

/// The namespaces the reader tells apart.
enum GPXNamespace: UInt8 {
    /// No namespace (files that omit `xmlns`).
    case none
    /// GPX 1.0 or 1.1.
    case gpx
    /// Garmin TrackPointExtension v1 or v2.
    case garminTrackPoint
    /// cluetrust gpxdata 1.0.
    case cluetrust
    case other
}

/// The values of the point being read, emitted at its end tag.
struct GPXPointValues {
    var latitude = 0.0
    var longitude = 0.0
    var elevation: Double?
    var time: Double?
    var speed: Double?
    var course: Double?
    var hdop: Double?
    var vdop: Double?
    var hasFix = true
    var heartRate: Double?
    var cadence: Double?
    /// Watts (an unqualified `<power>` in the extensions).
    var power: Double?
    var temperature: Double?
    var extensionSpeed: Double?
    var extensionCourse: Double?
}

/// Everything the SAX callbacks need: the open-element stack, the point being read, the samples found
/// since the sink last drained them, and the first error. `GPXReader.read` allocates it, passes its
/// address to libxml2 as the callbacks' user data, and frees it when the parse ends. Reaching it through
/// a raw pointer (rather than a class reference) keeps the runtime's exclusivity checks out of the
/// per-element path.
///
/// Not thread safe: one parse owns one state.
struct GPXParseState: XMLSAXState, ~Copyable {
    let fileName: String
    /// Whether an optional value that does not parse is an error (else it is dropped and counted).
    let strict: Bool
    var readsStrictly: Bool { strict }
    /// Optional values dropped because they did not parse, by element name.
    var skippedFields: [String: SkippedField] = [:]
    /// The parser, for positions and `xmlStopParser`; set right after the context is created.
    var parser: xmlParserCtxtPtr?
    /// Lines (and, on the first line, columns) of leading white space skipped before libxml2 saw the input.
    var skippedLines = 0
    var skippedColumns = 0

    /// The first error; once set, every callback stops the parser and returns.
    var error: TrackFormatError? {
        didSet { failed = error != nil }
    }
    /// `error != nil`, kept as a flag: every callback checks it, and a flag is cheaper to read than the
    /// optional error.
    private(set) var failed = false

    // Output, drained by `GPXReader.read` after every chunk.
    var pending = ContiguousArray<Sample>()
    /// The first non-empty `trk/type`.
    private(set) var activityName: String?
    /// Where in `pending` the activity name is to be announced to the sink (before that sample).
    var activityIndex: Int?
    /// Route points kept until the document ends, unless a track point shows up first.
    var routeSamples = ContiguousArray<Sample>()
    private var routePointCount = 0
    private(set) var sawTrackPoint = false

    private var stack = ContiguousArray<GPXNode>()
    private var collecting = false
    private var text = XMLTextBuffer(capacity: 256)
    private var scratch = XMLTextBuffer(capacity: 64)
    private var textLine: Int32 = 1
    private var textColumn: Int32 = 1
    private var point = GPXPointValues()
    private var namespaces = XMLNamespaceCache<GPXNamespace>(placeholder: .other)

    /// The longest text the reader collects for one element (a number, a time, a type name).
    static let maximumTextBytes = 1 << 20

    static let emptyDocumentMessage = "empty document: no gpx element"

    init(fileName: String, strict: Bool = false) {
        self.fileName = fileName
        self.strict = strict
        stack.reserveCapacity(64)
        pending.reserveCapacity(1024)
    }

    // MARK: SAX events

    mutating func startElement(
        name: UnsafePointer<UInt8>,
        prefix: UnsafePointer<UInt8>? = nil,
        uri: UnsafePointer<UInt8>?,
        attributeCount: Int,
        attributes: UnsafeMutablePointer<UnsafePointer<UInt8>?>?
    ) {
        guard !failed else { return stop() }
        if prefix != nil, uri == nil,
           undeclaredPrefix(prefix, name: name, uri: uri, insideExtensions: stack.contains(.extensions),
                            countsAsSkipped: stack.last == .extensions) {
            stack.append(.ignored)
            collecting = false
            return
        }
        guard let parent = stack.last else { return startRoot(name: name, uri: uri) }
        var node = GPXNode.ignored
        switch parent {
        case .gpx:
            if isGPX(uri) {
                if matches(name, "trk") {
                    node = .trk
                } else if matches(name, "rte"), !sawTrackPoint {
                    node = .rte
                    routeSamples.append(.event(WorkoutEventSample(time: nil, kind: .segmentStart)))
                }
            }
        case .trk:
            if isGPX(uri) {
                if matches(name, "trkseg") {
                    node = .trkseg
                    pending.append(.event(WorkoutEventSample(time: nil, kind: .segmentStart)))
                } else if matches(name, "type") {
                    node = .trackType
                }
            }
        case .trkseg:
            if isGPX(uri), matches(name, "trkpt") {
                if !sawTrackPoint {
                    sawTrackPoint = true
                    routeSamples = []
                    routePointCount = 0
                }
                node = .point
                startPoint(element: "trkpt", attributeCount: attributeCount, attributes: attributes)
            }
        case .rte:
            if isGPX(uri), matches(name, "rtept"), !sawTrackPoint {
                node = .point
                startPoint(element: "rtept", attributeCount: attributeCount, attributes: attributes)
            }
        case .point:
            if isGPX(uri) { node = pointChild(name) }
        case .extensions:
            node = extensionChild(name, namespace: namespace(uri))
        default:
            break
        }
        stack.append(node)
        if node.isText {
            collecting = true
            text.removeAll()
            if let input = parser?.pointee.input {
                textLine = input.pointee.line
                textColumn = input.pointee.col
            }
        } else {
            collecting = false
        }
    }

    mutating func endElement() {
        guard !failed else { return stop() }
        guard let node = stack.popLast() else { return }
        if node.isText {
            finishText(node)
        } else if node == .point {
            finishPoint()
        }
        collecting = stack.last?.isText ?? false
    }

    mutating func characters(_ bytes: UnsafePointer<UInt8>, count: Int) {
        guard collecting, !failed else { return }
        text.append(bytes, count: count)
        if text.count > Self.maximumTextBytes {
            let node = stack.last ?? .ignored
            fail("\(node.elementName): text is longer than \(Self.maximumTextBytes) bytes", at: textPosition)
        }
    }

    // MARK: Elements

    private var textPosition: SourcePosition {
        position(line: Int(textLine), column: max(1, Int(textColumn)))
    }

    private mutating func startRoot(name: UnsafePointer<UInt8>, uri: UnsafePointer<UInt8>?) {
        guard matches(name, "gpx") else {
            return fail("root element is \(String(cString: name)), not gpx", at: currentPosition())
        }
        if let uri, !isGPX(uri) {
            return fail(
                "root element gpx is in namespace \(String(cString: uri)), not GPX 1.0 or 1.1",
                at: currentPosition()
            )
        }
        stack.append(.gpx)
    }

    private mutating func pointChild(_ name: UnsafePointer<UInt8>) -> GPXNode {
        switch name[0] {
        case UInt8(ascii: "e"):
            if matches(name, "ele") { return .elevation }
            if matches(name, "extensions") { return .extensions }
        case UInt8(ascii: "t"):
            if matches(name, "time") { return .time }
        case UInt8(ascii: "s"):
            if matches(name, "speed") { return .speed }
        case UInt8(ascii: "c"):
            if matches(name, "course") { return .course }
        case UInt8(ascii: "h"):
            if matches(name, "hdop") { return .hdop }
        case UInt8(ascii: "v"):
            if matches(name, "vdop") { return .vdop }
        case UInt8(ascii: "f"):
            if matches(name, "fix") { return .fix }
        default:
            break
        }
        return .ignored
    }

    /// An element inside a point's `<extensions>`: a known value, or a container to look into.
    private mutating func extensionChild(_ name: UnsafePointer<UInt8>, namespace: GPXNamespace) -> GPXNode {
        switch namespace {
        case .garminTrackPoint:
            if matches(name, "hr") { return .heartRate }
            if matches(name, "cad") { return .cadence }
            if matches(name, "atemp") { return .temperature }
            if matches(name, "speed") { return .extensionSpeed }
            if matches(name, "course") { return .extensionCourse }
        case .cluetrust:
            if matches(name, "hr") { return .heartRate }
            if matches(name, "cadence") { return .cadence }
            if matches(name, "temp") { return .temperature }
            if matches(name, "speed") { return .extensionSpeed }
        case .none, .gpx:
            // Unqualified names some exporters write (inheriting the GPX namespace or none at all).
            if matches(name, "hr") || matches(name, "heartrate") { return .heartRate }
            if matches(name, "cad") || matches(name, "cadence") { return .cadence }
            if matches(name, "power") { return .power }
        case .other:
            break
        }
        return .extensions
    }

    private mutating func startPoint(element: String, attributeCount: Int, attributes: UnsafeMutablePointer<UnsafePointer<UInt8>?>?) {
        point = GPXPointValues()
        var latitude: Double?
        var longitude: Double?
        if let attributes {
            for index in 0..<attributeCount {
                // Five pointers per attribute: local name, prefix, URI, value start, value end.
                let entry = attributes + index * 5
                guard let name = entry[0], entry[2] == nil, let start = entry[3], let end = entry[4] else { continue }
                let isLatitude = matches(name, "lat")
                guard isLatitude || matches(name, "lon") else { continue }
                let value = UnsafeBufferPointer(start: start, count: end - start)
                let attribute = isLatitude ? "lat" : "lon"
                switch DecimalNumber.parse(value, scratch: &scratch) {
                case .value(let number):
                    if isLatitude { latitude = number } else { longitude = number }
                case .empty, .invalid:
                    return fail(
                        "\(element): attribute \(attribute): \"\(Self.quoted(value))\" is not a number",
                        at: currentPosition()
                    )
                }
            }
        }
        guard let latitude else {
            return fail("\(element): attribute lat is missing", at: currentPosition())
        }
        guard let longitude else {
            return fail("\(element): attribute lon is missing", at: currentPosition())
        }
        point.latitude = latitude
        point.longitude = longitude
    }

    private mutating func finishText(_ node: GPXNode) {
        let value = text.trimmed
        switch node {
        case .trackType:
            if activityName == nil, value.count > 0 {
                activityName = String(decoding: value, as: UTF8.self)
                activityIndex = pending.count
            }
        case .time:
            guard value.count > 0 else { point.time = nil; return }
            guard let time = ISO8601Time.secondsSince1970(utf8: value) else {
                return fail("time: \"\(Self.quoted(value))\" is not a valid ISO 8601 date-time", at: textPosition)
            }
            // Compared bound by bound: `ClosedRange.contains` across modules goes through generic witnesses.
            let accepted = ISO8601Time.acceptedSeconds
            guard time >= accepted.lowerBound, time <= accepted.upperBound else {
                return fail("time: " + ISO8601Time.outOfRangeMessage("\"\(Self.quoted(value))\""), at: textPosition)
            }
            point.time = time
        case .fix:
            point.hasFix = !(value.count == 4 && matches(value, "none"))
        default:
            let number: Double?
            switch DecimalNumber.parse(value, scratch: &scratch) {
            case .empty:
                number = nil
            case .invalid:
                guard !strict else {
                    return fail("\(node.elementName): \"\(Self.quoted(value))\" is not a finite number", at: textPosition)
                }
                // An optional value: the point keeps everything else.
                SkippedField.note(node.elementName, at: textPosition, value: Self.quoted(value), in: &skippedFields)
                return
            case .value(let parsed):
                number = parsed
            }
            switch node {
            case .elevation: point.elevation = number
            case .speed: point.speed = number
            case .course: point.course = number
            case .hdop: point.hdop = number
            case .vdop: point.vdop = number
            case .heartRate: point.heartRate = number
            case .cadence: point.cadence = number
            case .power: point.power = number
            case .temperature: point.temperature = number
            case .extensionSpeed: point.extensionSpeed = number
            case .extensionCourse: point.extensionCourse = number
            default: break
            }
        }
    }

    private mutating func finishPoint() {
        let time = point.time
        let location = LocationSample(
            time: time,
            latitude: point.latitude,
            longitude: point.longitude,
            altitudeMeters: point.elevation,
            horizontalAccuracyMeters: point.hdop.map { $0 * GPXReader.metersPerDilutionOfPrecision },
            verticalAccuracyMeters: point.vdop.map { $0 * GPXReader.metersPerDilutionOfPrecision },
            speedMetersPerSecond: point.speed ?? point.extensionSpeed,
            courseDegrees: point.course ?? point.extensionCourse,
            hasFix: point.hasFix
        )
        if sawTrackPoint {
            Self.emit(into: &pending, location, point, time: time)
        } else {
            routePointCount += 1
            if routePointCount > GPXReader.maximumBufferedRoutePoints {
                return fail(
                    "more than \(GPXReader.maximumBufferedRoutePoints) route points before any track point",
                    at: currentPosition()
                )
            }
            Self.emit(into: &routeSamples, location, point, time: time)
        }
    }

    private static func emit(
        into output: inout ContiguousArray<Sample>, _ location: LocationSample, _ point: GPXPointValues, time: Double?
    ) {
        output.append(.location(location))
        if let heartRate = point.heartRate {
            output.append(.heartRate(HeartRateSample(time: time, beatsPerMinute: heartRate)))
        }
        if let cadence = point.cadence {
            output.append(.cadence(CadenceSample(time: time, perMinute: cadence)))
        }
        if let power = point.power {
            output.append(.power(PowerSample(time: time, watts: power)))
        }
        if let temperature = point.temperature {
            output.append(.weather(WeatherSample(time: time, temperatureCelsius: temperature)))
        }
    }

    // MARK: Names

    private mutating func isGPX(_ uri: UnsafePointer<UInt8>?) -> Bool {
        let kind = namespace(uri)
        return kind == .gpx || kind == .none
    }

    /// Classifies a namespace URI (cached by pointer, see ``XMLNamespaceCache``).
    private mutating func namespace(_ uri: UnsafePointer<UInt8>?) -> GPXNamespace {
        guard let uri else { return .none }
        return namespaces.kind(of: uri) { uri in
            if XMLName.matches(uri, "http://www.topografix.com/GPX/1/1") || XMLName.matches(uri, "http://www.topografix.com/GPX/1/0") {
                return .gpx
            } else if XMLName.matches(uri, "http://www.garmin.com/xmlschemas/TrackPointExtension/v1")
                || XMLName.matches(uri, "http://www.garmin.com/xmlschemas/TrackPointExtension/v2") {
                return .garminTrackPoint
            } else if XMLName.matches(uri, "http://www.cluetrust.com/XML/GPXDATA/1/0") {
                return .cluetrust
            }
            return .other
        }
    }
}

// MARK: - C callbacks

extension GPXParseState {
    /// A SAX2 handler whose callbacks forward to the `GPXParseState` passed as user data. Only element,
    /// character and error events are handled, plus the DOCTYPE (to refuse an internal subset): no
    /// entity-declaration or document callbacks, so libxml2 builds no document and never expands or loads
    /// an entity other than the predefined and character ones.
    static func makeHandler() -> xmlSAXHandler {
        var handler = xmlSAXHandler()
        handler.initialized = UInt32(XML_SAX2_MAGIC)
        handler.startElementNs = { context, localName, prefix, uri, _, _, attributeCount, _, attributes in
            guard let context, let localName else { return }
            context.assumingMemoryBound(to: GPXParseState.self).pointee.startElement(
                name: localName, prefix: prefix, uri: uri, attributeCount: Int(attributeCount), attributes: attributes
            )
        }
        handler.endElementNs = { context, _, _, _ in
            guard let context else { return }
            context.assumingMemoryBound(to: GPXParseState.self).pointee.endElement()
        }
        let characters: charactersSAXFunc = { context, bytes, count in
            guard let context, let bytes, count > 0 else { return }
            context.assumingMemoryBound(to: GPXParseState.self).pointee.characters(bytes, count: Int(count))
        }
        handler.characters = characters
        handler.cdataBlock = characters
        handler.ignorableWhitespace = characters
        handler.internalSubset = { context, _, _, _ in
            guard let context else { return }
            context.assumingMemoryBound(to: GPXParseState.self).pointee.documentType()
        }
        handler.serror = structuredErrorHandler
        return handler
    }

    /// Receives libxml2's structured errors, for this parser (`serror`) and for the current thread while
    /// a parse runs, so that libxml2 prints nothing to standard error.
    static let structuredErrorHandler: xmlStructuredErrorFunc = { context, reported in
        guard let context, let reported else { return }
        context.assumingMemoryBound(to: GPXParseState.self).pointee.libraryError(reported)
    }
}
