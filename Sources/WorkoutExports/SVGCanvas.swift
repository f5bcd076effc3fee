import WorkoutCore
import WorkoutSamples

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
