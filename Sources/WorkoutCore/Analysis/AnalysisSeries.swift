import SessionSupport
import WorkoutSamples

/// The series the analysis is computed from, collected from outcomes as the builder makes them (never by
/// reading back the builder): per accepted, timed fix its time, cumulative distance, running time,
/// cumulative moving time, smoothed altitude and whether a pause or a new segment came before it; the
/// heart-rate, cadence and power readings on the running-time axis; the lap events.
///
/// Compact by design: `ContiguousArray`s of fixed-size values (about 40 bytes per fix) and 12 bytes
/// per sensor reading, grown by amortised doubling; nothing is allocated per sample beyond that.
public struct AnalysisSeries: Sendable, Hashable {
    /// Fix times, seconds since 1970 (non-decreasing).
    public private(set) var times = ContiguousArray<Double>()
    /// The workout's distance at each fix, metres: in the default mode, the distance along the smoothed
    /// track to the fix's smoothed point once every fix of the smoother's window after it is known (the
    /// builder settles it, see `settle(time:distanceMeters:movingStepSeconds:)`); else as the builder measured it. It can
    /// shrink by a few metres when the mover stops (the chord waits where they stand).
    public private(set) var distancesMeters = ContiguousArray<Double>()
    /// Running time at each fix, seconds (pauses excluded).
    public private(set) var elapsedSeconds = ContiguousArray<Double>()
    /// The moving time of the step that ends at each fix, seconds: in the default mode, as the summary
    /// decides it on the fix's smoothed point once that has left the smoother's window (the builder settles
    /// it with the distance, see `settle(time:distanceMeters:movingStepSeconds:)`); before that, in
    /// `--filter none` and where the device states the speed, the step's time when its speed reached the
    /// moving threshold. A step after a pause or a new segment never counts.
    public private(set) var movingStepSeconds = ContiguousArray<Double>()
    /// Moving time up to each fix, seconds: the running sum of ``movingStepSeconds``.
    /// - Complexity: O(n).
    public var movingSeconds: ContiguousArray<Double> {
        var total = 0.0
        var sums = ContiguousArray<Double>()
        sums.reserveCapacity(movingStepSeconds.count)
        for step in movingStepSeconds {
            total += step
            sums.append(total)
        }
        return sums
    }
    /// The altitude at each fix, metres; NaN where the fix has none. In the default mode, the smoothed
    /// altitude of the fix once the altitude smoother has every fix of its window after it (the builder
    /// settles it, see `settle(time:altitudeMeters:)`), the one the summary's gain and loss count; before
    /// that, and in `--filter none`, as the fix carried it.
    public private(set) var altitudesMeters = ContiguousArray<Float>()
    /// Whether the session paused, or a new segment began, between the previous fix and this one.
    public private(set) var followsBreak = ContiguousArray<Bool>()
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
    public var fixCount: Int { times.count }

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
        while settledCount < times.count, times[settledCount] < time { settledCount += 1 }
        guard settledCount < times.count, times[settledCount] == time else { return }
        distancesMeters[settledCount] = distanceMeters
        if let step, !followsBreak[settledCount] { movingStepSeconds[settledCount] = step }
        settledCount += 1
    }

    /// Sets the altitude of the fix at `time` to its smoothed value: the altitude smoother has every fix of
    /// its window after it (or the workout is being summarised), so it no longer changes. Settlements come
    /// in time order; a time that matches no kept fix changes nothing.
    /// - Complexity: O(1) amortised.
    mutating func settle(time: Double, altitudeMeters: Double) {
        while altitudeSettledCount < times.count, times[altitudeSettledCount] < time { altitudeSettledCount += 1 }
        guard altitudeSettledCount < times.count, times[altitudeSettledCount] == time else { return }
        altitudesMeters[altitudeSettledCount] = Float(altitudeMeters)
        altitudeSettledCount += 1
    }

    /// Records what an input did, from its outcome.
    /// - Complexity: O(1) amortised (plus the fixes the outcome released).
    public mutating func record(_ outcome: SampleOutcome) {
        var parts = AnalysisOutcomeParts()
        parts.released = outcome.releasedFixes.map(AnalysisFix.init)
        parts.fix = outcome.acceptedFix.map(AnalysisFix.init) ?? outcome.deviceDistance.map(AnalysisFix.init)
        parts.readingRejected = outcome.rejectedReading != nil
        parts.laps = outcome.stateChanges.filter { $0.kind == .lap }
        switch outcome.input {
        case .sample(let sample): record(sample: sample, parts, clock: outcome.clock)
        case .call(let event): record(parts, lapTrigger: event.lapTrigger)
        default: record(parts, lapTrigger: nil)
        }
    }

    /// Records the fixes and laps of an outcome.
    private mutating func record(_ parts: AnalysisOutcomeParts, lapTrigger: LapTrigger?) {
        for fix in parts.released { append(fix) }
        if let fix = parts.fix { append(fix) }
        for change in parts.laps {
            laps.append(LapMark(time: change.time, elapsedSeconds: change.elapsedSeconds, trigger: lapTrigger))
        }
    }

    /// Records what a sample did: its fixes and laps, and the sensor reading it carries.
    mutating func record(sample: Sample, _ parts: AnalysisOutcomeParts, clock: SessionClock) {
        switch sample {
        case .location, .distance:
            record(parts, lapTrigger: nil)
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
            record(parts, lapTrigger: event.lapTrigger)
        default:
            record(parts, lapTrigger: nil)
        }
    }

    /// Appends an accepted fix; an untimed one, or one earlier than the last, is not part of the analysis.
    mutating func append(_ fix: AnalysisFix) {
        guard let time = fix.time, time.isFinite, let elapsed = fix.elapsedSeconds else { return }
        let breaks = fix.followsBreak
        var moving = 0.0
        if let last = times.last {
            guard time >= last else { return }
            if let decided = fix.movingStepSeconds {
                moving = breaks ? 0 : decided
            } else if !breaks, time > last, let speed = fix.speedMetersPerSecond, speed >= movingSpeedThresholdMetersPerSecond {
                moving = time - last
            }
        }
        times.append(time)
        distancesMeters.append(fix.distanceMeters)
        elapsedSeconds.append(elapsed)
        movingStepSeconds.append(moving)
        altitudesMeters.append(fix.smoothedAltitudeMeters.map { Float($0) } ?? .nan)
        followsBreak.append(breaks || times.count == 1)
        if fix.isDeviceStep, deviceStepSpeeds.count == times.count - 1 {
            deviceStepSpeeds.append(breaks ? .nan : fix.speedMetersPerSecond ?? .nan)
        }
        if fix.startsOuting, times.count > 1 { outingStartIndices.append(times.count - 1) }
    }
}
