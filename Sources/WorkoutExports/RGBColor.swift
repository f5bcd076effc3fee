import WorkoutCore
import WorkoutSamples

/// An sRGB colour, components in 0...1.
public struct RGBColor: Sendable, Hashable {
    /// Red, 0...1.
    public var red: Double
    /// Green, 0...1.
    public var green: Double
    /// Blue, 0...1.
    public var blue: Double

    /// A colour from its sRGB components, each in 0...1.
    public init(red: Double, green: Double, blue: Double) {
        self.red = red
        self.green = green
        self.blue = blue
    }

    /// From `0xRRGGBB`.
    public init(hex: UInt32) {
        self.init(red: Double((hex >> 16) & 0xFF) / 255, green: Double((hex >> 8) & 0xFF) / 255, blue: Double(hex & 0xFF) / 255)
    }

    /// `#rrggbb`.
    public var hexString: String {
        let digits = Array("0123456789abcdef")
        var text = "#"
        for component in [red, green, blue] {
            let byte = Int((Swift.min(Swift.max(component, 0), 1) * 255).rounded())
            text.append(digits[byte / 16])
            text.append(digits[byte % 16])
        }
        return text
    }

    /// The colour seen when this colour, at `opacity`, is painted over `background`.
    public func composited(over background: RGBColor, opacity: Double) -> RGBColor {
        let a = Swift.min(Swift.max(opacity, 0), 1)
        return RGBColor(red: red * a + background.red * (1 - a), green: green * a + background.green * (1 - a),
                        blue: blue * a + background.blue * (1 - a))
    }

    /// Linear interpolation from `self` (t = 0) to `other` (t = 1).
    public func mixed(with other: RGBColor, _ t: Double) -> RGBColor {
        composited(over: other, opacity: 1 - t)
    }
}
