import WorkoutCore
public import WorkoutSamples

/// How a chart is drawn.
public struct ChartOptions: Sendable, Hashable {
    /// Width in pixels (clamped to 200...4000).
    public var width: Int
    /// Height in pixels (clamped to 120...3000).
    public var height: Int
    public var units: DisplayUnits

    public init(width: Int = 800, height: Int = 320, units: DisplayUnits = .metric) {
        self.width = width
        self.height = height
        self.units = units
    }
}
