import WorkoutSamples

/// Units for what people read. Everything inside the engine is SI; these are the edges.
public enum DisplayUnits: String, Sendable, Hashable, CaseIterable, Codable {
    /// Kilometres, km/h, min/km.
    case metric
    /// Miles, mph, min/mi.
    case imperial

    /// Metres in one display distance unit (km or mile; 1 mile = 1609.344 m exactly).
    public var metersPerDistanceUnit: Double { self == .metric ? 1000 : 1609.344 }
    /// The distance unit's symbol: `km` or `mi`.
    public var distanceUnit: String { self == .metric ? "km" : "mi" }
    /// The speed unit's symbol: `km/h` or `mph`.
    public var speedUnit: String { self == .metric ? "km/h" : "mph" }
    /// The pace unit's symbol: `min/km` or `min/mi`.
    public var paceUnit: String { self == .metric ? "min/km" : "min/mi" }
}
