public import SessionSupport
import WorkoutSamples

/// What one input did to a ``WorkoutBuilder``: the one way out of the builder. Live frames, exports, the
/// journal and the store consume outcomes; none of them reads back into the builder or searches for fixes.
///
/// ```swift
/// var builder = WorkoutBuilder(options: WorkoutOptions(activity: .running))
/// for sample in samples {
///     let outcome = builder.add(sample)
///     for change in outcome.stateChanges { print(change.kind, change.cause) }   // start, pause (gap), …
///     for fix in outcome.acceptedFixes { draw(fix.location, at: fix.distanceMeters) }
/// }
/// ```
public struct SampleOutcome: Sendable, Hashable {
    /// What was given, exactly (the journal records this).
    public var input: WorkoutInput
    /// The state changes it caused, in order, each with its cause (a request, auto-pause, a recording gap).
    public var stateChanges = StateChanges()
    /// For a location sample: what became of it; `nil` for anything else.
    public var location: LocationVerdict?
    /// For a location sample: its position among the location samples received, from 0 (the number a
    /// held fix comes back with in ``releasedFixes``).
    public var locationIndex: Int?
    /// For a sensor reading or a fix field dropped as implausible: which (see ``ReadingRanges``).
    public var rejectedReading: ReadingKind?
    /// The fix accepted by this input, when one was (the common case, stored inline).
    public var acceptedFix: AcceptedFix?
    /// Fixes held back earlier and accepted by this input with it (a relocation), before ``acceptedFix``.
    public var releasedFixes: [AcceptedFix] = []
    /// For a device's distance reading counted as the workout's distance (the route has no fix yet): the
    /// step it made.
    public var deviceDistance: DeviceDistanceStep?
    /// The session clock after the input.
    public var clock = SessionClock()
    /// The live figures after the input.
    public var metrics = LiveMetrics()

    /// An outcome of `input` with nothing decided yet (the builder fills in the rest).
    public init(input: WorkoutInput) {
        self.input = input
    }

    /// Every fix accepted by this input, in route order.
    public var acceptedFixes: [AcceptedFix] {
        releasedFixes + (acceptedFix.map { [$0] } ?? [])
    }
}
