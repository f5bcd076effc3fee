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

extension HeartRateZoneTime: Codable {
    /// The JSON keys of one element of the summary's `heartRate.zones`, in the order it writes them.
    private enum CodingKeys: String, CodingKey {
        case zone, lowerBPM, upperBPM, seconds
    }

    /// Decodes `{"zone":1,"lowerBPM":…,"upperBPM":…,"seconds":…}`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            zone: try container.decode(Int.self, forKey: .zone),
            lowerBPM: try container.decodeIfPresent(Double.self, forKey: .lowerBPM) ?? .nan,
            upperBPM: try container.decodeIfPresent(Double.self, forKey: .upperBPM) ?? .nan,
            seconds: try container.decode(Double.self, forKey: .seconds))
    }

    /// Encodes `{"zone":1,"lowerBPM":…,"upperBPM":…,"seconds":…}` (a bound that is not finite as `null`).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(zone, forKey: .zone)
        try container.encodeNumberOrNull(lowerBPM, forKey: .lowerBPM)
        try container.encodeNumberOrNull(upperBPM, forKey: .upperBPM)
        try container.encodeNumberOrNull(seconds, forKey: .seconds)
    }
}
