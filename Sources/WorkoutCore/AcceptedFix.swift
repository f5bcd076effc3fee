public import WorkoutSamples

/// A fix the builder accepted into the route, with the workout's figures at that moment: what an export
/// writes per point and what a live map draws.
public struct AcceptedFix: Sendable, Hashable {
    /// The fix as the builder took it: a time it could not use is removed, implausible fields are dropped.
    public var location: LocationSample
    /// The fix's position among the location samples received, from 0: a consumer that kept something per
    /// received fix (the sensor readings read with it) finds it by this number.
    public var locationIndex: Int
    /// The route segment the fix belongs to, from 0.
    public var segmentIndex: Int
    /// Whether the fix starts its segment.
    public var startsSegment: Bool
    /// Whether the session paused between the previous fix of this segment and this one (an unrecorded
    /// gap: the segment and its distance go on across it).
    public var followsPause: Bool
    /// Whether the step from the previous fix of this segment crosses an unrecorded gap that the device's
    /// timer ran through (``WorkoutBuilder/usesDeviceTimer``): no pause, but the step is crossed as a
    /// paused gap is (the straight line counts, no moving time).
    public var crossesUnpausedGap: Bool
    /// The workout's distance once this fix was measured, metres (the open chord of the default mode
    /// included, so it can shrink slightly when the mover stops).
    public var distanceMeters: Double
    /// Running time at the fix, seconds; `nil` for an untimed fix.
    public var elapsedSeconds: Double?
    /// The current speed once this fix was measured, m/s (the device's, else the smoother's).
    public var speedMetersPerSecond: Double?
    /// The smoothed altitude once this fix was measured, metres (the elevation counter's; the raw altitude
    /// with `--filter none` or for an untimed fix); `nil` when no fix so far carried an altitude, or while a
    /// segment's first altitude waits to show it is not an altimeter still settling.
    public var smoothedAltitudeMeters: Double?
    /// Whether the fix starts a separate outing: the gap before it was longer than
    /// ``WorkoutBuilder/sessionBreakSeconds`` (a logger that merged sessions), so neither distance nor
    /// elevation counts across it.
    public var startsOuting: Bool

    /// An accepted fix with its place in the input and the route, and the workout's figures at that moment.
    public init(
        location: LocationSample, locationIndex: Int, segmentIndex: Int, startsSegment: Bool, followsPause: Bool,
        distanceMeters: Double, elapsedSeconds: Double?, speedMetersPerSecond: Double?,
        smoothedAltitudeMeters: Double? = nil, startsOuting: Bool = false, crossesUnpausedGap: Bool = false
    ) {
        self.location = location
        self.locationIndex = locationIndex
        self.segmentIndex = segmentIndex
        self.startsSegment = startsSegment
        self.followsPause = followsPause
        self.distanceMeters = distanceMeters
        self.elapsedSeconds = elapsedSeconds
        self.speedMetersPerSecond = speedMetersPerSecond
        self.smoothedAltitudeMeters = smoothedAltitudeMeters
        self.startsOuting = startsOuting
        self.crossesUnpausedGap = crossesUnpausedGap
    }
}
