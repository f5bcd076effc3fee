import WorkoutCore
import WorkoutSamples
import Geodesy

/// How a route map is drawn.
public struct RouteMapOptions: Sendable, Hashable {
    /// Width in pixels (clamped to 200...4000).
    public var width: Int
    /// Height in pixels; `nil` fits the route's aspect ratio (between 0.45 and 1.2 times the drawing width).
    public var height: Int?
    public var coloring: RouteColoring
    /// Units of the scale bar, title and legend.
    public var units: DisplayUnits

    public init(width: Int = 800, height: Int? = nil, coloring: RouteColoring = .none, units: DisplayUnits = .metric) {
        self.width = width
        self.height = height
        self.coloring = coloring
        self.units = units
    }
}
