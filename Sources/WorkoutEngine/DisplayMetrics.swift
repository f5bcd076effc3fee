public import WorkoutSamples

/// Units for what people read. Everything inside the engine is SI; these are the edges.
public enum DisplayUnits: String, Sendable, Hashable, CaseIterable, Codable {
    /// Kilometres, km/h, min/km.
    case metric
    /// Miles, mph, min/mi.
    case imperial

    /// Metres in one display distance unit (km or mile; 1 mile = 1609.344 m exactly).
    public var metersPerDistanceUnit: Double { self == .metric ? 1000 : 1609.344 }
    public var distanceUnit: String { self == .metric ? "km" : "mi" }
    public var speedUnit: String { self == .metric ? "km/h" : "mph" }
    public var paceUnit: String { self == .metric ? "min/km" : "min/mi" }
}

/// Pace and speed as a screen shows them: republished on a fixed cadence of running time (default every
/// 5 s), so the numbers do not jitter with every fix, and never while paused (running time does not
/// advance then). Heart rate and energy are not throttled.
///
/// The value published at a boundary is the raw value as of that instant (the latest before it), so the
/// throttled value changes exactly when running time crosses a multiple of ``intervalSeconds``.
public struct DisplayThrottle: Sendable, Hashable {
    public let intervalSeconds: Double
    /// The published speed, m/s; `nil` until the first boundary.
    public private(set) var speedMetersPerSecond: Double?
    /// The published pace, s/km; `nil` until the first boundary or while speed and distance are zero.
    public private(set) var paceSecondsPerKilometer: Double?
    /// Running time of the last publication.
    public private(set) var publishedAtElapsedSeconds: Double?
    private var nextBoundary: Double

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
}

/// The fourth cell of a workout screen, in display units.
public struct FourthStat: Sendable, Hashable {
    public var kind: FourthStatKind
    /// In ``unit``; `nil` when not known yet.
    public var value: Double?
    /// `min/km`, `min/mi` (value in minutes, decimal), `km/h`, `mph` or `bpm`.
    public var unit: String
    /// The value as a screen shows it (`5:12`, `24.3`, `142`, or `--`).
    public var formatted: String

    /// The fourth stat of `activity` from throttled speed/pace and the latest heart rate.
    public init(activity: ActivityType, units: DisplayUnits, speedMetersPerSecond: Double?, paceSecondsPerKilometer: Double?, heartRateBPM: Double?) {
        kind = activity.fourthStat
        switch kind {
        case .pace:
            unit = units.paceUnit
            let secondsPerUnit = paceSecondsPerKilometer.map { $0 * units.metersPerDistanceUnit / 1000 }
            value = secondsPerUnit.map { $0 / 60 }
            formatted = secondsPerUnit.map { DisplayFormatting.pace(secondsPerUnit: $0) } ?? "--:--"
        case .speed:
            unit = units.speedUnit
            value = speedMetersPerSecond.map { $0 * 3600 / units.metersPerDistanceUnit }
            formatted = value.map { DisplayFormatting.fixed($0, digits: 1) } ?? "--"
        case .heartRate:
            unit = "bpm"
            value = heartRateBPM
            formatted = heartRateBPM.map { DisplayFormatting.fixed($0, digits: 0) } ?? "--"
        }
    }
}
