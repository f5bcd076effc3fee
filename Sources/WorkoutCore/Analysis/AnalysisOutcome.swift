import WorkoutSamples

/// The parts of an input's outcome the analysis takes: its accepted fixes, whether its reading was
/// rejected, and its laps.
struct AnalysisOutcomeParts {
    var fixes: [AcceptedFix] = []
    var readingRejected = false
    var laps: [SessionStateChange] = []
}

/// The collector of the summary's path when the analysis is on: like ``NoOutcome`` it makes no
/// ``SampleOutcome``, but it keeps what ``AnalysisSeries`` records (a fix or two, rarely a lap).
struct AnalysisOutcome: OutcomeCollector {
    var parts = AnalysisOutcomeParts()
    static var keepsFixes: Bool { true }
    mutating func noteChange(_ change: @autoclosure () -> SessionStateChange) {
        let change = change()
        if change.kind == .lap { parts.laps.append(change) }
    }
    mutating func noteLocation(_ verdict: LocationVerdict) {}
    mutating func noteLocationIndex(_ index: Int) {}
    mutating func noteRejectedReading(_ kind: ReadingKind) { parts.readingRejected = true }
    mutating func noteAccepted(_ fix: AcceptedFix, released: Bool) { parts.fixes.append(fix) }
}
