/// What a recorder keeps of an input (``WorkoutBuilder/addForRecording(_:)``): the verdict on its fix and
/// the fixes it accepted, without the rest of a ``SampleOutcome`` (its state changes, reading verdict, clock
/// and live figures, 600 bytes copied per sample, which a file's recorder never reads).
package struct RecordedInput: Sendable {
    /// What became of the input's fix, when it was one.
    package var location: LocationVerdict?
    /// The index of the input's fix among the fixes received.
    package var locationIndex: Int?
    /// The fix the input had accepted.
    package var acceptedFix: AcceptedFix?
    /// Fixes held back earlier and accepted with this input, before ``acceptedFix``.
    package var releasedFixes: [AcceptedFix] = []

    package init() {}

    /// The parts of `outcome` a recorder keeps.
    package init(_ outcome: SampleOutcome) {
        location = outcome.location
        locationIndex = outcome.locationIndex
        acceptedFix = outcome.acceptedFix
        releasedFixes = outcome.releasedFixes
    }
}
