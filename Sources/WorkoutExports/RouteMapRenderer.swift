import SessionSupport
import WorkoutCore
import WorkoutSamples
import Geodesy

/// Draws a workout's route as an SVG map.
///
/// - The route is projected with ``/Geodesy/LocalProjection`` (azimuthal equidistant on WGS84, centred
///   on the route's bounds), so metres are the same length in every direction, and scaled to fit the
///   drawing area with north up.
/// - Each segment is its own line; segments separated by a pause or gap are not joined.
/// - The line fades along its length from 90 % to 40 % opacity of the activity's colour
///   (``ExportPalette/color(for:)``), composited over the background so overlapping joints never
///   darken; or it is coloured by pace, heart rate or elevation on ``ExportPalette/ramp`` between
///   the 5th and 95th percentiles, with a legend.
/// - The start is a circle in the activity's colour with a symbol for the activity (chevrons for
///   running, one chevron for walking, a peak for hiking, two wheels for cycling), the end a
///   chequered circle, each pause (the end of a segment, or an unrecorded gap inside one) a grey circle with
///   a pause sign.
/// - The scale bar is the longest round length ({1, 2, 5} × 10ⁿ m, km, ft or mi) that fits in a
///   quarter of the drawing width; a faint grid at the same spacing.
public enum RouteMapRenderer {
    static let marginX = 24.0
    static let headerHeight = 56.0
    static let footerHeight = 48.0

    /// The map of `track`.
    /// - Throws: ``ExportError/emptyRoute`` without fixes; ``ExportError/projection(_:)``.
    /// - Complexity: O(n) in the fixes; one PROJ batch per segment.
    public static func svg(for track: ExportTrack, options: RouteMapOptions = RouteMapOptions()) throws(ExportError) -> RenderedSVG {
        let segments = track.segments.filter { !$0.isEmpty }
        guard !segments.isEmpty else { throw .emptyRoute }
        let latitudes = segments.flatMap { $0.map(\.location.latitude) }
        let longitudes = segments.flatMap { $0.map(\.location.longitude) }
        let projection: LocalProjection
        do {
            projection = try LocalProjection(fitting: latitudes, longitudes: longitudes)
        } catch {
            throw .projection("\(error)")
        }
        var projected: [[(x: Double, y: Double)]] = []
        var minX = Double.infinity, maxX = -Double.infinity, minY = Double.infinity, maxY = -Double.infinity
        for segment in segments {
            let (xs, ys) = projection.project(latitudes: segment.map(\.location.latitude), longitudes: segment.map(\.location.longitude))
            var points: [(x: Double, y: Double)] = []
            points.reserveCapacity(xs.count)
            for i in 0..<xs.count {
                let x = xs[i].isFinite ? xs[i] : 0, y = ys[i].isFinite ? ys[i] : 0
                points.append((x, y))
                minX = Swift.min(minX, x); maxX = Swift.max(maxX, x)
                minY = Swift.min(minY, y); maxY = Swift.max(maxY, y)
            }
            projected.append(points)
        }
        // A stationary track still gets a 100 m frame.
        let spanX = Swift.max(maxX - minX, 100), spanY = Swift.max(maxY - minY, 100)
        let centerX = (minX + maxX) / 2, centerY = (minY + maxY) / 2

        let width = Double(Swift.min(Swift.max(options.width, 200), 4000))
        let drawWidth = width - 2 * marginX
        let drawHeight: Double
        if let height = options.height {
            drawHeight = Swift.max(Double(height) - headerHeight - footerHeight, 50)
        } else {
            drawHeight = Swift.min(Swift.max(drawWidth * spanY / spanX, drawWidth * 0.45), drawWidth * 1.2)
        }
        let height = (drawHeight + headerHeight + footerHeight).rounded()
        // 16 px of air inside the drawing area.
        let scale = Swift.min((drawWidth - 32) / spanX, (drawHeight - 32) / spanY)
        let originX = marginX + drawWidth / 2, originY = headerHeight + drawHeight / 2
        func pixel(_ p: (x: Double, y: Double)) -> (x: Double, y: Double) {
            (originX + (p.x - centerX) * scale, originY - (p.y - centerY) * scale)
        }
        let pixels = projected.map { $0.map(pixel) }

        var canvas = SVGCanvas(width: Int(width), height: Int(height), title: "\(ExportPalette.displayName(of: track.activity)) route")
        let background = ExportPalette.background
        canvas.rect(x: 0, y: 0, width: width, height: height, fill: background.hexString)
        canvas.rect(x: marginX, y: headerHeight, width: drawWidth, height: drawHeight, fill: "#ffffff",
                    extra: "stroke=\"#d9d4c7\" stroke-width=\"1\"")

        let scaleBar = ScaleBar(metersPerPixel: 1 / scale, maximumPixels: drawWidth * 0.25, units: options.units)
        drawGrid(&canvas, spacingPixels: scaleBar.pixels, left: marginX, top: headerHeight, width: drawWidth, height: drawHeight,
                 originX: originX - centerX * scale, originY: originY + centerY * scale)

        // Values per fix and the colour of each.
        let activityColor = ExportPalette.color(for: track.activity)
        let values = segments.map { $0.map { value(of: $0, coloring: options.coloring) } }
        let range = percentileRange(values.flatMap { $0.compactMap { $0 } }, lower: 0.05, upper: 0.95)
        let totalLength = pixels.reduce(0.0) { $0 + pathLength($1) }

        // White casing under the whole route keeps it readable where it crosses itself.
        for line in pixels { canvas.polyline(decimated(line), stroke: "#ffffff", width: 6.5) }
        var lengthSoFar = 0.0
        for (s, line) in pixels.enumerated() {
            let buckets: [Int]
            var colors: [Int: String] = [:]
            switch options.coloring {
            case .none:
                var fractions: [Double] = []
                var along = lengthSoFar
                for (i, p) in line.enumerated() {
                    if i > 0 { along += pixelDistance(p, line[i - 1]) }
                    fractions.append(totalLength > 0 ? along / totalLength : 0)
                }
                lengthSoFar = along
                let steps = 40
                buckets = fractions.map { Swift.min(Int($0 * Double(steps)), steps - 1) }
                for bucket in Set(buckets) {
                    let opacity = 0.9 - 0.5 * (Double(bucket) + 0.5) / Double(steps)
                    colors[bucket] = activityColor.composited(over: .init(hex: 0xFFFFFF), opacity: opacity).hexString
                }
            default:
                let steps = 48
                buckets = values[s].map { value in
                    guard let value, let (low, high) = range else { return -1 }
                    let t = high > low ? (value - low) / (high - low) : 0.5
                    return Swift.min(Swift.max(Int(t * Double(steps)), 0), steps - 1)
                }
                for bucket in Set(buckets) {
                    colors[bucket] = bucket < 0 ? "#9aa0a6" : ExportPalette.rampColor((Double(bucket) + 0.5) / Double(steps)).hexString
                }
            }
            drawPieces(&canvas, line: line, buckets: buckets, colors: colors)
        }

        // The end, the start, then a pause marker at the end of every segment but the last; a pause
        // that would hide the start or end marker is moved clear of it, with a leader line to its place.
        if let start = pixels.first?.first, let end = pixels.last?.last {
            let overlapping = pixelDistance(start, end) < 18
            drawEndMarker(&canvas, at: end, radius: overlapping ? 15 : 9)
            drawStartMarker(&canvas, at: start, activity: track.activity, color: activityColor)
            var pauses = pixels.dropLast().compactMap(\.last)
            for (s, segment) in segments.enumerated() {
                for i in segment.indices.dropFirst() where segment[i].followsPause { pauses.append(pixels[s][i - 1]) }
            }
            for p in pauses {
                var at = p
                for anchor in [start, end] where pixelDistance(at, anchor) < 20 {
                    let d = pixelDistance(p, anchor)
                    let (ux, uy) = d > 0.5 ? ((p.x - anchor.x) / d, (p.y - anchor.y) / d) : (0.7071, -0.7071)
                    at = (anchor.x + ux * 22, anchor.y + uy * 22)
                }
                if pixelDistance(at, p) > 0.5 {
                    canvas.line(x1: p.x, y1: p.y, x2: at.x, y2: at.y, stroke: "#6b7280", width: 1.2)
                }
                drawPauseMarker(&canvas, at: at)
            }
        }

        drawHeader(&canvas, track: track, units: options.units, width: width)
        if options.coloring != .none, let range {
            drawLegend(&canvas, coloring: options.coloring, range: range, units: options.units, right: width - marginX)
        }
        drawScaleBar(&canvas, scaleBar, left: marginX, baseline: headerHeight + drawHeight + 30)
        drawMarkerKey(&canvas, right: width - marginX, baseline: headerHeight + drawHeight + 30, color: activityColor,
                      activity: track.activity, showsPause: pixels.count > 1 || segments.contains { $0.contains(where: \.followsPause) })
        return canvas.finished()
    }

    /// The value a fix is coloured by (pace is coloured by speed, so faster is warmer).
    static func value(of point: ExportPoint, coloring: RouteColoring) -> Double? {
        switch coloring {
        case .none: nil
        case .pace: point.paceSecondsPerKilometer.map { 1000 / $0 }
        case .heartRate: point.heartRate
        case .elevation: point.location.altitudeMeters.flatMap { $0.isFinite ? $0 : nil }
        }
    }

    static func pathLength(_ line: [(x: Double, y: Double)]) -> Double {
        var total = 0.0
        for i in line.indices.dropFirst() { total += pixelDistance(line[i], line[i - 1]) }
        return total
    }

    /// Drops points closer than 0.6 px to the previous kept one (keeps the last).
    static func decimated(_ line: [(x: Double, y: Double)]) -> [(x: Double, y: Double)] {
        guard line.count > 2 else { return line }
        var kept = [line[0]]
        for p in line.dropFirst().dropLast() {
            if let last = kept.last, pixelDistance(p, last) >= 0.6 { kept.append(p) }
        }
        if let last = line.last { kept.append(last) }
        return kept
    }

    /// One polyline per run of equal colour; neighbouring runs share their boundary point.
    static func drawPieces(_ canvas: inout SVGCanvas, line: [(x: Double, y: Double)], buckets: [Int], colors: [Int: String]) {
        guard line.count >= 2 else {
            if let p = line.first { canvas.circle(cx: p.x, cy: p.y, r: 2.5, fill: colors[buckets.first ?? 0] ?? "#888888") }
            return
        }
        var start = 0
        while start < line.count - 1 {
            let bucket = buckets[start]
            var end = start + 1
            while end < line.count - 1, buckets[end] == bucket { end += 1 }
            canvas.polyline(decimated(Array(line[start...end])), stroke: colors[bucket] ?? "#888888", width: 3.5)
            start = end
        }
    }

    static func drawGrid(_ canvas: inout SVGCanvas, spacingPixels: Double, left: Double, top: Double, width: Double, height: Double,
                         originX: Double, originY: Double) {
        guard spacingPixels >= 8 else { return }
        var x = originX - (((originX - left) / spacingPixels).rounded(.down)) * spacingPixels
        while x <= left + width {
            if x > left { canvas.line(x1: x, y1: top, x2: x, y2: top + height, stroke: "#efece4", width: 1) }
            x += spacingPixels
        }
        var y = originY - (((originY - top) / spacingPixels).rounded(.down)) * spacingPixels
        while y <= top + height {
            if y > top { canvas.line(x1: left, y1: y, x2: left + width, y2: y, stroke: "#efece4", width: 1) }
            y += spacingPixels
        }
    }

    static func drawStartMarker(_ canvas: inout SVGCanvas, at p: (x: Double, y: Double), activity: ActivityType, color: RGBColor) {
        canvas.circle(cx: p.x, cy: p.y, r: 11, fill: color.hexString, extra: "stroke=\"#ffffff\" stroke-width=\"2.5\"")
        canvas.raw(activitySymbol(activity, x: p.x, y: p.y, scale: 1))
    }

    /// A white symbol for the activity, about 12 px across, centred on (`x`, `y`).
    static func activitySymbol(_ activity: ActivityType, x: Double, y: Double, scale: Double) -> String {
        func path(_ points: [(Double, Double)]) -> String {
            points.enumerated().map { i, p in "\(i == 0 ? "M" : "L")\(SVGCanvas.n(x + p.0 * scale)) \(SVGCanvas.n(y + p.1 * scale))" }
                .joined(separator: " ")
        }
        let stroke = "fill=\"none\" stroke=\"#ffffff\" stroke-width=\"\(SVGCanvas.n(2 * scale))\" stroke-linecap=\"round\" stroke-linejoin=\"round\""
        switch activity {
        case .running:
            return "<path d=\"\(path([(-5, -4), (-1, 0), (-5, 4)])) \(path([(0, -4), (4, 0), (0, 4)]))\" \(stroke)/>"
        case .walking:
            return "<path d=\"\(path([(-2, -4.5), (2.5, 0), (-2, 4.5)]))\" \(stroke)/>"
        case .hiking:
            return "<path d=\"\(path([(-6, 4), (-1.5, -3.5), (1, 0.5), (2.5, -1.5), (6, 4), (-6, 4)]))\" fill=\"#ffffff\" stroke=\"none\"/>"
        case .cycling:
            let r = SVGCanvas.n(2.8 * scale)
            return "<g \(stroke)><circle cx=\"\(SVGCanvas.n(x - 3.6 * scale))\" cy=\"\(SVGCanvas.n(y + 1.5 * scale))\" r=\"\(r)\"/>"
                + "<circle cx=\"\(SVGCanvas.n(x + 3.6 * scale))\" cy=\"\(SVGCanvas.n(y + 1.5 * scale))\" r=\"\(r)\"/>"
                + "<path d=\"\(path([(-3.6, 1.5), (-0.5, -3), (3.6, 1.5)]))\"/></g>"
        }
    }

    static func drawEndMarker(_ canvas: inout SVGCanvas, at p: (x: Double, y: Double), radius: Double) {
        canvas.circle(cx: p.x, cy: p.y, r: radius, fill: "#1f2328", extra: "stroke=\"#ffffff\" stroke-width=\"2\"")
        let c = 3.0
        canvas.rect(x: p.x - c, y: p.y - c, width: c, height: c, fill: "#ffffff")
        canvas.rect(x: p.x, y: p.y, width: c, height: c, fill: "#ffffff")
    }

    static func drawPauseMarker(_ canvas: inout SVGCanvas, at p: (x: Double, y: Double)) {
        canvas.circle(cx: p.x, cy: p.y, r: 7, fill: "#6b7280", extra: "stroke=\"#ffffff\" stroke-width=\"1.5\"")
        canvas.rect(x: p.x - 2.8, y: p.y - 3.2, width: 1.8, height: 6.4, fill: "#ffffff")
        canvas.rect(x: p.x + 1, y: p.y - 3.2, width: 1.8, height: 6.4, fill: "#ffffff")
    }

    static func drawHeader(_ canvas: inout SVGCanvas, track: ExportTrack, units: DisplayUnits, width: Double) {
        let m = track.metrics
        var parts = [ExportPalette.displayName(of: track.activity)]
        parts.append(DisplayFormatting.fixed(m.distanceMeters / units.metersPerDistanceUnit, digits: 2) + " " + units.distanceUnit)
        if let elapsed = m.elapsedSeconds { parts.append(DisplayFormatting.longDuration(seconds: elapsed)) }
        canvas.label(parts.joined(separator: " · "), x: marginX, y: 26, size: 16, fill: "#1f2328", weight: "bold")
        if let start = m.startTime {
            let date = (ISO8601Text.string(secondsSince1970: start) ?? "-").prefix(16).map { $0 == "T" ? " " : $0 }
            canvas.label("\(String(date)) UTC", x: marginX, y: 44, size: 11, fill: "#6b6b6b")
        }
    }

    /// Legend text for a value of the colouring.
    static func legendText(_ value: Double, coloring: RouteColoring, units: DisplayUnits) -> String {
        switch coloring {
        case .none: ""
        case .pace: DisplayFormatting.pace(secondsPerUnit: units.metersPerDistanceUnit / value)
        case .heartRate: DisplayFormatting.fixed(value, digits: 0)
        case .elevation: DisplayFormatting.fixed(units == .metric ? value : value / 0.3048, digits: 0)
        }
    }

    static func legendTitle(_ coloring: RouteColoring, units: DisplayUnits) -> String {
        switch coloring {
        case .none: ""
        case .pace: "Pace (\(units.paceUnit))"
        case .heartRate: "Heart rate (bpm)"
        case .elevation: "Elevation (\(units == .metric ? "m" : "ft"))"
        }
    }

    static func drawLegend(_ canvas: inout SVGCanvas, coloring: RouteColoring, range: (Double, Double), units: DisplayUnits, right: Double) {
        let barWidth = 180.0, barHeight = 10.0
        let left = right - barWidth, top = 18.0
        var gradient = "<defs><linearGradient id=\"legend-ramp\" x1=\"0\" y1=\"0\" x2=\"1\" y2=\"0\">"
        for (i, color) in ExportPalette.ramp.enumerated() {
            gradient += "<stop offset=\"\(SVGCanvas.n(Double(i) / Double(ExportPalette.ramp.count - 1)))\" stop-color=\"\(color.hexString)\"/>"
        }
        canvas.raw(gradient + "</linearGradient></defs>")
        canvas.label(legendTitle(coloring, units: units), x: left, y: top - 4, size: 11, fill: "#1f2328")
        canvas.rect(x: left, y: top, width: barWidth, height: barHeight, fill: "url(#legend-ramp)", extra: "stroke=\"#bbbbbb\" stroke-width=\"0.5\"")
        canvas.label(legendText(range.0, coloring: coloring, units: units), x: left, y: top + barHeight + 13, size: 11, anchor: "start")
        canvas.label(legendText(range.1, coloring: coloring, units: units), x: right, y: top + barHeight + 13, size: 11, anchor: "end")
        let middle = (range.0 + range.1) / 2
        canvas.label(legendText(middle, coloring: coloring, units: units), x: left + barWidth / 2, y: top + barHeight + 13, size: 11, anchor: "middle")
    }

    static func drawScaleBar(_ canvas: inout SVGCanvas, _ bar: ScaleBar, left: Double, baseline: Double) {
        let half = bar.pixels / 2
        canvas.rect(x: left, y: baseline - 6, width: half, height: 6, fill: "#1f2328")
        canvas.rect(x: left + half, y: baseline - 6, width: half, height: 6, fill: "#ffffff", extra: "stroke=\"#1f2328\" stroke-width=\"1\"")
        canvas.rect(x: left, y: baseline - 6, width: bar.pixels, height: 6, fill: "none", extra: "stroke=\"#1f2328\" stroke-width=\"1\"")
        canvas.label("0", x: left, y: baseline + 12, size: 10, anchor: "middle")
        canvas.label(bar.label, x: left + bar.pixels, y: baseline + 12, size: 10, anchor: "middle")
    }

    static func drawMarkerKey(_ canvas: inout SVGCanvas, right: Double, baseline: Double, color: RGBColor, activity: ActivityType, showsPause: Bool) {
        var x = right
        let y = baseline - 3
        func item(_ text: String, width: Double, draw: (inout SVGCanvas, Double) -> Void) {
            x -= width
            draw(&canvas, x)
            canvas.label(text, x: x + 12, y: y + 4, size: 11)
            x -= 14
        }
        item("Finish", width: 50) { canvas, at in drawEndMarker(&canvas, at: (at, y), radius: 7) }
        if showsPause { item("Pause", width: 50) { canvas, at in drawPauseMarker(&canvas, at: (at, y)) } }
        item("Start", width: 46) { canvas, at in
            canvas.circle(cx: at, cy: y, r: 8, fill: color.hexString, extra: "stroke=\"#ffffff\" stroke-width=\"1.5\"")
            canvas.raw(activitySymbol(activity, x: at, y: y, scale: 0.7))
        }
    }
}
