import SessionSupport
import WorkoutCore
public import WorkoutSamples

/// The colours of the pictures.
public enum ExportPalette {
    /// The colour of an activity's route and start marker: vermilion for running, teal for walking,
    /// forest green for hiking, blue for cycling. Chosen to stay distinct from each other, from the
    /// grey pause markers and the dark end marker, and readable on the light map background.
    public static func color(for activity: ActivityType) -> RGBColor {
        switch activity {
        case .running: RGBColor(hex: 0xE4572E)
        case .walking: RGBColor(hex: 0x1F8A80)
        case .hiking: RGBColor(hex: 0x3A7D44)
        case .cycling: RGBColor(hex: 0x2563EB)
        }
    }

    /// The activity's name for titles: `Running`, `Cycling`.
    public static func displayName(of activity: ActivityType) -> String {
        let name = activity.rawValue
        return name.prefix(1).uppercased() + name.dropFirst()
    }

    /// The background of maps and charts.
    public static let background = RGBColor(hex: 0xFAF8F3)

    /// The ramp used to colour a route by a value, from low (blue) through green and yellow to high
    /// (red): distinguishable for the common red-green colour deficiencies by its lightness, which
    /// rises to yellow and falls again.
    public static let ramp: [RGBColor] = [0x2C7BB6, 0x00A6CA, 0x00CCBC, 0x90EB9D, 0xF9D057, 0xF29E2E, 0xD7191C].map(RGBColor.init(hex:))

    /// The ramp's colour at `t` in 0...1 (clamped; NaN gives the low end).
    public static func rampColor(_ t: Double) -> RGBColor {
        let clamped = t.isNaN ? 0 : Swift.min(Swift.max(t, 0), 1)
        let position = clamped * Double(ramp.count - 1)
        let lower = Swift.min(Int(position), ramp.count - 2)
        return ramp[lower].mixed(with: ramp[lower + 1], position - Double(lower))
    }

    /// Shading of heart-rate zones 1...5 on charts.
    public static let zoneColors: [RGBColor] = [0x9ECAE1, 0xA1D99B, 0xFDD49E, 0xFDAE6B, 0xFC9272].map(RGBColor.init(hex:))
}
