import WorkoutSamples
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Time spent in one zone.
public struct HeartRateZoneTime: Sendable, Hashable {
    /// 1...5.
    public var zone: Int
    /// The zone's lower bound, beats per minute (inclusive).
    public var lowerBPM: Double
    /// The zone's upper bound, beats per minute (exclusive, except for zone 5).
    public var upperBPM: Double
    /// Running time spent in the zone, seconds.
    public var seconds: Double

    /// A zone (1...5) with its bounds (beats per minute) and the seconds spent in it.
    public init(zone: Int, lowerBPM: Double, upperBPM: Double, seconds: Double) {
        self.zone = zone
        self.lowerBPM = lowerBPM
        self.upperBPM = upperBPM
        self.seconds = seconds
    }
}
