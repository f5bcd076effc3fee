import SessionSupport
import WorkoutCore
import WorkoutSamples

/// Pace and speed as a screen shows them: republished on a fixed cadence of running time (default every
/// 5 s), so the numbers do not jitter with every fix, and never while paused (running time does not
/// advance then). Heart rate and energy are not throttled.
///
/// The value published at a boundary is the raw value as of that instant (the latest before it), so the
/// throttled value changes exactly when running time crosses a multiple of ``intervalSeconds``.
public struct DisplayThrottle: Sendable, Hashable {
    /// Seconds of running time between publications (5 by default).
    public let intervalSeconds: Double
    /// The published speed, m/s; `nil` until the first boundary.
    public private(set) var speedMetersPerSecond: Double?
    /// The published pace, s/km; `nil` until the first boundary or while speed and distance are zero.
    public private(set) var paceSecondsPerKilometer: Double?
    /// Running time of the last publication.
    public private(set) var publishedAtElapsedSeconds: Double?
    private var nextBoundary: Double

    /// A throttle that publishes every `intervalSeconds` of running time; a value that is not positive
    /// gives the default, 5 s.
    public init(intervalSeconds: Double = 5) {
        self.intervalSeconds = intervalSeconds > 0 ? intervalSeconds : 5
        self.nextBoundary = self.intervalSeconds
    }

    /// Advances to running time `elapsedSeconds`; if a boundary was crossed, publishes the raw values.
    /// Returns `true` when the published values changed.
    @discardableResult
    public mutating func advance(toElapsedSeconds elapsedSeconds: Double, rawSpeedMetersPerSecond: Double?, rawPaceSecondsPerKilometer: Double?) -> Bool {
        guard elapsedSeconds >= nextBoundary else { return false }
        let crossed = (elapsedSeconds / intervalSeconds).rounded(.down)
        publishedAtElapsedSeconds = crossed * intervalSeconds
        nextBoundary = (crossed + 1) * intervalSeconds
        let changed = speedMetersPerSecond != rawSpeedMetersPerSecond || paceSecondsPerKilometer != rawPaceSecondsPerKilometer
        speedMetersPerSecond = rawSpeedMetersPerSecond
        paceSecondsPerKilometer = rawPaceSecondsPerKilometer
        return changed
    }

    /// The throttle as ``advance(toElapsedSeconds:rawSpeedMetersPerSecond:rawPaceSecondsPerKilometer:)``
    /// would leave it, without changing this one.
    public func advanced(toElapsedSeconds elapsedSeconds: Double, rawSpeedMetersPerSecond: Double?, rawPaceSecondsPerKilometer: Double?) -> DisplayThrottle {
        var copy = self
        copy.advance(toElapsedSeconds: elapsedSeconds, rawSpeedMetersPerSecond: rawSpeedMetersPerSecond, rawPaceSecondsPerKilometer: rawPaceSecondsPerKilometer)
        return copy
    }
}
