import TrackFormats
public import WorkoutSamples

/// An SVG document: its text and its size in CSS pixels (what a PNG renderer uses at zoom 1).
public struct RenderedSVG: Sendable, Hashable {
    /// The whole document, UTF-8 text starting with the XML declaration.
    public var text: String
    public var width: Int
    public var height: Int

    public init(text: String, width: Int, height: Int) {
        self.text = text
        self.width = width
        self.height = height
    }
}

/// An sRGB colour, components in 0...1.
public struct RGBColor: Sendable, Hashable {
    public var red: Double
    public var green: Double
    public var blue: Double

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

/// Round numbers for scale bars and axes.
public enum NiceNumbers {
    /// The largest value of the form {1, 2, 5} × 10ⁿ that is at most `limit` (`limit` > 0; otherwise 1).
    public static func roundLength(atMost limit: Double) -> Double {
        guard limit.isFinite, limit > 0 else { return 1 }
        var magnitude = 1.0
        while magnitude > limit { magnitude /= 10 }
        while magnitude * 10 <= limit { magnitude *= 10 }
        for factor in [5.0, 2.0, 1.0] where factor * magnitude <= limit { return factor * magnitude }
        return magnitude
    }

    /// A tick step of the form {1, 2, 2.5, 5} × 10ⁿ giving about `count` intervals over `span`.
    public static func tickStep(span: Double, count: Int = 5) -> Double {
        guard span.isFinite, span > 0 else { return 1 }
        let raw = span / Double(Swift.max(count, 1))
        var magnitude = 1.0
        while magnitude > raw { magnitude /= 10 }
        while magnitude * 10 <= raw { magnitude *= 10 }
        for factor in [1.0, 2.0, 2.5, 5.0, 10.0] where factor * magnitude >= raw { return factor * magnitude }
        return 10 * magnitude
    }

    /// A tick step in seconds for a time axis over `span` seconds: 5 s, 10 s, 15 s, 30 s, 1, 2, 5, 10,
    /// 15, 20, 30 min, 1, 2, 3, 6, 12 h (none finer than `finest`), whichever gives about `count`
    /// intervals.
    public static func timeStep(span: Double, count: Int = 6, finest: Double = 10) -> Double {
        let steps: [Double] = [5, 10, 15, 30, 60, 120, 300, 600, 900, 1200, 1800, 3600, 7200, 10800, 21600, 43200, 86400]
            .filter { $0 >= finest }
        let raw = span / Double(Swift.max(count, 1))
        return steps.first { $0 >= raw } ?? roundLength(atMost: raw) * 2
    }
}

/// Builds SVG text. Coordinates are written with at most 2 decimals and never an exponent; text is
/// XML-escaped.
struct SVGCanvas {
    private(set) var text = ""
    let width: Int
    let height: Int

    init(width: Int, height: Int, title: String) {
        self.width = width
        self.height = height
        text.reserveCapacity(64 * 1024)
        text += "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        text += "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" width=\"\(width)\" height=\"\(height)\" "
        text += "viewBox=\"0 0 \(width) \(height)\" font-family=\"DejaVu Sans, Verdana, Arial, sans-serif\">\n"
        text += "<title>\(XMLText.escaped(title))</title>\n"
    }

    static func n(_ value: Double) -> String {
        value.isFinite ? DecimalText.fixed(value, maximumFractionDigits: 2) : "0"
    }

    mutating func raw(_ element: String) {
        text += element
        text += "\n"
    }

    mutating func rect(x: Double, y: Double, width: Double, height: Double, fill: String, extra: String = "") {
        raw("<rect x=\"\(Self.n(x))\" y=\"\(Self.n(y))\" width=\"\(Self.n(width))\" height=\"\(Self.n(height))\" fill=\"\(fill)\"\(extra.isEmpty ? "" : " " + extra)/>")
    }

    mutating func line(x1: Double, y1: Double, x2: Double, y2: Double, stroke: String, width: Double, extra: String = "") {
        raw("<line x1=\"\(Self.n(x1))\" y1=\"\(Self.n(y1))\" x2=\"\(Self.n(x2))\" y2=\"\(Self.n(y2))\" stroke=\"\(stroke)\" stroke-width=\"\(Self.n(width))\"\(extra.isEmpty ? "" : " " + extra)/>")
    }

    mutating func circle(cx: Double, cy: Double, r: Double, fill: String, extra: String = "") {
        raw("<circle cx=\"\(Self.n(cx))\" cy=\"\(Self.n(cy))\" r=\"\(Self.n(r))\" fill=\"\(fill)\"\(extra.isEmpty ? "" : " " + extra)/>")
    }

    /// Text anchored at (`x`, `y`) (`anchor`: start, middle or end).
    mutating func label(_ string: String, x: Double, y: Double, size: Double = 11, anchor: String = "start",
                        fill: String = "#444444", weight: String = "normal") {
        raw("<text x=\"\(Self.n(x))\" y=\"\(Self.n(y))\" font-size=\"\(Self.n(size))\" text-anchor=\"\(anchor)\" fill=\"\(fill)\"\(weight == "normal" ? "" : " font-weight=\"\(weight)\"")>\(XMLText.escaped(string))</text>")
    }

    /// A polyline through `points`.
    mutating func polyline(_ points: [(x: Double, y: Double)], stroke: String, width: Double, extra: String = "") {
        guard points.count >= 2 else { return }
        var list = ""
        list.reserveCapacity(points.count * 14)
        for (i, p) in points.enumerated() {
            if i > 0 { list += " " }
            list += Self.n(p.x) + "," + Self.n(p.y)
        }
        raw("<polyline points=\"\(list)\" fill=\"none\" stroke=\"\(stroke)\" stroke-width=\"\(Self.n(width))\" stroke-linecap=\"round\" stroke-linejoin=\"round\"\(extra.isEmpty ? "" : " " + extra)/>")
    }

    /// A closed path through `points`.
    mutating func polygon(_ points: [(x: Double, y: Double)], fill: String, extra: String = "") {
        guard points.count >= 3 else { return }
        let list = points.map { Self.n($0.x) + "," + Self.n($0.y) }.joined(separator: " ")
        raw("<polygon points=\"\(list)\" fill=\"\(fill)\"\(extra.isEmpty ? "" : " " + extra)/>")
    }

    func finished() -> RenderedSVG {
        RenderedSVG(text: text + "</svg>\n", width: width, height: height)
    }
}

/// Percentiles of the finite values, for robust colour and axis ranges.
func percentileRange(_ values: [Double], lower: Double, upper: Double) -> (Double, Double)? {
    let finite = values.filter(\.isFinite).sorted()
    guard let first = finite.first, let last = finite.last else { return nil }
    guard finite.count > 2 else { return (first, last) }
    func at(_ p: Double) -> Double { finite[Swift.min(finite.count - 1, Swift.max(0, Int((p * Double(finite.count - 1)).rounded())))] }
    return (at(lower), at(upper))
}

/// Euclidean distance between two points in pixels.
func pixelDistance(_ a: (x: Double, y: Double), _ b: (x: Double, y: Double)) -> Double {
    let dx = a.x - b.x, dy = a.y - b.y
    return (dx * dx + dy * dy).squareRoot()
}
