import WorkoutSamples

/// What became of a location sample.
public enum LocationVerdict: Sendable, Hashable {
    /// Accepted into the route (see ``SampleOutcome/acceptedFixes``).
    case accepted
    /// Accepted together with fixes held back before it, which start a new segment: the device was moved
    /// while off, or the earlier fixes were the bad ones (see ``LocationFilter``, rule 5).
    case acceptedWithHeldFixes
    /// Held back: it failed the speed rule, but may turn out to start a new segment with the next ones.
    case held
    /// Rejected, for this reason.
    case rejected(LocationRejectionReason)
    /// The session was paused: the fix is not part of the route (and not a rejection).
    case ignoredWhilePaused
    /// The session had ended.
    case ignoredAfterEnd
}
