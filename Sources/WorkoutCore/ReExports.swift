// The sample types and the session clock are part of this module's API (a `SampleOutcome` carries both):
// whoever imports WorkoutCore gets them.
@_exported import SessionSupport
@_exported import WorkoutSamples
