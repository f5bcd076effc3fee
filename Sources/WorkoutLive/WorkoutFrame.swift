import SessionSupport
import WorkoutCore
public import WorkoutSamples

/// What a screen shows at one instant: the metrics as of the frame's own time.
public struct WorkoutFrame: Sendable, Hashable {
    /// Frame number, from 0, counted over the whole session (frames are not numbered while paused).
    public var index: Int
    /// Session time of the frame, seconds (track time in a replay).
    public var time: Double
    /// The session's state as of the frame.
    public var state: SessionState
    /// Running time as of ``time``: accumulated plus the open interval up to ``time``.
    public var elapsedSeconds: Double
    /// Distance so far, metres.
    public var distanceMeters: Double
    /// Throttled speed (republished every ``DisplayThrottle/intervalSeconds`` of running time).
    public var speedMetersPerSecond: Double?
    /// Throttled pace, seconds per kilometre.
    public var paceSecondsPerKilometer: Double?
    /// The raw values behind the throttled ones.
    public var rawSpeedMetersPerSecond: Double?
    /// The raw pace, seconds per kilometre, behind ``paceSecondsPerKilometer``.
    public var rawPaceSecondsPerKilometer: Double?
    /// The latest heart rate.
    public var heartRateBPM: Double?
    /// Active energy so far, kilocalories; `nil` while no energy model applies.
    public var activeEnergyKilocalories: Double?
    /// The activity's fourth stat, in display units.
    public var fourthStat: FourthStat
    /// The latest accepted position.
    public var latitude: Double?
    /// The latest accepted position's longitude, degrees east (WGS84).
    public var longitude: Double?

    /// ``elapsedSeconds`` as `M:SS` under an hour and `H:MM:SS` above.
    public var elapsed: String { DisplayFormatting.duration(seconds: elapsedSeconds) }
}
