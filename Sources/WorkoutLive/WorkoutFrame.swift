import SessionSupport
import WorkoutCore
public import WorkoutSamples

/// What a screen shows at one instant: the metrics as of the frame's own time.
public struct WorkoutFrame: Sendable, Hashable {
    /// Frame number, from 0, counted over the whole session (frames are not numbered while paused).
    public var index: Int
    /// Session time of the frame, seconds (track time in a replay).
    public var time: Double
    public var state: SessionState
    /// Running time as of ``time``: accumulated plus the open interval up to ``time``.
    public var elapsedSeconds: Double
    public var distanceMeters: Double
    /// Throttled speed (republished every ``DisplayThrottle/intervalSeconds`` of running time).
    public var speedMetersPerSecond: Double?
    /// Throttled pace, seconds per kilometre.
    public var paceSecondsPerKilometer: Double?
    /// The raw values behind the throttled ones.
    public var rawSpeedMetersPerSecond: Double?
    public var rawPaceSecondsPerKilometer: Double?
    /// The latest heart rate.
    public var heartRateBPM: Double?
    public var activeEnergyKilocalories: Double?
    public var fourthStat: FourthStat
    /// The latest accepted position.
    public var latitude: Double?
    public var longitude: Double?

    /// ``elapsedSeconds`` as `M:SS` under an hour and `H:MM:SS` above.
    public var elapsed: String { DisplayFormatting.duration(seconds: elapsedSeconds) }
}
