#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Published heart-rate formulas. Pure functions of plain numbers.
public enum HeartRateFormulas {
    /// Age-predicted maximum heart rate, `208 − 0.7 × age` (Tanaka, Monahan & Seals 2001, "Age-predicted
    /// maximal heart rate revisited", J Am Coll Cardiol 37(1):153-156). Used only when the profile gives
    /// no maximum.
    public static func tanakaMaximumHeartRate(ageYears: Double) -> Double {
        208 - 0.7 * ageYears
    }

    /// The fraction of heart-rate reserve, `(HR − rest) / (max − rest)` (Karvonen, Kentala & Mustala
    /// 1957), clamped to 0...1. Returns 0 when `max <= rest`.
    public static func heartRateReserveFraction(_ bpm: Double, resting: Double, maximum: Double) -> Double {
        guard maximum > resting, bpm.isFinite else { return 0 }
        return min(max((bpm - resting) / (maximum - resting), 0), 1)
    }

    /// Banister's training impulse per minute at a heart-rate reserve fraction `x`:
    /// `x · 0.64 · e^(1.92 x)` for men and `x · 0.86 · e^(1.67 x)` for women (Banister 1991, in MacDougall,
    /// Wenger & Green (eds.), *Physiological Testing of the High-Performance Athlete*; Morton,
    /// Fitz-Clarke & Banister 1990, J Appl Physiol 69(3):1171-1177). Unspecified sex averages the two.
    /// A session's TRIMP is the sum of this weight times minutes.
    public static func banisterWeight(reserveFraction x: Double, sex: BiologicalSex?) -> Double {
        let male = x * 0.64 * exp(1.92 * x)
        let female = x * 0.86 * exp(1.67 * x)
        switch sex {
        case .male: return male
        case .female: return female
        case nil: return (male + female) / 2
        }
    }
}

/// How zone boundaries are derived from the profile.
public enum HeartRateZoneMethod: String, Sendable, Hashable, Codable {
    /// Percentages of the maximum heart rate (the default).
    case percentOfMaximum
    /// Percentages of the heart-rate reserve added to the resting rate (Karvonen, Kentala & Mustala 1957,
    /// Ann Med Exp Biol Fenn 35(3):307-315); used when the profile gives a resting heart rate.
    case heartRateReserve
}

/// Five heart-rate zones bounded at 50, 60, 70, 80, 90 and 100 % of the maximum (or of the reserve).
/// Zone 1 is [50 %, 60 %), zone 5 is [90 %, 100 %] and also holds readings above the maximum; readings
/// under 50 % are in no zone.
public struct HeartRateZoneBounds: Sendable, Hashable {
    public var method: HeartRateZoneMethod
    public var restingHeartRate: Double
    public var maxHeartRate: Double

    /// The zone boundaries as fractions: zone `n` (1...5) starts at `fractions[n-1]`.
    public static let fractions: [Double] = [0.5, 0.6, 0.7, 0.8, 0.9, 1.0]

    public init(profile: ResolvedAthleteProfile) {
        self.method = profile.knowsRestingHeartRate ? .heartRateReserve : .percentOfMaximum
        self.restingHeartRate = profile.restingHeartRate
        self.maxHeartRate = profile.maxHeartRate
    }

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

/// Heart-rate zones, time in zone and TRIMP, accumulated per reading with the same rule as the average
/// (`TimeWeightedStatistic`): a reading holds until the next one, for at most the hold limit; paused
/// time and longer gaps count nowhere. O(1) and no allocation per reading.
struct HeartRateLoadAccumulator: Sendable {
    let bounds: HeartRateZoneBounds
    let sex: BiologicalSex?
    let holdLimitSeconds: Double

    /// Seconds below zone 1 (index 0) and in zones 1...5 (indices 1...5).
    private(set) var zoneSeconds: (Double, Double, Double, Double, Double, Double) = (0, 0, 0, 0, 0, 0)
    /// Banister TRIMP so far.
    private(set) var trimp = 0.0
    /// Seconds any reading stood for.
    private(set) var coveredSeconds = 0.0
    private var lastValue = 0.0
    private var lastElapsed: Double?

    init(bounds: HeartRateZoneBounds, sex: BiologicalSex?, holdLimitSeconds: Double) {
        self.bounds = bounds
        self.sex = sex
        self.holdLimitSeconds = holdLimitSeconds
    }

    mutating func add(_ bpm: Double, elapsedSeconds: Double?) {
        guard bpm.isFinite, let elapsedSeconds, elapsedSeconds.isFinite else { return }
        if let last = lastElapsed {
            let held = min(max(elapsedSeconds - last, 0), holdLimitSeconds)
            if held > 0 {
                coveredSeconds += held
                switch bounds.zone(of: lastValue) {
                case 0: zoneSeconds.0 += held
                case 1: zoneSeconds.1 += held
                case 2: zoneSeconds.2 += held
                case 3: zoneSeconds.3 += held
                case 4: zoneSeconds.4 += held
                default: zoneSeconds.5 += held
                }
                let x = HeartRateFormulas.heartRateReserveFraction(lastValue, resting: bounds.restingHeartRate, maximum: bounds.maxHeartRate)
                trimp += held / 60 * HeartRateFormulas.banisterWeight(reserveFraction: x, sex: sex)
            }
        }
        lastValue = bpm
        lastElapsed = elapsedSeconds
    }

    var hasDuration: Bool { coveredSeconds > 0 }

    func seconds(inZone zone: Int) -> Double {
        switch zone {
        case 0: zoneSeconds.0
        case 1: zoneSeconds.1
        case 2: zoneSeconds.2
        case 3: zoneSeconds.3
        case 4: zoneSeconds.4
        default: zoneSeconds.5
        }
    }

    /// The five zones with their bounds and seconds.
    var zones: [HeartRateZoneTime] {
        (1...5).map { HeartRateZoneTime(zone: $0, lowerBPM: bounds.lowerBPM(zone: $0), upperBPM: bounds.upperBPM(zone: $0), seconds: seconds(inZone: $0)) }
    }
}
