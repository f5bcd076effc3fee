import SessionSupport
import WorkoutSamples

/// The series the analysis is computed from, collected from outcomes as the builder makes them (never by
/// reading back the builder): per accepted, timed fix its time, cumulative distance, running time,
/// cumulative moving time, smoothed altitude and whether a pause or a new segment came before it; the
/// heart-rate, cadence and power readings on the running-time axis; the lap events.
///
/// Compact by design: one array of fixed-size records (40 bytes per fix, one append per fix) and 12 bytes
/// per sensor reading, grown by amortised doubling; nothing is allocated per sample beyond that.
public struct AnalysisSeries: Sendable, Hashable {
    /// One kept fix: what the analysis takes of it.
    public struct Fix: Sendable, Hashable {
        /// The fix's time, seconds since 1970.
        public var time: Double
        /// The workout's distance at the fix, metres: in the default mode, the distance along the smoothed
        /// track to the fix's smoothed point once every fix of the smoother's window after it is known (the
        /// builder settles it, see `settle(time:distanceMeters:movingStepSeconds:)`); else as the builder
        /// measured it. It can shrink by a few metres when the mover stops (the chord waits where they stand).
        public var distanceMeters: Double
        /// Running time at the fix, seconds (pauses excluded).
        public var elapsedSeconds: Double
        /// The moving time of the step that ends at the fix, seconds: in the default mode, as the summary
        /// decides it on the fix's smoothed point once that has left the smoother's window (the builder
        /// settles it with the distance); before that, in `--filter none` and where the device states the
        /// speed, the step's time when its speed reached the moving threshold. A step after a pause or a new
        /// segment never counts.
        public var movingStepSeconds: Double
        /// The altitude at the fix, metres; NaN where it has none. In the default mode, the smoothed altitude
        /// once the altitude smoother has every fix of its window after it (the builder settles it, see
        /// `settle(time:altitudeMeters:)`), the one the summary's gain and loss count; before that, and in
        /// `--filter none`, as the fix carried it.
        public var altitudeMeters: Float
        /// Whether the session paused, or a new segment began, between the previous fix and this one, or
        /// the step crosses an unrecorded gap the device's timer ran through (true for the first fix).
        public var followsBreak: Bool

        /// Creates the value from its parts.
        public init(time: Double, distanceMeters: Double, elapsedSeconds: Double, movingStepSeconds: Double,
                    altitudeMeters: Float, followsBreak: Bool) {
            self.time = time
            self.distanceMeters = distanceMeters
            self.elapsedSeconds = elapsedSeconds
            self.movingStepSeconds = movingStepSeconds
            self.altitudeMeters = altitudeMeters
            self.followsBreak = followsBreak
        }
    }

    /// The kept fixes, in time order (times non-decreasing).
    public private(set) var fixes = ContiguousArray<Fix>()
    /// Fix times, seconds since 1970 (non-decreasing).
    /// - Complexity: O(n): a column of ``fixes``.
    public var times: ContiguousArray<Double> { column(\.time) }
    /// The workout's distance at each fix, metres (``Fix/distanceMeters``).
    /// - Complexity: O(n): a column of ``fixes``.
    public var distancesMeters: ContiguousArray<Double> { column(\.distanceMeters) }
    /// Running time at each fix, seconds (pauses excluded).
    /// - Complexity: O(n): a column of ``fixes``.
    public var elapsedSeconds: ContiguousArray<Double> { column(\.elapsedSeconds) }
    /// The moving time of the step that ends at each fix, seconds (``Fix/movingStepSeconds``).
    /// - Complexity: O(n): a column of ``fixes``.
    public var movingStepSeconds: ContiguousArray<Double> { column(\.movingStepSeconds) }
    /// Moving time up to each fix, seconds: the running sum of ``movingStepSeconds``.
    /// - Complexity: O(n).
    public var movingSeconds: ContiguousArray<Double> {
        var total = 0.0
        return column { fix in
            total += fix.movingStepSeconds
            return total
        }
    }
    /// The altitude at each fix, metres; NaN where the fix has none (``Fix/altitudeMeters``).
    /// - Complexity: O(n): a column of ``fixes``.
    public var altitudesMeters: ContiguousArray<Float> { column(\.altitudeMeters) }
    /// Whether the session paused, or a new segment began, between the previous fix and this one, or the
    /// step crosses an unrecorded gap the device's timer ran through.
    /// - Complexity: O(n): a column of ``fixes``.
    public var followsBreak: ContiguousArray<Bool> { column(\.followsBreak) }

    /// Takes the fixes out of the series (left without any): the analysis's track builds its columns from
    /// them and lets them go, so that the fixes and the columns are not both held to the end.
    mutating func takeFixes() -> ContiguousArray<Fix> {
        var taken = ContiguousArray<Fix>()
        swap(&taken, &fixes)
        settledCount = 0
        altitudeSettledCount = 0
        return taken
    }

    /// One value per fix, in order.
    func column<Value>(_ value: (Fix) -> Value) -> ContiguousArray<Value> {
        var values = ContiguousArray<Value>()
        values.reserveCapacity(fixes.count)
        for fix in fixes { values.append(value(fix)) }
        return values
    }
    /// The speed of each device distance step, m/s, NaN where the step has none (the first, or one after a
    /// break): the device's stated speed, else the step's distance over its time, as the summary's maximum
    /// speed takes it. Device steps come only before the route's first fix, so these are the speeds of the
    /// first `deviceStepSpeeds.count` fixes; empty for a workout with positions.
    public private(set) var deviceStepSpeeds = ContiguousArray<Double>()
    /// The indices of the fixes that start a separate outing (``AcceptedFix/startsOuting``), in order:
    /// nothing is climbed or descended across them.
    public private(set) var outingStartIndices: [Int] = []
    /// Heart-rate readings, bpm.
    public private(set) var heartRate = SensorSeries()
    /// Cadence readings, per minute.
    public private(set) var cadence = SensorSeries()
    /// Power readings, watts.
    public private(set) var power = SensorSeries()
    /// The lap events, in order.
    public private(set) var laps: [LapMark] = []
    /// The speed at which a step counts as moving (the activity's threshold).
    public let movingSpeedThresholdMetersPerSecond: Double
    /// How far the altitude must turn back from its extreme for a climb or a descent to count (the
    /// summary's ``WorkoutOptions/elevationHysteresisMeters``): intervals count gain and loss by the same
    /// rule as the summary, so that the splits' or the laps' gains add up to the summary's.
    public let elevationHysteresisMeters: Double

    /// Creates the value from its parts (the hysteresis defaults to ``WorkoutOptions``' 2 m).
    public init(movingSpeedThresholdMetersPerSecond: Double, elevationHysteresisMeters: Double = 2) {
        self.movingSpeedThresholdMetersPerSecond = movingSpeedThresholdMetersPerSecond
        self.elevationHysteresisMeters = elevationHysteresisMeters
    }

    /// The number of fixes kept.
    public var fixCount: Int { fixes.count }

    /// Fixes before this index have their distance settled, or were never smoothed.
    private var settledCount = 0
    /// Fixes before this index have their altitude settled, or were never smoothed.
    private var altitudeSettledCount = 0

    /// Sets the distance of the fix at `time`, and the moving time of the step it ends when
    /// `movingStepSeconds` is given, to their settled values: the builder's smoothed point of that fix has
    /// left the smoother's window (or the workout is being summarised), so they no longer change.
    /// Settlements come in time order; a time that matches no kept fix changes nothing.
    /// - Complexity: O(1) amortised.
    mutating func settle(time: Double, distanceMeters: Double, movingStepSeconds step: Double?) {
        while settledCount < fixes.count, fixes[settledCount].time < time { settledCount += 1 }
        guard settledCount < fixes.count, fixes[settledCount].time == time else { return }
        fixes[settledCount].distanceMeters = distanceMeters
        if let step, !fixes[settledCount].followsBreak { fixes[settledCount].movingStepSeconds = step }
        settledCount += 1
    }

    /// Sets the altitude of the fix at `time` to its smoothed value: the altitude smoother has every fix of
    /// its window after it (or the workout is being summarised), so it no longer changes. Settlements come
    /// in time order; a time that matches no kept fix changes nothing.
    /// - Complexity: O(1) amortised.
    mutating func settle(time: Double, altitudeMeters: Double) {
        while altitudeSettledCount < fixes.count, fixes[altitudeSettledCount].time < time { altitudeSettledCount += 1 }
        guard altitudeSettledCount < fixes.count, fixes[altitudeSettledCount].time == time else { return }
        fixes[altitudeSettledCount].altitudeMeters = Float(altitudeMeters)
        altitudeSettledCount += 1
    }

    /// Records what an input did, from its outcome.
    /// - Complexity: O(1) amortised (plus the fixes the outcome released).
    public mutating func record(_ outcome: SampleOutcome) {
        var parts = AnalysisOutcomeParts()
        for fix in outcome.releasedFixes { parts.appendReleased(AnalysisFix(fix)) }
        parts.fix = outcome.acceptedFix.map(AnalysisFix.init) ?? outcome.deviceDistance.map(AnalysisFix.init)
        parts.readingRejected = outcome.rejectedReading != nil
        for change in outcome.stateChanges where change.kind == .lap { parts.appendLap(change) }
        switch outcome.input {
        case .sample(let sample): record(sample: sample, parts, clock: outcome.clock)
        case .call(let event): record(parts, lapEvent: event)
        default: record(parts, lapEvent: nil)
        }
    }

    /// Records the fixes and laps of an outcome.
    private mutating func record(_ parts: AnalysisOutcomeParts, lapEvent: WorkoutEventSample?) {
        if let rare = parts.rare {
            for fix in rare.released { append(fix) }
        }
        if let fix = parts.fix { append(fix) }
        if let rare = parts.rare {
            for change in rare.laps {
                laps.append(LapMark(time: change.time, elapsedSeconds: change.elapsedSeconds, trigger: lapEvent?.lapTrigger,
                                    startTime: lapEvent?.lapStartTime))
            }
        }
    }

    /// Records what a sample did: its fixes and laps, and the sensor reading it carries.
    mutating func record(sample: Sample, _ parts: AnalysisOutcomeParts, clock: SessionClock) {
        switch sample {
        case .location, .distance:
            record(parts, lapEvent: nil)
        case .heartRate(let reading):
            if !parts.readingRejected, clock.state == .running, let time = reading.time {
                heartRate.append(elapsedSeconds: clock.elapsedSeconds(at: time), value: reading.beatsPerMinute)
            }
        case .cadence(let reading):
            if !parts.readingRejected, clock.state == .running, let time = reading.time {
                cadence.append(elapsedSeconds: clock.elapsedSeconds(at: time), value: reading.perMinute)
            }
        case .power(let reading):
            if !parts.readingRejected, clock.state == .running, let time = reading.time {
                power.append(elapsedSeconds: clock.elapsedSeconds(at: time), value: reading.watts)
            }
        case .event(let event):
            record(parts, lapEvent: event)
        default:
            record(parts, lapEvent: nil)
        }
    }

    /// Appends an accepted fix; an untimed one, or one earlier than the last, is not part of the analysis.
    mutating func append(_ fix: AnalysisFix) {
        guard let time = fix.time, time.isFinite, let elapsed = fix.elapsedSeconds else { return }
        let breaks = fix.followsBreak
        var moving = 0.0
        if let last = fixes.last?.time {
            guard time >= last else { return }
            if let decided = fix.movingStepSeconds {
                moving = breaks ? 0 : decided
            } else if !breaks, time > last, let speed = fix.speedMetersPerSecond, speed >= movingSpeedThresholdMetersPerSecond {
                moving = time - last
            }
        }
        fixes.append(Fix(time: time, distanceMeters: fix.distanceMeters, elapsedSeconds: elapsed, movingStepSeconds: moving,
                         altitudeMeters: fix.smoothedAltitudeMeters.map { Float($0) } ?? .nan, followsBreak: breaks || fixes.isEmpty))
        if fix.isDeviceStep, deviceStepSpeeds.count == fixes.count - 1 {
            deviceStepSpeeds.append(breaks ? .nan : fix.speedMetersPerSecond ?? .nan)
        }
        if fix.startsOuting, fixes.count > 1 { outingStartIndices.append(fixes.count - 1) }
    }
}
