import WorkoutCore
import WorkoutSamples
import Geodesy

/// A scale bar: a round length and its size in pixels.
public struct ScaleBar: Sendable, Hashable {
    /// The length the bar stands for, metres.
    public var meters: Double
    /// The bar's length on the map, pixels.
    public var pixels: Double
    /// `500 m`, `2 km`, `1000 ft`, `0.5 mi`.
    public var label: String

    /// The longest round length ({1, 2, 5} × 10ⁿ of metres or kilometres; of feet below 0.1 mile, else
    /// of miles) not longer than `maximumPixels`.
    public init(metersPerPixel: Double, maximumPixels: Double, units: DisplayUnits) {
        let limitMeters = maximumPixels * metersPerPixel
        switch units {
        case .metric:
            let meters = NiceNumbers.roundLength(atMost: limitMeters)
            self.meters = meters
            self.label = meters >= 1000 ? "\(DecimalText.shortest(meters / 1000)) km" : "\(DecimalText.shortest(meters)) m"
        case .imperial:
            let mile = 1609.344, foot = 0.3048
            if limitMeters >= 0.1 * mile {
                let miles = NiceNumbers.roundLength(atMost: limitMeters / mile)
                self.meters = miles * mile
                self.label = "\(DecimalText.shortest(miles)) mi"
            } else {
                let feet = NiceNumbers.roundLength(atMost: limitMeters / foot)
                self.meters = feet * foot
                self.label = "\(DecimalText.shortest(feet)) ft"
            }
        }
        self.pixels = metersPerPixel > 0 ? self.meters / metersPerPixel : 0
    }
}
