import WorkoutCore
import WorkoutSamples
import Geodesy

/// How a route map is drawn.
public struct RouteMapOptions: Sendable, Hashable {
    /// Width in pixels (clamped to 200...4000).
    public var width: Int
    /// Height in pixels; `nil` fits the route's aspect ratio (between 0.45 and 1.2 times the drawing width).
    public var height: Int?
    /// What colours the route line: nothing (the activity's colour), pace, heart rate or elevation.
    public var coloring: RouteColoring
    /// Units of the scale bar, title and legend.
    public var units: DisplayUnits

    /// Options for an 800-pixel-wide map, its height fitted to the route, uncoloured, metric, by default.
    public init(width: Int = 800, height: Int? = nil, coloring: RouteColoring = .none, units: DisplayUnits = .metric) {
        self.width = width
        self.height = height
        self.coloring = coloring
        self.units = units
    }
}
