import SessionSupport
import WorkoutCore
public import WorkoutSamples

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
