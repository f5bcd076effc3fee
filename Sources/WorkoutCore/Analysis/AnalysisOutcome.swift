import WorkoutSamples

/// The parts of an input's outcome the analysis takes: its accepted fix (or the device distance step it
/// made), whether its reading was rejected, and, rarely, fixes released with it and laps. The common case
/// holds no reference (nothing to retain or release per sample); the rare parts are allocated when they occur.
struct AnalysisOutcomeParts {
    /// The fix this input accepted (inline: no allocation in the common case).
    var fix: AnalysisFix?
    var readingRejected = false
    /// Fixes held back earlier and accepted with this input, and the laps it made; `nil` without any.
    var rare: AnalysisRareParts?

    mutating func appendReleased(_ fix: AnalysisFix) {
        if rare == nil { rare = AnalysisRareParts() }
        rare?.released.append(fix)
    }

    mutating func appendLap(_ change: SessionStateChange) {
        if rare == nil { rare = AnalysisRareParts() }
        rare?.laps.append(change)
    }
}

/// The rare parts of an outcome for the analysis (see ``AnalysisOutcomeParts``).
struct AnalysisRareParts {
    /// Fixes held back earlier and accepted with this input, before the parts' own fix.
    var released: [AnalysisFix] = []
    /// The laps this input made.
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
        if change.kind == .lap { parts.appendLap(change) }
    }
    mutating func noteLocation(_ verdict: LocationVerdict) {}
    mutating func noteLocationIndex(_ index: Int) {}
    mutating func noteRejectedReading(_ kind: ReadingKind) { parts.readingRejected = true }
    @inline(__always)
    mutating func noteAccepted(_ fix: AcceptedFix, released: Bool) {
        if released { parts.appendReleased(AnalysisFix(fix)) } else { parts.fix = AnalysisFix(fix) }
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
        followsBreak = fix.startsSegment || fix.followsPause || fix.crossesUnpausedGap
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
