/// What a recorder keeps of an input (``WorkoutBuilder/addForRecording(_:)``): the verdict on its fix and
/// which of the fixes it accepted is its own, without the rest of a ``SampleOutcome`` (its state changes,
/// reading verdict, clock and live figures, 600 bytes copied per sample, which a file's recorder never reads).
/// The fixes themselves are the builder's ``WorkoutBuilder/recordedFixes``, kept in place until the next
/// input: a recorder reads them there instead of receiving a copy of each (146 bytes) in this value.
package struct RecordedInput: Sendable {
    /// What became of the input's fix, when it was one.
    package var location: LocationVerdict?
    /// The index of the input's fix among the fixes received.
    package var locationIndex: Int?
    /// The position, among the fixes the input accepted, of its own fix; `nil` when it accepted none of its
    /// own. The others are fixes held back earlier and accepted with it, in order.
    package var ownFixIndex: Int?

    package init() {}

    /// The parts of `outcome` a recorder keeps, with the fixes it accepted (its released fixes, then its
    /// own) put in `fixes`.
    package init(_ outcome: SampleOutcome, fixes: inout [AcceptedFix]) {
        location = outcome.location
        locationIndex = outcome.locationIndex
        fixes.removeAll(keepingCapacity: true)
        fixes.append(contentsOf: outcome.releasedFixes)
        if let fix = outcome.acceptedFix {
            ownFixIndex = fixes.count
            fixes.append(fix)
        }
    }
}
