public import WorkoutSamples
public import TrackFormats

/// One accepted fix of a workout, ready to export: the fix as read, the sensor values recorded with it,
/// and the engine's metrics at the moment it was accepted.
public struct ExportPoint: Sendable, Hashable {
    /// The fix as the input gave it (bit for bit).
    public var location: LocationSample
    /// Beats per minute recorded with this fix, if any.
    public var heartRate: Double?
    /// Cadence per minute recorded with this fix, if any.
    public var cadence: Double?
    /// Air temperature recorded with this fix, °C.
    public var temperatureCelsius: Double?
    /// The workout's distance when the fix was accepted, metres (the engine's measure: smoothed in the
    /// default filter mode, a plain geodesic sum with `--filter none`; gaps add nothing). Never less
    /// than the previous fix's.
    public var distanceMeters: Double
    /// Running time when the fix was accepted, seconds (pauses excluded); `nil` for an untimed fix.
    public var elapsedSeconds: Double?
    /// The engine's current speed at this fix, m/s (device-reported when present, else the smoother's);
    /// `nil` at the first fix of a segment.
    public var speedMetersPerSecond: Double?
    /// Seconds per kilometre from ``speedMetersPerSecond``; `nil` while not moving (speed under the
    /// activity's moving threshold) or without speed.
    public var paceSecondsPerKilometer: Double?
    /// The session was paused between the previous fix of this segment and this one (an unrecorded gap:
    /// the route and its distance go on across it; maps mark the pause).
    public var followsPause = false

    public init(
        location: LocationSample, heartRate: Double? = nil, cadence: Double? = nil, temperatureCelsius: Double? = nil,
        distanceMeters: Double = 0, elapsedSeconds: Double? = nil, speedMetersPerSecond: Double? = nil,
        paceSecondsPerKilometer: Double? = nil
    ) {
        self.location = location
        self.heartRate = heartRate
        self.cadence = cadence
        self.temperatureCelsius = temperatureCelsius
        self.distanceMeters = distanceMeters
        self.elapsedSeconds = elapsedSeconds
        self.speedMetersPerSecond = speedMetersPerSecond
        self.paceSecondsPerKilometer = paceSecondsPerKilometer
    }
}

/// A workout as the exporters see it: the engine's accepted route, segment by segment (a pause or a
/// gap starts a new one), each fix with its sensor values and metrics, plus the summary figures.
///
/// Build one with ``ExportRecorder`` (a `TrackSampleSink`) or ``init(contentsOfTrack:format:options:)``.
public struct ExportTrack: Sendable {
    /// The activity the workout was measured as.
    public var activity: ActivityType
    /// The activity name the input gave (`trk/type`), as written there.
    public var activityName: String?
    /// The accepted fixes by segment; segment `i` is `route.segments[i]`. No segment is empty.
    public var segments: [[ExportPoint]]
    /// The engine's route (for per-segment distances).
    public var route: RecordedRoute
    /// The workout's figures.
    public var metrics: WorkoutSnapshot

    public init(activity: ActivityType, activityName: String? = nil, segments: [[ExportPoint]], route: RecordedRoute = RecordedRoute(), metrics: WorkoutSnapshot) {
        self.activity = activity
        self.activityName = activityName
        self.segments = segments
        self.route = route
        self.metrics = metrics
    }

    /// Number of fixes over all segments.
    public var pointCount: Int { segments.reduce(0) { $0 + $1.count } }

    /// Reads a GPX, JSON or NDJSON track (a path, or `-` for standard input) through the engine,
    /// streaming, and keeps what it accepted.
    /// - Throws: `TrackInputError`, `TrackFormatError`, as ``TrackReader/read(_:format:into:)``.
    /// - Complexity: O(n) time; memory O(fixes read).
    public init(contentsOfTrack path: String, format: TrackFormat? = nil, options: WorkoutOptions = WorkoutOptions()) throws {
        let input = try TrackInput(path: path)
        var recorder = ExportRecorder(options: options)
        _ = try TrackReader.read(input, format: format, into: &recorder)
        self = recorder.track()
    }

    /// Runs `samples` through the engine and keeps what it accepted.
    public init(samples: some Sequence<Sample>, options: WorkoutOptions = WorkoutOptions()) {
        var recorder = ExportRecorder(options: options)
        for sample in samples { recorder.add(sample) }
        self = recorder.track()
    }
}

/// Feeds samples to a ``WorkoutBuilder`` and remembers, for every fix the builder accepts, the sensor
/// values read with it and the metrics at that moment.
///
/// Sensor readings are matched to fixes the way track files store them: a heart-rate, cadence or
/// temperature reading belongs to the latest fix when that fix has none of its kind yet and the reading
/// is not older than the fix (GPX readers emit a point's readings right after its location, with its
/// time); any other reading is held for the next fix.
public struct ExportRecorder: TrackSampleSink {
    /// The engine measuring the workout.
    public private(set) var builder: WorkoutBuilder
    /// Every fix received, with its sensors and (when accepted) its metrics.
    private var received: [ExportPoint] = []
    /// Indices into `received` of accepted fixes, with their route segment.
    private var accepted: [(index: Int, segment: Int)] = []
    /// The next received index an accepted fix can match.
    private var matchCursor = 0
    private var lastDistance = 0.0
    private var activityName: String?
    private var pendingHeartRate: Double?
    private var pendingCadence: Double?
    private var pendingTemperature: Double?

    public init(options: WorkoutOptions = WorkoutOptions()) {
        self.builder = WorkoutBuilder(options: options)
    }

    public mutating func trackActivity(named name: String) throws {
        if activityName == nil { activityName = name }
        try builder.trackActivity(named: name)
    }

    public mutating func consume(_ sample: Sample) throws {
        add(sample)
    }

    /// Takes in one sample.
    /// - Complexity: O(1) amortised (O(k) when the filter releases k held fixes at once).
    public mutating func add(_ sample: Sample) {
        switch sample {
        case .location(let fix):
            var point = ExportPoint(location: fix)
            point.heartRate = pendingHeartRate
            point.cadence = pendingCadence
            point.temperatureCelsius = pendingTemperature
            pendingHeartRate = nil
            pendingCadence = nil
            pendingTemperature = nil
            received.append(point)
            let before = builder.route.locationCount
            let pausesBefore = builder.pauseCount
            builder.add(sample)
            let added = builder.route.locationCount - before
            if added > 0 { recordAccepted(count: added, followsPause: builder.pauseCount > pausesBefore) }
        case .heartRate(let reading):
            if !attach(reading.beatsPerMinute, time: reading.time, \.heartRate) { pendingHeartRate = reading.beatsPerMinute }
            builder.add(sample)
        case .cadence(let reading):
            if !attach(reading.perMinute, time: reading.time, \.cadence) { pendingCadence = reading.perMinute }
            builder.add(sample)
        case .weather(let reading):
            if let celsius = reading.temperatureCelsius {
                if !attach(celsius, time: reading.time, \.temperatureCelsius) { pendingTemperature = celsius }
            }
            builder.add(sample)
        default:
            builder.add(sample)
        }
    }

    /// Gives `value` to the latest fix when it can take it; returns `false` when the value must wait for
    /// the next fix.
    private mutating func attach(_ value: Double, time: Double?, _ field: WritableKeyPath<ExportPoint, Double?>) -> Bool {
        guard let last = received.indices.last, received[last][keyPath: field] == nil,
              Self.isNotOlder(time, than: received[last].location.time) else { return false }
        received[last][keyPath: field] = value
        return true
    }

    private static func isNotOlder(_ time: Double?, than fixTime: Double?) -> Bool {
        guard let time, let fixTime else { return true }
        return time >= fixTime
    }

    /// The last `count` fixes of the route are new: find them among the received fixes, in order.
    private mutating func recordAccepted(count: Int, followsPause: Bool) {
        let route = builder.route
        guard let segmentIndex = route.segments.indices.last else { return }
        let segment = route.segments[segmentIndex]
        let metrics = builder
        for k in 0..<count {
            let i = segment.count - count + k
            guard i >= 0 else { continue }
            let latitude = segment.latitudes[i], longitude = segment.longitudes[i], time = segment.times[i]
            var j = matchCursor
            while j < received.count {
                let fix = received[j].location
                if fix.latitude == latitude, fix.longitude == longitude, Self.sameTime(fix.time, time) { break }
                j += 1
            }
            guard j < received.count else { continue }
            matchCursor = j + 1
            let firstOfSegment = i == 0
            var point = received[j]
            point.followsPause = followsPause && !firstOfSegment
            // The engine took the fix as untimed (a repeated or unset clock): so does the export.
            if time.isNaN { point.location.time = nil }
            // The live distance includes the open chord, which can shrink when the mover stops: keep the
            // column cumulative.
            point.distanceMeters = Swift.max(metrics.distanceMeters, lastDistance)
            lastDistance = point.distanceMeters
            point.elapsedSeconds = point.location.time.flatMap { $0.isFinite ? metrics.clock.elapsedSeconds(at: $0) : nil }
            if !firstOfSegment, let speed = metrics.currentSpeedMetersPerSecond, speed.isFinite {
                point.speedMetersPerSecond = speed
                if speed >= metrics.options.effectiveRules.movingSpeedThresholdMetersPerSecond, speed > 0 {
                    point.paceSecondsPerKilometer = 1000 / speed
                }
            }
            received[j] = point
            accepted.append((j, segmentIndex))
        }
    }

    private static func sameTime(_ fixTime: Double?, _ routeTime: Double) -> Bool {
        guard let fixTime else { return routeTime.isNaN }
        // An untimed route fix may come from a timed input fix whose time the engine could not use.
        return fixTime == routeTime || routeTime.isNaN
    }

    /// What was accepted so far, by segment, with the figures.
    /// - Complexity: O(n).
    public func track() -> ExportTrack {
        var segments: [[ExportPoint]] = Array(repeating: [], count: builder.route.segments.count)
        let untimed = builder.timeIsUnusable
        for entry in accepted where entry.segment < segments.count {
            var point = received[entry.index]
            if untimed { point.location.time = nil; point.elapsedSeconds = nil }
            segments[entry.segment].append(point)
        }
        return ExportTrack(
            activity: builder.options.activity, activityName: activityName,
            segments: segments.filter { !$0.isEmpty }, route: builder.route, metrics: builder.snapshot)
    }
}
