import WorkoutSamples
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

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
    /// Banister's weight of the last heart rate weighed: a heart rate often holds for seconds, and the
    /// weight costs two `exp`.
    private var lastWeight = (bpm: Double.nan, weight: 0.0)

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
                if lastWeight.bpm != lastValue {
                    let x = HeartRateFormulas.heartRateReserveFraction(lastValue, resting: bounds.restingHeartRate, maximum: bounds.maxHeartRate)
                    lastWeight = (lastValue, HeartRateFormulas.banisterWeight(reserveFraction: x, sex: sex))
                }
                trimp += held / 60 * lastWeight.weight
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
