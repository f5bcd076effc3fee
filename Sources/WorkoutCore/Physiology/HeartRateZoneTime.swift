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
    public var lowerBPM: Double
    public var upperBPM: Double
    public var seconds: Double

    public init(zone: Int, lowerBPM: Double, upperBPM: Double, seconds: Double) {
        self.zone = zone
        self.lowerBPM = lowerBPM
        self.upperBPM = upperBPM
        self.seconds = seconds
    }
}
