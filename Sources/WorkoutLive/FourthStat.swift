import SessionSupport
import WorkoutCore
public import WorkoutSamples

/// The fourth cell of a workout screen, in display units.
public struct FourthStat: Sendable, Hashable {
    /// What the cell shows: pace, speed or heart rate (chosen by the activity).
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
