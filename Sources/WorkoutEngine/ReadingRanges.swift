public import WorkoutSamples

/// The kinds of reading the engine checks for plausibility before it uses them.
public enum ReadingKind: String, Sendable, Hashable, CaseIterable, Codable {
    /// A fix's altitude (the fix is kept without it).
    case altitude
    /// A fix's device speed (the fix is kept without it).
    case speed
    case heartRate
    case cadence
    case power
    /// An active-energy increment.
    case activeEnergy
}

/// What the engine accepts as a plausible reading; anything outside is dropped and counted (a strap that
/// lost contact writes 0 or 255 bpm, a barometer that failed writes 1.7e308 m), never averaged in.
///
/// | reading | accepted |
/// |---|---|
/// | altitude | -500 m to 10 000 m (the Dead Sea shore is at -430 m, Everest at 8 849 m) |
/// | device speed | 0 to 150 m/s, finite |
/// | heart rate | 25 to 250 bpm (resting rates of trained athletes reach the low 30s; no adult exceeds 250) |
/// | cadence | 0 to 300 per minute (steps or crank revolutions; 0 is coasting) |
/// | power | 0 to 3 000 W (track sprinters peak around 2 500 W) |
/// | active energy | an increment of 0 to 1 000 kcal, finite |
public enum ReadingRanges {
    public static let altitudeMeters: ClosedRange<Double> = -500...10_000
    public static let speedMetersPerSecond: ClosedRange<Double> = 0...150
    public static let heartRateBPM: ClosedRange<Double> = 25...250
    public static let cadencePerMinute: ClosedRange<Double> = 0...300
    public static let powerWatts: ClosedRange<Double> = 0...3_000
    public static let energyIncrementKilocalories: ClosedRange<Double> = 0...1_000
}

/// Readings dropped as implausible, by kind, stored inline.
public struct RejectedReadingCounts: Sendable, Hashable {
    private var counts = [Int](repeating: 0, count: ReadingKind.allCases.count)

    public init() {}

    public subscript(kind: ReadingKind) -> Int {
        counts[Self.index(kind)]
    }

    /// All dropped readings.
    public var total: Int { counts.reduce(0, +) }

    /// The non-zero counts, in ``ReadingKind`` order.
    public var nonZero: [(kind: ReadingKind, count: Int)] {
        ReadingKind.allCases.compactMap { kind in self[kind] > 0 ? (kind, self[kind]) : nil }
    }

    mutating func add(_ kind: ReadingKind) {
        counts[Self.index(kind)] += 1
    }

    private static func index(_ kind: ReadingKind) -> Int {
        switch kind {
        case .altitude: 0
        case .speed: 1
        case .heartRate: 2
        case .cadence: 3
        case .power: 4
        case .activeEnergy: 5
        }
    }
}
