import WorkoutCore
import WorkoutSamples

/// How a chart is drawn.
public struct ChartOptions: Sendable, Hashable {
    /// Width in pixels (clamped to 200...4000).
    public var width: Int
    /// Height in pixels (clamped to 120...3000).
    public var height: Int
    /// Units of the axes and labels.
    public var units: DisplayUnits

    /// Options for an 800 × 320 pixel chart in metric units by default.
    public init(width: Int = 800, height: Int = 320, units: DisplayUnits = .metric) {
        self.width = width
        self.height = height
        self.units = units
    }
}
