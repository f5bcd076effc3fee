import WorkoutSamples
import CLibXML2

/// What an open element means to the TCX reader. One byte per open element on the reader's stack.
enum TCXNode: UInt8 {
    /// Not interesting, and neither is anything inside it (`Folders`, `Author`, `Notes`, lap extensions, ...).
    case ignored
    case root
    case activities
    case activity
    /// `Activities/MultiSportSession` (Garmin Training Center's multisport workout) and one of its
    /// `FirstSport` or `NextSport`, each holding an `Activity` read as any (a `NextSport`'s `Transition` is not).
    case multiSportSession, multiSportPart
    /// `Courses` of a file without an activity trackpoint before them, and one `Course` in it (a planned
    /// route: its `Track` is read as an activity's is; its laps, course points and name are not).
    case courses, course
    /// `Activity/Creator`, the recording device.
    case creator
    /// `Creator/Name`: text.
    case creatorName
    case lap
    // Text children of a lap.
    case lapTotalTime, lapDistance, lapCalories, lapTrigger
    /// `Lap/AverageHeartRateBpm` and `Lap/MaximumHeartRateBpm`, each holding a `Value`.
    case lapAverageHeartRate, lapMaximumHeartRate
    case lapAverageHeartRateValue, lapMaximumHeartRateValue
    case track
    case trackpoint
    // Text children of a trackpoint.
    case time, altitude, distance, cadence
    /// `Trackpoint/Position`, holding the two coordinates.
    case position
    case latitude, longitude
    /// `Trackpoint/HeartRateBpm`, holding a `Value`.
    case heartRate
    case heartRateValue
    /// `Trackpoint/Extensions`, or any element inside it that is not a known value (`TPX`).
    case extensions
    // Text values of the ActivityExtension `TPX`.
    case speed, watts, runCadence

    /// Elements whose character data the reader collects.
    var isText: Bool {
        switch self {
        case .creatorName, .lapTotalTime, .lapDistance, .lapCalories, .lapTrigger, .lapAverageHeartRateValue,
             .lapMaximumHeartRateValue, .time, .altitude, .distance, .cadence, .latitude, .longitude, .heartRateValue,
             .speed, .watts, .runCadence:
            true
        default:
            false
        }
    }

    /// The field's name in error messages and in ``TrackReadReport/skippedFields``: the element's name,
    /// prefixed with `Lap/` for a lap's totals.
    var fieldName: String {
        switch self {
        case .creatorName: "Creator/Name"
        case .lapTotalTime: "Lap/TotalTimeSeconds"
        case .lapDistance: "Lap/DistanceMeters"
        case .lapCalories: "Lap/Calories"
        case .lapTrigger: "Lap/TriggerMethod"
        case .lapAverageHeartRateValue: "Lap/AverageHeartRateBpm"
        case .lapMaximumHeartRateValue: "Lap/MaximumHeartRateBpm"
        case .time: "Time"
        case .altitude: "AltitudeMeters"
        case .distance: "DistanceMeters"
        case .cadence: "Cadence"
        case .latitude: "LatitudeDegrees"
        case .longitude: "LongitudeDegrees"
        case .heartRateValue: "HeartRateBpm"
        case .speed: "Speed"
        case .watts: "Watts"
        case .runCadence: "RunCadence"
        default: "\(self)"
        }
    }
}

/// The namespaces the TCX reader tells apart.
enum TCXNamespace: UInt8 {
    /// No namespace (files that omit `xmlns`).
    case none
    /// Training Center Database v2.
    case tcx
    /// Garmin ActivityExtension v2 (`TPX`, `LX`).
    case activityExtension
    case other
}

/// The values of the trackpoint being read, emitted at its end tag.
struct TCXTrackpointValues {
    var time: Double?
    var hasPosition = false
    var latitude: Double?
    var longitude: Double?
    var altitude: Double?
    var distance: Double?
    var heartRate: Double?
    var cadence: Double?
    var speed: Double?
    var watts: Double?
    var runCadence: Double?
}

/// The totals of the lap being read.
struct TCXLapValues {
    var startTime: Double?
    var totalTime: Double?
    var distance: Double?
    var calories: Double?
    var averageHeartRate: Double?
    var maximumHeartRate: Double?
    var trigger: LapTrigger?
    /// The times of the lap's first and last trackpoints that have one, and whether they ever went back.
    var firstTrackpointTime: Double?
    var lastTrackpointTime: Double?
    var timesWentBack = false
}

/// The device's totals over every lap of the document, built lap by lap.
struct TCXDeviceTotals {
    var distanceMeters: Double?
    var timerSeconds: Double?
    var kilocalories: Double?
    var maximumHeartRate: Double?
    /// Σ average × lap time and Σ lap time, over laps stating both; and the plain sum and count of the
    /// averages, for files whose laps state no time.
    var heartRateTimeProduct = 0.0
    var heartRateSeconds = 0.0
    var heartRateSum = 0.0
    var heartRateLaps = 0
    /// The elapsed time of the workouts that ended (a plain `Activity`, or a `MultiSportSession` as a whole;
    /// each from its first to its last timed trackpoint), and the first and last trackpoint times of the one
    /// being read.
    private var endedActivitiesSeconds: Double?
    private var activityFirstTime: Double?
    private var activityLastTime: Double?

    /// A timed trackpoint of the activity being read.
    mutating func addTrackpoint(time: Double) {
        if activityFirstTime == nil { activityFirstTime = time }
        activityLastTime = time
    }

    /// The end of an `Activity` (or of a `MultiSportSession`): its elapsed time counts.
    mutating func endActivity() {
        if let first = activityFirstTime, let last = activityLastTime {
            endedActivitiesSeconds = (endedActivitiesSeconds ?? 0) + max(0, last - first)
        }
        activityFirstTime = nil
        activityLastTime = nil
    }

    /// The elapsed time, summed over the activities (a file of several workouts, as Training Center exports
    /// them, may list them latest first: from the file's first trackpoint to its last read days negative):
    /// each from its first to its last timed trackpoint; `nil` without timed trackpoints.
    var elapsedSeconds: Double? {
        var total = endedActivitiesSeconds
        if let first = activityFirstTime, let last = activityLastTime { total = (total ?? 0) + max(0, last - first) }
        return total
    }

    mutating func add(_ lap: TCXLapValues) {
        if let value = lap.distance { distanceMeters = (distanceMeters ?? 0) + value }
        if let value = lap.totalTime { timerSeconds = (timerSeconds ?? 0) + value }
        if let value = lap.calories { kilocalories = (kilocalories ?? 0) + value }
        if let value = lap.maximumHeartRate { maximumHeartRate = max(maximumHeartRate ?? value, value) }
        if let average = lap.averageHeartRate {
            heartRateSum += average
            heartRateLaps += 1
            if let seconds = lap.totalTime, seconds > 0 {
                heartRateTimeProduct += average * seconds
                heartRateSeconds += seconds
            }
        }
    }

    /// The laps' average heart rate weighted by their time (a plain mean when no lap states a time).
    var averageHeartRate: Double? {
        if heartRateSeconds > 0 { return heartRateTimeProduct / heartRateSeconds }
        return heartRateLaps > 0 ? heartRateSum / Double(heartRateLaps) : nil
    }
}

/// Everything the TCX reader's SAX callbacks need: the open-element stack, the trackpoint and lap being
/// read, the samples found since the sink last drained them, the device's totals and laps, the fields
/// dropped, and the first error. `TCXReader.read` allocates it and passes its address to libxml2 as the
/// callbacks' user data (see ``XMLPushParser``).
///
/// Not thread safe: one parse owns one state.
struct TCXParseState: XMLSAXState, ~Copyable {
    let fileName: String
    let options: TrackReadOptions
    var parser: xmlParserCtxtPtr?
    var skippedLines = 0
    var skippedColumns = 0
    var error: TrackFormatError?

    // Output, drained by `TCXReader.read` after every chunk.
    var pending = ContiguousArray<Sample>()
    /// Where the activities' samples start in `pending`: they are held until the end of `Activities`, when
    /// the laps' `TotalTimeSeconds` say whether they are the device's timer (``decideLapTimer()``); `nil`
    /// when nothing is held. At most ``maximumHeldSamples`` are held: more go on undecided.
    private(set) var heldFrom: Int?
    /// Whether the laps' `TotalTimeSeconds` are the device's timer, and so its pauses (`nil` until decided):
    /// `true` when a device wrote the file (`Activity/Creator`), every lap with timed trackpoints states a
    /// timer that covers their span, and one of them spans a minute or more. The reader then announces the
    /// device's timer before any sample (`TrackSampleSink.trackHasTimerEvents()`), and the engine adds no
    /// gap pauses of its own; laps that were paused say so by a timer shorter than their span, and keep the
    /// engine's gap rule for the whole file.
    private(set) var lapTimerDecides: Bool?
    /// Whether every lap so far with timed trackpoints had a timer covering their span, and the longest
    /// such span.
    private var lapTimersCoverSpans = true
    private var longestTimedLapSeconds = 0.0
    /// The first non-empty `Activity Sport`.
    private(set) var activityName: String?
    /// Where in `pending` the activity name is to be announced to the sink (before that sample).
    var activityIndex: Int?
    private(set) var sawActivity = false
    /// The sports of the first `MultiSportSession`'s activities, as written, each once, in file order (at
    /// most ``maximumLegs``).
    private(set) var legActivityNames: [String] = []
    /// Whether the workout's sports are known: an `Activity` outside a `MultiSportSession`, a `Courses` or
    /// the end of the first `MultiSportSession` came (a later workout in the file is not read into this
    /// one: see the builder's earlier-workout rule). A scan for the legs (``TCXReader/multisportLegs(_:)``)
    /// stops there.
    private(set) var legsAreKnown = false
    /// Whether a trackpoint was read in an activity (not in a course).
    private var sawActivityTrackpoint = false
    /// Whether the reader is inside a `Course` it reads.
    private var inCourse = false
    /// `Track`s opened in the current `Lap`, and whether an earlier `Lap` of the current `Activity` had one:
    /// a lap's first `Track` after an earlier lap's continues that lap's segment (see ``lapChild(_:)``).
    private var tracksInLap = 0
    private var activityHadTrack = false
    /// The first `Activity/Creator/Name`.
    private(set) var creatorName: String?
    private(set) var totals = TCXDeviceTotals()
    private(set) var laps: [DeviceLap] = []
    var skippedFields: [String: SkippedField] = [:]
    var readsStrictly: Bool { options.strict }

    private var stack = ContiguousArray<TCXNode>()
    private var collecting = false
    private var text = XMLTextBuffer(capacity: 256)
    private var scratch = XMLTextBuffer(capacity: 64)
    private var textLine: Int32 = 1
    private var textColumn: Int32 = 1
    private var point = TCXTrackpointValues()
    private var lap = TCXLapValues()
    /// The lap whose end tag was read but whose lap event waits for the next `Lap`'s `Track` (or the
    /// `Activity`'s end), which may place it after the lap's last trackpoint (see ``flushLapEnd(nextStart:)``).
    private var endedLap: TCXLapValues?
    private var namespaces = XMLNamespaceCache<TCXNamespace>(placeholder: .other)

    /// The longest text the reader collects for one element (a number, a time, a device name).
    static let maximumTextBytes = 1 << 20

    static let emptyDocumentMessage = "empty document: no TrainingCenterDatabase element"

    /// At most this many samples are held for ``decideLapTimer()`` (four hours at 1 Hz with heart rate and
    /// cadence are about 60 000).
    static let maximumHeldSamples = 500_000
    /// Seconds by which a lap's trackpoints may outlast its `TotalTimeSeconds` for its timer to have run
    /// through.
    static let lapTimerToleranceSeconds = 2.0
    /// The least span of a lap, seconds, whose timer is evidence that the laps' times are the timer.
    static let lapTimerEvidenceSeconds = 60.0

    /// At most this many sports of a `MultiSportSession`'s legs are kept in ``legActivityNames`` (a
    /// triathlon has three; a hostile file of made-up sports would otherwise grow memory without bound).
    static let maximumLegs = 64

    init(fileName: String, options: TrackReadOptions) {
        self.fileName = fileName
        self.options = options
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
        guard error == nil else { return stop() }
        if prefix != nil, uri == nil,
           undeclaredPrefix(prefix, name: name, uri: uri, insideExtensions: stack.contains(.extensions),
                            countsAsSkipped: stack.last == .extensions) {
            stack.append(.ignored)
            collecting = false
            return
        }
        guard let parent = stack.last else { return startRoot(name: name, uri: uri) }
        var node = TCXNode.ignored
        switch parent {
        case .root:
            if isTCX(uri) {
                if matches(name, "Activities") {
                    node = .activities
                } else if matches(name, "Courses"), !sawActivityTrackpoint {
                    node = .courses
                    legsAreKnown = true
                }
            }
        case .courses:
            if isTCX(uri), matches(name, "Course") {
                node = .course
                inCourse = true
            }
        case .course:
            if isTCX(uri), matches(name, "Track") {
                node = .track
                pending.append(.event(WorkoutEventSample(time: nil, kind: .segmentStart)))
            }
        case .activities, .multiSportPart:
            if isTCX(uri), matches(name, "Activity") {
                node = .activity
                activityHadTrack = false
                startActivity(inMultiSportSession: parent == .multiSportPart, attributeCount: attributeCount, attributes: attributes)
            } else if parent == .activities, isTCX(uri), matches(name, "MultiSportSession") {
                node = .multiSportSession
            }
        case .multiSportSession:
            if isTCX(uri), matches(name, "FirstSport") || matches(name, "NextSport") { node = .multiSportPart }
        case .activity:
            if isTCX(uri) {
                if matches(name, "Lap") {
                    node = .lap
                    startLap(attributeCount: attributeCount, attributes: attributes)
                } else if matches(name, "Creator") {
                    node = .creator
                }
            }
        case .creator:
            if isTCX(uri), matches(name, "Name") { node = .creatorName }
        case .lap:
            if isTCX(uri) { node = lapChild(name) }
        case .lapAverageHeartRate:
            if isTCX(uri), matches(name, "Value") { node = .lapAverageHeartRateValue }
        case .lapMaximumHeartRate:
            if isTCX(uri), matches(name, "Value") { node = .lapMaximumHeartRateValue }
        case .track:
            if isTCX(uri), matches(name, "Trackpoint") {
                node = .trackpoint
                point = TCXTrackpointValues()
            }
        case .trackpoint:
            if isTCX(uri) { node = trackpointChild(name) }
        case .position:
            if isTCX(uri) {
                if matches(name, "LatitudeDegrees") {
                    node = .latitude
                } else if matches(name, "LongitudeDegrees") {
                    node = .longitude
                }
            }
        case .heartRate:
            if isTCX(uri), matches(name, "Value") { node = .heartRateValue }
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
        guard error == nil else { return stop() }
        guard let node = stack.popLast() else { return }
        switch node {
        case .trackpoint: finishTrackpoint()
        case .lap: finishLap()
        case .activity:
            flushLapEnd(nextStart: nil)
            // A multisport session's legs are one workout: its elapsed time runs from the first leg's first
            // trackpoint to the last leg's last, transitions included.
            if stack.last != .multiSportPart { totals.endActivity() }
        case .multiSportSession:
            totals.endActivity()
            legsAreKnown = true
        case .activities:
            flushLapEnd(nextStart: nil)
            decideLapTimer()
        case .root: flushLapEnd(nextStart: nil)
        case .course: inCourse = false
        case .position: finishPosition()
        default: if node.isText { finishText(node) }
        }
        collecting = stack.last?.isText ?? false
    }

    mutating func characters(_ bytes: UnsafePointer<UInt8>, count: Int) {
        guard collecting, error == nil else { return }
        text.append(bytes, count: count)
        if text.count > Self.maximumTextBytes {
            let node = stack.last ?? .ignored
            fail("\(node.fieldName): text is longer than \(Self.maximumTextBytes) bytes", at: textPosition)
        }
    }

    // MARK: Elements

    private var textPosition: SourcePosition {
        position(line: Int(textLine), column: max(1, Int(textColumn)))
    }

    private mutating func startRoot(name: UnsafePointer<UInt8>, uri: UnsafePointer<UInt8>?) {
        guard matches(name, "TrainingCenterDatabase") else {
            return fail("root element is \(String(cString: name)), not TrainingCenterDatabase", at: currentPosition())
        }
        if let uri, !isTCX(uri) {
            return fail(
                "root element TrainingCenterDatabase is in namespace \(String(cString: uri)), not Training Center Database v2",
                at: currentPosition()
            )
        }
        stack.append(.root)
    }

    private mutating func lapChild(_ name: UnsafePointer<UInt8>) -> TCXNode {
        switch name[0] {
        case UInt8(ascii: "T"):
            if matches(name, "Track") {
                // The schema puts a `Track` inside a `Lap`, so a device that records on across a lap (a
                // Forerunner's auto lap every kilometre) still starts a new `Track` with each lap: that
                // boundary is the lap's, not a break in the recording, and the lap's first `Track` goes on
                // with the segment (a gap there is the engine's to judge by its time, as any). A second
                // `Track` in one lap is one after the timer was stopped: a new segment, as is an activity's
                // first, and a lap's first when the device's timer stopped between the laps (see
                // ``timerStoppedBeforeLap``).
                if tracksInLap > 0 || !activityHadTrack || timerStoppedBeforeLap {
                    pending.append(.event(WorkoutEventSample(time: nil, kind: .segmentStart)))
                }
                tracksInLap += 1
                activityHadTrack = true
                flushLapEnd(nextStart: lap.startTime)
                return .track
            }
            if matches(name, "TotalTimeSeconds") { return .lapTotalTime }
            if matches(name, "TriggerMethod") { return .lapTrigger }
        case UInt8(ascii: "D"):
            if matches(name, "DistanceMeters") { return .lapDistance }
        case UInt8(ascii: "C"):
            if matches(name, "Calories") { return .lapCalories }
        case UInt8(ascii: "A"):
            if matches(name, "AverageHeartRateBpm") { return .lapAverageHeartRate }
        case UInt8(ascii: "M"):
            if matches(name, "MaximumHeartRateBpm") { return .lapMaximumHeartRate }
        default:
            break
        }
        return .ignored
    }

    private mutating func trackpointChild(_ name: UnsafePointer<UInt8>) -> TCXNode {
        switch name[0] {
        case UInt8(ascii: "T"):
            if matches(name, "Time") { return .time }
        case UInt8(ascii: "P"):
            if matches(name, "Position") {
                point.hasPosition = true
                point.latitude = nil
                point.longitude = nil
                return .position
            }
        case UInt8(ascii: "A"):
            if matches(name, "AltitudeMeters") { return .altitude }
        case UInt8(ascii: "D"):
            if matches(name, "DistanceMeters") { return .distance }
        case UInt8(ascii: "H"):
            if matches(name, "HeartRateBpm") { return .heartRate }
        case UInt8(ascii: "C"):
            if matches(name, "Cadence") { return .cadence }
        case UInt8(ascii: "E"):
            if matches(name, "Extensions") { return .extensions }
        default:
            break
        }
        return .ignored
    }

    /// An element inside a trackpoint's `<Extensions>`: a known TPX value, or a container to look into.
    private func extensionChild(_ name: UnsafePointer<UInt8>, namespace: TCXNamespace) -> TCXNode {
        switch namespace {
        case .activityExtension, .tcx, .none:
            if matches(name, "Speed") { return .speed }
            if matches(name, "Watts") { return .watts }
            if matches(name, "RunCadence") { return .runCadence }
        case .other:
            break
        }
        return .extensions
    }

    private mutating func startActivity(
        inMultiSportSession: Bool, attributeCount: Int, attributes: UnsafeMutablePointer<UnsafePointer<UInt8>?>?
    ) {
        if !inMultiSportSession { legsAreKnown = true }
        if heldFrom == nil, lapTimerDecides == nil { heldFrom = pending.count }
        let sport = attribute("Sport", count: attributeCount, attributes: attributes).map(XMLTextBuffer.trim)
        let name = sport.flatMap { $0.count > 0 ? String(decoding: $0, as: UTF8.self) : nil }
        if inMultiSportSession, !legsAreKnown, let name, legActivityNames.count < Self.maximumLegs,
           !legActivityNames.contains(name) {
            legActivityNames.append(name)
        }
        guard !sawActivity else { return }
        sawActivity = true
        if let name {
            activityName = name
            activityIndex = pending.count
        }
    }

    private mutating func startLap(attributeCount: Int, attributes: UnsafeMutablePointer<UnsafePointer<UInt8>?>?) {
        lap = TCXLapValues()
        tracksInLap = 0
        guard let value = attribute("StartTime", count: attributeCount, attributes: attributes) else { return }
        let trimmed = XMLTextBuffer.trim(value)
        guard trimmed.count > 0 else { return }
        if let time = ISO8601Time.secondsSince1970(utf8: trimmed) {
            lap.startTime = time
        } else {
            skip("Lap/StartTime", trimmed, reason: "is not a valid ISO 8601 date-time", at: currentPosition())
        }
    }

    /// The value of the unqualified attribute `name`, if present.
    private func attribute(
        _ name: StaticString, count: Int, attributes: UnsafeMutablePointer<UnsafePointer<UInt8>?>?
    ) -> UnsafeBufferPointer<UInt8>? {
        guard let attributes else { return nil }
        for index in 0..<count {
            // Five pointers per attribute: local name, prefix, URI, value start, value end.
            let entry = attributes + index * 5
            guard let local = entry[0], entry[2] == nil, let start = entry[3], let end = entry[4],
                  matches(local, name) else { continue }
            return UnsafeBufferPointer(start: start, count: end - start)
        }
        return nil
    }

    /// An optional field that did not parse: an error in strict mode; otherwise dropped and counted.
    private mutating func skip(_ field: String, _ value: UnsafeBufferPointer<UInt8>, reason: String, at position: SourcePosition) {
        if options.strict {
            return fail("\(field): \"\(Self.quoted(value))\" \(reason)", at: position)
        }
        if var known = skippedFields[field] {
            known.count += 1
            skippedFields[field] = known
        } else {
            let shown = value.count <= 40
                ? String(decoding: value, as: UTF8.self)
                : String(decoding: UnsafeBufferPointer(rebasing: value[0..<40]), as: UTF8.self)
            skippedFields[field] = SkippedField(count: 1, firstPosition: position, firstValue: shown)
        }
    }

    private mutating func finishText(_ node: TCXNode) {
        let value = text.trimmed
        switch node {
        case .creatorName:
            if creatorName == nil, value.count > 0 { creatorName = String(decoding: value, as: UTF8.self) }
        case .time:
            guard value.count > 0 else { point.time = nil; return }
            guard let time = ISO8601Time.secondsSince1970(utf8: value) else {
                return fail("Time: \"\(Self.quoted(value))\" is not a valid ISO 8601 date-time", at: textPosition)
            }
            point.time = time
        case .lapTrigger:
            guard value.count > 0 else { return }
            if let trigger = Self.lapTrigger(value) {
                lap.trigger = trigger
            } else {
                skip(node.fieldName, value, reason: "is not a TCX trigger method", at: textPosition)
            }
        default:
            let number: Double?
            switch DecimalNumber.parse(value, scratch: &scratch) {
            case .empty:
                number = nil
            case .invalid:
                if node == .latitude || node == .longitude {
                    return fail("\(node.fieldName): \"\(Self.quoted(value))\" is not a number", at: textPosition)
                }
                return skip(node.fieldName, value, reason: "is not a finite number", at: textPosition)
            case .value(let parsed):
                number = parsed
            }
            switch node {
            case .lapTotalTime: lap.totalTime = number
            case .lapDistance: lap.distance = number
            case .lapCalories: lap.calories = number
            case .lapAverageHeartRateValue: lap.averageHeartRate = number
            case .lapMaximumHeartRateValue: lap.maximumHeartRate = number
            case .altitude: point.altitude = number
            case .distance: point.distance = number
            case .cadence: point.cadence = number
            case .latitude: point.latitude = number
            case .longitude: point.longitude = number
            case .heartRateValue: point.heartRate = number
            case .speed: point.speed = number
            case .watts: point.watts = number
            case .runCadence: point.runCadence = number
            default: break
            }
        }
    }

    /// A `Position` needs both coordinates.
    private mutating func finishPosition() {
        if point.latitude == nil {
            fail("Position: LatitudeDegrees is missing", at: currentPosition())
        } else if point.longitude == nil {
            fail("Position: LongitudeDegrees is missing", at: currentPosition())
        }
    }

    private mutating func finishTrackpoint() {
        let time = point.time
        if !inCourse { sawActivityTrackpoint = true }
        if let time, !inCourse {
            totals.addTrackpoint(time: time)
            if let previous = lap.lastTrackpointTime, time < previous { lap.timesWentBack = true }
            if lap.firstTrackpointTime == nil { lap.firstTrackpointTime = time }
            lap.lastTrackpointTime = time
        }
        if point.hasPosition, let latitude = point.latitude, let longitude = point.longitude {
            pending.append(.location(LocationSample(
                time: time, latitude: latitude, longitude: longitude, altitudeMeters: point.altitude,
                speedMetersPerSecond: point.speed
            )))
        }
        if let heartRate = point.heartRate {
            pending.append(.heartRate(HeartRateSample(time: time, beatsPerMinute: heartRate)))
        }
        if let cadence = point.cadence ?? point.runCadence {
            pending.append(.cadence(CadenceSample(time: time, perMinute: cadence)))
        }
        if let watts = point.watts {
            pending.append(.power(PowerSample(time: time, watts: watts)))
        }
        if let distance = point.distance {
            // A trackpoint without a position gives its altitude and speed with the distance (a watch without GPS).
            let positioned = point.hasPosition && point.latitude != nil && point.longitude != nil
            pending.append(.distance(DistanceSample(time: time, cumulativeMeters: distance, altitudeMeters: positioned ? nil : point.altitude,
                                                    speedMetersPerSecond: positioned ? nil : point.speed)))
        }
    }

    /// The lap's end: a lap event at its last trackpoint's time (untimed when it has none), and its totals
    /// into the device's (its ``/WorkoutSamples/DeviceLap/endTime`` is then its start plus its time).
    private mutating func finishLap() {
        flushLapEnd(nextStart: lap.startTime)  // the previous lap's, when this one had no Track
        noteLapTimer()
        endedLap = lap
        var end = lap.lastTrackpointTime
        if end == nil, let start = lap.startTime, let seconds = lap.totalTime { end = start + seconds }
        guard laps.count < TCXReader.maximumDeviceLaps else { return totals.add(lap) }
        laps.append(DeviceLap(
            startTime: lap.startTime, endTime: end, timerSeconds: lap.totalTime, distanceMeters: lap.distance,
            kilocalories: lap.calories, averageHeartRate: lap.averageHeartRate, maximumHeartRate: lap.maximumHeartRate,
            trigger: lap.trigger
        ))
        totals.add(lap)
    }

    /// The most the current lap's `StartTime` may follow the end of the device's timer in the lap before
    /// (its `StartTime` + `TotalTimeSeconds`) for the two to be one run of the timer, seconds: a device writes
    /// them to the second or less apart (the Forerunner 410 sample: +0.5 s and −0.8 s; Polar: equal); a
    /// longer time is one the timer was stopped for (a rest, then Lap and Start).
    static let maximumTimerStopBetweenLapsSeconds = 5.0

    /// Whether the device's timer stopped between the lap that ended last and the current one (both state
    /// their times); the current lap's first `Track` then starts a segment, and the engine pauses the gap.
    private var timerStoppedBeforeLap: Bool {
        guard let ended = endedLap, let start = ended.startTime, let seconds = ended.totalTime, let next = lap.startTime else {
            return false
        }
        return next - (start + seconds) > Self.maximumTimerStopBetweenLapsSeconds
    }

    /// The longest a lap's end may follow its last trackpoint, seconds: a device lap ends between its last
    /// trackpoint and the next lap's first (one sampling interval, at most a few seconds); a later time is a
    /// `StartTime` the file gets wrong, and must not move the clock.
    static let maximumLapEndAfterLastTrackpointSeconds = 60.0

    /// Emits the lap event of the lap that ended last, if any. A device's lap runs from its `StartTime` to
    /// the next lap's `StartTime`, and its timer for `TotalTimeSeconds`, past the lap's last trackpoint
    /// (a Forerunner 410's laps end 3.5 s after it): the event goes at the earlier of `StartTime +
    /// TotalTimeSeconds` and the next lap's `StartTime` when both are known and that time lies between the
    /// lap's last trackpoint and ``maximumLapEndAfterLastTrackpointSeconds`` after it. Otherwise (a pause in
    /// the lap, so its timer ends before its last trackpoint; the last lap; a `StartTime` that disagrees) it
    /// goes at the last trackpoint, and a lap without a timed trackpoint ends at the latest sample (an
    /// untimed event), so a `StartTime` the file gets wrong (years on) cannot move the clock.
    /// Called when the next `Lap`'s first `Track` opens (or at that lap's end, without a `Track`), and at
    /// the end of an `Activity`. When that `Track` starts a segment (the timer stopped between the laps, see
    /// ``lapChild(_:)``), after its marker, so the engine pauses the gap from the last trackpoint and the
    /// timed lap event resumes at the lap's end (an event before the marker moved the pause's start onto
    /// the next trackpoint's time, which then counted as recorded while paused). When it goes on with the
    /// segment, the event moves the running clock to the device's lap end, and the rest of the gap to the
    /// next trackpoint is the engine's to judge as any gap.
    private mutating func flushLapEnd(nextStart: Double?) {
        guard let ended = endedLap else { return }
        endedLap = nil
        var end = ended.lastTrackpointTime
        if let last = end, let next = nextStart, let start = ended.startTime, let seconds = ended.totalTime {
            let candidate = min(next, start + seconds)
            if candidate >= last, candidate - last <= Self.maximumLapEndAfterLastTrackpointSeconds { end = candidate }
        }
        // No `lapStartTime`: the lap's end above already follows the device's StartTime and TotalTimeSeconds
        // where they are consistent with the trackpoints, and falls back to the last trackpoint where they
        // are not; a StartTime passed on would start the next lap from a clock the reader distrusts.
        pending.append(.event(WorkoutEventSample(time: end, kind: .lap, lapTrigger: ended.trigger)))
    }

    /// Hands on what is held beyond ``maximumHeldSamples`` (called after each chunk), undecided: the
    /// engine's gap rule applies.
    mutating func limitHeldSamples() {
        guard let from = heldFrom, pending.count - from > Self.maximumHeldSamples else { return }
        releaseHeldSamples()
        if lapTimerDecides == nil { lapTimerDecides = false }
    }

    /// Stops holding: what was held goes on as it is (the document ended, or could not be read further).
    mutating func releaseHeldSamples() {
        heldFrom = nil
    }

    /// Removes the first `count` samples of `pending`, handed to the sink, keeping the place of what is
    /// held and of the activity's announcement.
    mutating func removeHandedOn(_ count: Int) {
        guard count > 0 else { return }
        pending.removeFirst(count)
        if let from = heldFrom { heldFrom = max(0, from - count) }
        if let index = activityIndex { activityIndex = index >= count ? index - count : nil }
    }

    /// At a lap's end tag: whether its `TotalTimeSeconds` covers the span of its timed trackpoints (to
    /// ``lapTimerToleranceSeconds``): the device's timer ran through every gap in it (a Garmin's smart
    /// recording leaves minutes without a trackpoint at a standstill: the Edge 500's ride has six such gaps,
    /// up to 413 s, in a lap of 17,250 s, its timer's whole time). A lap without a stated time, or whose
    /// times go back, is not evidence.
    private mutating func noteLapTimer() {
        guard let first = lap.firstTrackpointTime, let last = lap.lastTrackpointTime else { return }
        let span = last - first
        guard let timer = lap.totalTime, !lap.timesWentBack, span <= timer + Self.lapTimerToleranceSeconds else {
            lapTimersCoverSpans = false
            return
        }
        longestTimedLapSeconds = max(longestTimedLapSeconds, span)
    }

    /// At the end of `Activities`: whether the laps' times are the device's timer (``lapTimerDecides``);
    /// the held samples go on.
    private mutating func decideLapTimer() {
        if lapTimerDecides == nil {
            lapTimerDecides = creatorName != nil && lapTimersCoverSpans && longestTimedLapSeconds >= Self.lapTimerEvidenceSeconds
        }
        releaseHeldSamples()
    }

    /// `TriggerMethod` (TCX v2 `TriggerMethod_t`) as a ``LapTrigger``.
    static func lapTrigger(_ value: UnsafeBufferPointer<UInt8>) -> LapTrigger? {
        if XMLName.matches(value, "Manual") { return .manual }
        if XMLName.matches(value, "Distance") { return .distance }
        if XMLName.matches(value, "Location") { return .position }
        if XMLName.matches(value, "Time") { return .time }
        if XMLName.matches(value, "HeartRate") { return .heartRate }
        return nil
    }

    // MARK: Names

    private mutating func isTCX(_ uri: UnsafePointer<UInt8>?) -> Bool {
        let kind = namespace(uri)
        return kind == .tcx || kind == .none
    }

    /// Classifies a namespace URI (cached by pointer, see ``XMLNamespaceCache``).
    private mutating func namespace(_ uri: UnsafePointer<UInt8>?) -> TCXNamespace {
        guard let uri else { return .none }
        return namespaces.kind(of: uri) { uri in
            if XMLName.matches(uri, "http://www.garmin.com/xmlschemas/TrainingCenterDatabase/v2") { return .tcx }
            if XMLName.matches(uri, "http://www.garmin.com/xmlschemas/ActivityExtension/v2") { return .activityExtension }
            return .other
        }
    }
}

// MARK: - C callbacks

extension TCXParseState {
    /// A SAX2 handler whose callbacks forward to the `TCXParseState` passed as user data: element,
    /// character and error events only (no DTD, entity-declaration or document callbacks), as for GPX.
    static func makeHandler() -> xmlSAXHandler {
        var handler = xmlSAXHandler()
        handler.initialized = UInt32(XML_SAX2_MAGIC)
        handler.startElementNs = { context, localName, prefix, uri, _, _, attributeCount, _, attributes in
            guard let context, let localName else { return }
            context.assumingMemoryBound(to: TCXParseState.self).pointee.startElement(
                name: localName, prefix: prefix, uri: uri, attributeCount: Int(attributeCount), attributes: attributes
            )
        }
        handler.endElementNs = { context, _, _, _ in
            guard let context else { return }
            context.assumingMemoryBound(to: TCXParseState.self).pointee.endElement()
        }
        let characters: charactersSAXFunc = { context, bytes, count in
            guard let context, let bytes, count > 0 else { return }
            context.assumingMemoryBound(to: TCXParseState.self).pointee.characters(bytes, count: Int(count))
        }
        handler.characters = characters
        handler.cdataBlock = characters
        handler.ignorableWhitespace = characters
        handler.internalSubset = { context, _, _, _ in
            guard let context else { return }
            context.assumingMemoryBound(to: TCXParseState.self).pointee.documentType()
        }
        handler.serror = structuredErrorHandler
        return handler
    }

    /// Receives libxml2's structured errors, for this parser (`serror`) and for the current thread while
    /// a parse runs, so that libxml2 prints nothing to standard error.
    static let structuredErrorHandler: xmlStructuredErrorFunc = { context, reported in
        guard let context, let reported else { return }
        context.assumingMemoryBound(to: TCXParseState.self).pointee.libraryError(reported)
    }
}
