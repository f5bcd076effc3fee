public import WorkoutSamples

/// Writes a track's samples to GPX as a reader hands them over: a ``/WorkoutSamples/TrackSampleSink`` that
/// converts a file without the engine (no filter, no smoothing, no geodesic), as GPSBabel converts one.
///
/// Each location becomes a `<trkpt>` with the readings the track gives at the same time (heart rate,
/// cadence, power, temperature, read in any order around the location: a FIT `record` or a TCX
/// `Trackpoint` hands over its fix first, an NDJSON file may not). A `segment` event (a TCX `Track`, a
/// GPX `trkseg`, each file of a FIT chain) and a pause (a device's timer stop) start a new `<trkseg>`
/// before the next point, so the pauses a device recorded are where the GPX's segments break.
///
/// GPX has no place for the rest; it is counted in ``leftOut`` by the sample's NDJSON `type` (events by
/// their kind): readings at a time with no fix (a FIT record without a position, a TCX trackpoint out of
/// coverage), a second reading of one kind at one fix, active energy, the device's distance, humidity,
/// laps and resumes. `NDJSONSampleWriter` keeps every sample.
///
/// ```swift
/// var writer = GPXSampleWriter(output: "")
/// let report = try TrackReader.read(TrackInput(path: "ride.fit"), into: &writer)
/// let gpx = writer.finish()
/// ```
public struct GPXSampleWriter<Output: TextOutputStream>: TrackSampleSink {
    private var assembler = GPXSampleAssembler()
    private var output: Output

    /// Points written.
    public var pointCount: Int { assembler.pointCount }
    /// Samples GPX has no place for, by the sample's NDJSON `type` (`heartRate`, `cadence`, `power`,
    /// `weather`, `activeEnergy`, `distance`) or, for events, their kind (`lap`, `resume`); a weather
    /// sample's humidity is counted as `humidity` when its temperature is written.
    public var leftOut: [String: Int] { assembler.leftOut }

    /// A writer appending to `output`; nothing is written until the first point or ``finish()``.
    public init(output: Output, creator: String = "WorkoutEngine") {
        self.output = output
        assembler = GPXSampleAssembler(creator: creator)
    }

    /// Keeps the activity's name for the track's `<type>` (written with the first point).
    public mutating func trackActivity(named name: String) throws {
        assembler.trackActivity(named: name)
    }

    /// Writes, holds or counts one sample (see the type's description).
    /// - Complexity: O(1).
    public mutating func consume(_ sample: Sample) throws {
        assembler.consume(sample)
        // The text goes out in blocks: the points are put together in this module's own buffer, where the
        // compiler knows every type (through a caller's `Output`, each append looked its type up: 1.3x).
        if assembler.bufferedByteCount >= 1 << 16 { handOn() }
    }

    /// Hands the buffered text to `output`: as bytes to a ``FileTextOutput`` (no string to make and check).
    private mutating func handOn() {
        if let file = output as? FileTextOutput {
            assembler.takeBytes { file.write(bytes: $0) }
        } else {
            output.write(assembler.takeText())
        }
    }

    /// Writes the point still held, closes the document and returns the output. Later calls write nothing.
    @discardableResult
    public mutating func finish() -> Output {
        assembler.finish()
        handOn()
        return output
    }
}

/// The text of ``GPXSampleWriter``, put together in a buffer of bytes.
struct GPXSampleAssembler {
    private var writer: GPXWriter<GPXTextBuffer>
    /// The fix read last, not yet written: readings at its time join it.
    private var point: GPXTrackPoint?
    /// Readings read before a fix of their time (held until a location of that time arrives).
    private var early = EarlyReadings()
    /// Whether the next point starts a new `<trkseg>`.
    private var breaksSegment = false
    /// Whether a point was written: a segment's start or a pause before the first point breaks nothing.
    private var segmentHasPoints = false
    private var activityName: String?

    private(set) var pointCount = 0
    private(set) var leftOut: [String: Int] = [:]

    init(creator: String = "WorkoutEngine") {
        writer = GPXWriter(output: GPXTextBuffer(), creator: creator)
    }

    /// The bytes written and not yet taken.
    var bufferedByteCount: Int { writer.output.bytes.count }

    /// The text written since the last call, emptying the buffer.
    mutating func takeText() -> String {
        writer.takeOutput { buffer in
            defer { buffer.bytes.removeAll(keepingCapacity: true) }
            return String(decoding: buffer.bytes, as: UTF8.self)
        }
    }

    /// Lets `body` read the bytes written since the last call, then empties the buffer.
    mutating func takeBytes(_ body: ([UInt8]) -> Void) {
        writer.takeOutput { buffer in
            body(buffer.bytes)
            buffer.bytes.removeAll(keepingCapacity: true)
        }
    }

    mutating func trackActivity(named name: String) {
        if activityName == nil { activityName = name }
    }

    mutating func consume(_ sample: Sample) {
        switch sample {
        case .location(let location):
            flushPoint()
            var next = GPXTrackPoint(location: location)
            if early.time == location.time { early.move(into: &next) }
            flushEarly()
            point = next
        case .heartRate(let reading):
            attach(reading.time, .heartRate, reading.beatsPerMinute)
        case .cadence(let reading):
            attach(reading.time, .cadence, reading.perMinute)
        case .power(let reading):
            attach(reading.time, .power, reading.watts)
        case .weather(let reading):
            if let temperature = reading.temperatureCelsius {
                let written = attach(reading.time, .weather, temperature)
                if written, reading.humidityPercent != nil { count("humidity") }
            } else {
                count("weather")
            }
        case .event(let event):
            switch event.kind {
            case .segmentStart, .pause:
                flushPoint()
                flushEarly()
                if segmentHasPoints { breaksSegment = true }
            case .resume, .lap:
                count(event.kind == .lap ? "lap" : "resume")
            }
        case .activeEnergy:
            count("activeEnergy")
        case .distance:
            count("distance")
        }
    }

    /// Writes the point still held and closes the document.
    mutating func finish() {
        flushPoint()
        flushEarly()
        if pointCount == 0 { writer.begin(type: activityName) }
        writer.finish()
    }

    /// Puts a reading on the held fix of its time, or holds it for the next fix when none is held; returns
    /// whether it was kept (a reading of a time no fix has, or a second one of a kind, is counted instead).
    @discardableResult
    private mutating func attach(_ time: Double?, _ kind: GPXPointReading, _ value: Double) -> Bool {
        if point != nil, point?.location.time == time {
            guard point?.value(of: kind) == nil else { count(kind.rawValue); return false }
            point?.set(kind, value)
            return true
        }
        // A reading after the held fix, at another time: the fix is complete.
        flushPoint()
        if early.isEmpty || early.time != time {
            flushEarly()
            early.time = time
            early.isEmpty = false
        }
        guard early.values.value(of: kind) == nil else { count(kind.rawValue); return false }
        early.values.set(kind, value)
        early.types.append(kind.rawValue)
        return true
    }

    private mutating func flushPoint() {
        guard let held = point else { return }
        point = nil
        if pointCount == 0 { writer.begin(type: activityName) }
        if breaksSegment {
            writer.beginSegment()
            breaksSegment = false
        }
        writer.writeBytes(held)
        pointCount += 1
        segmentHasPoints = true
    }

    /// Counts the held readings that no fix took.
    private mutating func flushEarly() {
        guard !early.isEmpty else { return }
        for type in early.types { count(type) }
        early = EarlyReadings()
    }

    private mutating func count(_ type: String) {
        leftOut[type, default: 0] += 1
    }

    /// Readings of one time, read before any fix of that time.
    private struct EarlyReadings {
        var isEmpty = true
        var time: Double?
        /// The readings, in the fields of a point (its location unused).
        var values = GPXTrackPoint(location: LocationSample(time: nil, latitude: .nan, longitude: .nan))
        /// The NDJSON types of the readings held, to count them when no fix takes them.
        var types: [String] = []

        /// Gives the held readings to `point` and empties the holder.
        mutating func move(into point: inout GPXTrackPoint) {
            guard !isEmpty else { return }
            point.heartRate = values.heartRate
            point.cadence = values.cadence
            point.powerWatts = values.powerWatts
            point.temperatureCelsius = values.temperatureCelsius
            self = EarlyReadings()
        }
    }
}

/// A reading a point holds, by its NDJSON `type` (temperature is a `weather` sample's).
enum GPXPointReading: String {
    case heartRate, cadence, power, weather
}

extension GPXTrackPoint {
    func value(of reading: GPXPointReading) -> Double? {
        switch reading {
        case .heartRate: heartRate
        case .cadence: cadence
        case .power: powerWatts
        case .weather: temperatureCelsius
        }
    }

    mutating func set(_ reading: GPXPointReading, _ value: Double) {
        switch reading {
        case .heartRate: heartRate = value
        case .cadence: cadence = value
        case .power: powerWatts = value
        case .weather: temperatureCelsius = value
        }
    }
}

/// A text output that keeps the bytes written.
struct GPXTextBuffer: TextOutputStream {
    var bytes: [UInt8] = []

    mutating func write(_ string: String) {
        var string = string
        string.withUTF8 { bytes.append(contentsOf: $0) }
    }
}
