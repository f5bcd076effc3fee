import WorkoutSamples
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Five heart-rate zones bounded at 50, 60, 70, 80, 90 and 100 % of the maximum (or of the reserve).
/// Zone 1 is [50 %, 60 %), zone 5 is [90 %, 100 %] and also holds readings above the maximum; readings
/// under 50 % are in no zone.
public struct HeartRateZoneBounds: Sendable, Hashable {
    /// Percentages of the maximum, or of the heart-rate reserve when the resting rate is known.
    public var method: HeartRateZoneMethod
    /// Resting heart rate, beats per minute (the reserve method's base).
    public var restingHeartRate: Double
    /// Maximum heart rate, beats per minute (zone 5's upper end).
    public var maxHeartRate: Double

    /// The zone boundaries as fractions: zone `n` (1...5) starts at `fractions[n-1]`.
    public static let fractions: [Double] = [0.5, 0.6, 0.7, 0.8, 0.9, 1.0]

    /// The bounds for `profile`: the reserve method when the profile's resting rate was given, else
    /// percentages of the maximum.
    public init(profile: ResolvedAthleteProfile) {
        self.method = profile.knowsRestingHeartRate ? .heartRateReserve : .percentOfMaximum
        self.restingHeartRate = profile.restingHeartRate
        self.maxHeartRate = profile.maxHeartRate
    }

    /// Bounds with an explicit method and rates (beats per minute).
    public init(method: HeartRateZoneMethod, restingHeartRate: Double, maxHeartRate: Double) {
        self.method = method
        self.restingHeartRate = restingHeartRate
        self.maxHeartRate = maxHeartRate
    }

    /// The heart rate at a fraction of the maximum or of the reserve.
    @inlinable
    public func bpm(atFraction fraction: Double) -> Double {
        switch method {
        case .percentOfMaximum: fraction * maxHeartRate
        case .heartRateReserve: restingHeartRate + fraction * (maxHeartRate - restingHeartRate)
        }
    }

    /// Lower bound of zone `zone` (1...5), bpm.
    public func lowerBPM(zone: Int) -> Double { bpm(atFraction: Self.fractions[min(max(zone, 1), 5) - 1]) }
    /// Upper bound of zone `zone` (1...5), bpm.
    public func upperBPM(zone: Int) -> Double { bpm(atFraction: Self.fractions[min(max(zone, 1), 5)]) }

    /// The zone (1...5) of a reading, or 0 below zone 1. O(1), no allocation.
    public func zone(of bpm: Double) -> Int {
        var zone = 5
        while zone >= 1 {
            if bpm >= lowerBPM(zone: zone) { return zone }
            zone -= 1
        }
        return 0
    }
}
