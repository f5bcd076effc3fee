import WorkoutSamples

/// The parts of an input's outcome the analysis takes: its accepted fixes (or the device distance step it
/// made), whether its reading was rejected, and its laps.
struct AnalysisOutcomeParts {
    /// Fixes held back earlier and accepted with this input (rare), before ``fix``.
    var released: [AnalysisFix] = []
    /// The fix this input accepted (inline: no allocation in the common case).
    var fix: AnalysisFix?
    var readingRejected = false
    var laps: [SessionStateChange] = []
}

/// The collector of the summary's path when the analysis is on: like ``NoOutcome`` it makes no
/// ``SampleOutcome``, but it keeps what ``AnalysisSeries`` records (a fix or two, rarely a lap).
struct AnalysisOutcome: OutcomeCollector {
    var parts = AnalysisOutcomeParts()
    static var keepsFixes: Bool { true }
    static var needsLiveDistance: Bool { false }
    mutating func noteChange(_ change: @autoclosure () -> SessionStateChange) {
        let change = change()
        if change.kind == .lap { parts.laps.append(change) }
    }
    mutating func noteLocation(_ verdict: LocationVerdict) {}
    mutating func noteLocationIndex(_ index: Int) {}
    mutating func noteRejectedReading(_ kind: ReadingKind) { parts.readingRejected = true }
    mutating func noteAccepted(_ fix: AcceptedFix, released: Bool) {
        if released { parts.released.append(AnalysisFix(fix)) } else { parts.fix = AnalysisFix(fix) }
    }
    mutating func noteDeviceDistance(_ step: DeviceDistanceStep) { parts.fix = AnalysisFix(step) }
}

/// What the analysis keeps of an ``AcceptedFix`` (a few numbers, not the whole fix).
struct AnalysisFix {
    var time: Double?
    var distanceMeters: Double
    var elapsedSeconds: Double?
    var speedMetersPerSecond: Double?
    var smoothedAltitudeMeters: Double?
    var followsBreak: Bool
    var startsOuting: Bool
    /// The step's moving time as the builder decided it; `nil`: by its speed (see ``AnalysisSeries``).
    var movingStepSeconds: Double?
    /// Whether this is a device's distance step (a workout without positions), not a GPS fix.
    var isDeviceStep: Bool

    @inline(__always)
    init(_ fix: AcceptedFix) {
        time = fix.location.time
        distanceMeters = fix.distanceMeters
        elapsedSeconds = fix.elapsedSeconds
        speedMetersPerSecond = fix.speedMetersPerSecond
        smoothedAltitudeMeters = fix.smoothedAltitudeMeters
        followsBreak = fix.startsSegment || fix.followsPause
        startsOuting = fix.startsOuting
        movingStepSeconds = nil
        isDeviceStep = false
    }

    init(_ step: DeviceDistanceStep) {
        time = step.time
        distanceMeters = step.distanceMeters
        elapsedSeconds = step.elapsedSeconds
        speedMetersPerSecond = step.speedMetersPerSecond
        smoothedAltitudeMeters = step.altitudeMeters
        followsBreak = step.followsBreak
        startsOuting = false
        movingStepSeconds = step.movingSeconds
        isDeviceStep = true
    }
}
