import WorkoutSamples
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// How zone boundaries are derived from the profile.
public enum HeartRateZoneMethod: String, Sendable, Hashable, Codable {
    /// Percentages of the maximum heart rate (the default).
    case percentOfMaximum
    /// Percentages of the heart-rate reserve added to the resting rate (Karvonen, Kentala & Mustala 1957,
    /// Ann Med Exp Biol Fenn 35(3):307-315); used when the profile gives a resting heart rate.
    case heartRateReserve
}
