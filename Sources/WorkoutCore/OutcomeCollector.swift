/// Where the builder's stages write what an input did: a ``SampleOutcome``, or nothing at all. The stages
/// are generic over it, so ``WorkoutBuilder/add(_:)`` fills an outcome while the summary's path
/// (``WorkoutBuilder/consume(_:)``) runs the very same code with ``NoOutcome``, which compiles away.
protocol OutcomeCollector {
    /// Whether accepted fixes are wanted (building one costs a little per fix).
    static var keepsFixes: Bool { get }
    /// Whether an accepted fix must carry the live distance, the smoothed points still in the smoother's
    /// window included (``WorkoutBuilder/smoothingTail``, the costliest figure of a fix). The analysis's
    /// collector does not: the builder settles each fix's distance when its smoothed point leaves the window.
    static var needsLiveDistance: Bool { get }
    mutating func noteChange(_ change: @autoclosure () -> SessionStateChange)
    mutating func noteLocation(_ verdict: LocationVerdict)
    mutating func noteLocationIndex(_ index: Int)
    mutating func noteRejectedReading(_ kind: ReadingKind)
    mutating func noteAccepted(_ fix: AcceptedFix, released: Bool)
    mutating func noteDeviceDistance(_ step: DeviceDistanceStep)
}

/// The collector that keeps nothing.
struct NoOutcome: OutcomeCollector {
    static var keepsFixes: Bool { false }
    static var needsLiveDistance: Bool { false }
    mutating func noteChange(_ change: @autoclosure () -> SessionStateChange) {}
    mutating func noteLocation(_ verdict: LocationVerdict) {}
    mutating func noteLocationIndex(_ index: Int) {}
    mutating func noteRejectedReading(_ kind: ReadingKind) {}
    mutating func noteAccepted(_ fix: AcceptedFix, released: Bool) {}
    mutating func noteDeviceDistance(_ step: DeviceDistanceStep) {}
}

/// The collector of a recorder that reads a whole file (``WorkoutBuilder/addForRecording(_:)``): what the
/// recorder keeps (``RecordedInput``, and the accepted fixes in ``fixes``, the builder's own buffer lent for the
/// input; a fix's distance the distance counted so far, settled later by the analysis or, without it, by the
/// builder for the recorder) and, when `collectsAnalysis`, what the analysis takes (as ``AnalysisOutcome``); no
/// ``SampleOutcome``, no live figures.
struct RecordingCollector: OutcomeCollector {
    var recorded = RecordedInput()
    var fixes: [AcceptedFix]
    var analysis = AnalysisOutcome()
    var collectsAnalysis = true
    static var keepsFixes: Bool { true }
    static var needsLiveDistance: Bool { false }
    mutating func noteChange(_ change: @autoclosure () -> SessionStateChange) {
        if collectsAnalysis { analysis.noteChange(change()) }
    }
    mutating func noteLocation(_ verdict: LocationVerdict) { recorded.location = verdict }
    mutating func noteLocationIndex(_ index: Int) { recorded.locationIndex = index }
    mutating func noteRejectedReading(_ kind: ReadingKind) {
        if collectsAnalysis { analysis.noteRejectedReading(kind) }
    }
    mutating func noteAccepted(_ fix: AcceptedFix, released: Bool) {
        if !released { recorded.ownFixIndex = fixes.count }
        fixes.append(fix)
        if collectsAnalysis { analysis.noteAccepted(fix, released: released) }
    }
    mutating func noteDeviceDistance(_ step: DeviceDistanceStep) {
        if collectsAnalysis { analysis.noteDeviceDistance(step) }
    }
}

extension SampleOutcome: OutcomeCollector {
    static var keepsFixes: Bool { true }
    static var needsLiveDistance: Bool { true }
    mutating func noteChange(_ change: @autoclosure () -> SessionStateChange) { stateChanges.append(change()) }
    mutating func noteLocation(_ verdict: LocationVerdict) { location = verdict }
    mutating func noteLocationIndex(_ index: Int) { locationIndex = index }
    mutating func noteRejectedReading(_ kind: ReadingKind) { rejectedReading = kind }
    mutating func noteAccepted(_ fix: AcceptedFix, released: Bool) {
        if released { releasedFixes.append(fix) } else { acceptedFix = fix }
    }
    mutating func noteDeviceDistance(_ step: DeviceDistanceStep) { deviceDistance = step }
}
