import WorkoutCore
import WorkoutSamples

/// Draws a workout's charts as SVG.
///
/// Time charts run on the session's running time (pauses taken out), with a dashed line where each
/// pause was; lines break at pauses. Pace and speed are the engine's values at each fix (device speed
/// when reported, else the position smoother's), averaged over ±5 fixes; the pace axis spans the 2nd
/// to 98th percentile so a stop does not flatten the chart. Axes use round steps ({1, 2, 2.5, 5} ×
/// 10ⁿ; time in whole minutes or hours).
public enum ChartRenderer {
    static let left = 64.0, right = 28.0, top = 44.0, bottom = 46.0

    /// The chart `kind` of `track`.
    /// - Throws: ``ExportError/emptyRoute`` without fixes, ``ExportError/missingData(_:)`` when the
    ///   track lacks what the chart shows.
    /// - Complexity: O(n).
    public static func svg(_ kind: ChartKind, for track: ExportTrack, options: ChartOptions = ChartOptions()) throws(ExportError) -> RenderedSVG {
        // The analysis charts need no route (a trainer ride has a power curve).
        if kind == .splits || kind == .powerCurve { return try AnalysisChartRenderer.svg(kind, for: track, options: options) }
        guard track.pointCount > 0 else { throw .emptyRoute }
        let units = options.units
        let width = Double(Swift.min(Swift.max(options.width, 200), 4000))
        let height = Double(Swift.min(Swift.max(options.height, 120), 3000))
        let plotWidth = width - left - right, plotHeight = height - top - bottom

        // Series: runs of (x, y) points, one or more per segment.
        var runs: [[(x: Double, y: Double)]] = []
        var pauses: [Double] = []
        let xTitle: String, yTitle: String, title: String
        var invertY = false
        let usesTime = kind != .elevation
        for (s, segment) in track.segments.enumerated() {
            var run: [(x: Double, y: Double)] = []
            let ys: [Double?]
            switch kind {
            case .elevation: ys = segment.map { $0.location.altitudeMeters.flatMap { $0.isFinite ? (units == .metric ? $0 : $0 / 0.3048) : nil } }
            case .pace: ys = smoothed(segment.map { $0.paceSecondsPerKilometer.map { $0 * units.metersPerDistanceUnit / 1000 } })
            case .speed: ys = smoothed(segment.map { $0.speedMetersPerSecond.map { $0 * 3600 / units.metersPerDistanceUnit } })
            case .heartRate: ys = segment.map(\.heartRate)
            case .splits, .powerCurve: ys = []
            }
            for (i, point) in segment.enumerated() {
                let x = usesTime ? point.elapsedSeconds : point.distanceMeters / units.metersPerDistanceUnit
                guard let x, x.isFinite, let y = ys[i], y.isFinite else {
                    if run.count > 0 { runs.append(run); run = [] }
                    continue
                }
                run.append((x, y))
            }
            if !run.isEmpty { runs.append(run) }
            if s > 0, usesTime, let x = segment.first?.elapsedSeconds { pauses.append(x) }
        }
        switch kind {
        case .elevation:
            title = "Elevation"; xTitle = "Distance (\(units.distanceUnit))"; yTitle = units == .metric ? "m" : "ft"
        case .pace:
            title = "Pace"; xTitle = "Time"; yTitle = units.paceUnit; invertY = true
        case .speed:
            title = "Speed"; xTitle = "Time"; yTitle = units.speedUnit
        case .heartRate, .splits, .powerCurve:
            title = "Heart rate"; xTitle = "Time"; yTitle = "bpm"
        }
        let allY = runs.flatMap { $0.map(\.y) }
        let allX = runs.flatMap { $0.map(\.x) }
        guard allX.min() != nil, let maxX = allX.max(), !allY.isEmpty else {
            switch kind {
            case .elevation: throw .missingData("elevation")
            case .pace, .speed: throw .missingData(usesTime ? "timed movement" : "distance")
            case .heartRate, .splits, .powerCurve: throw .missingData("heart rate")
            }
        }

        // Y range: percentiles for pace (stops are outliers), full range otherwise; then round ticks.
        var (lowY, highY) = kind == .pace ? (percentileRange(allY, lower: 0.02, upper: 0.98) ?? (0, 1)) : (allY.min() ?? 0, allY.max() ?? 1)
        let zones = kind == .heartRate ? knownZones(track.metrics) : nil
        if kind == .speed { lowY = 0 }
        if highY - lowY < 1e-9 { lowY -= 1; highY += 1 }
        let padding = (highY - lowY) * 0.08
        if kind != .speed { lowY -= padding }
        highY += padding
        if kind == .elevation || kind == .speed || kind == .pace { lowY = Swift.max(lowY, kind == .elevation ? -Double.infinity : 0) }
        let yStep = kind == .pace ? NiceNumbers.timeStep(span: highY - lowY, count: 5, finest: 5) : NiceNumbers.tickStep(span: highY - lowY, count: 5)
        lowY = (lowY / yStep).rounded(.down) * yStep
        highY = (highY / yStep).rounded(.up) * yStep
        // Both axes of x start at the workout's start.
        let minX = 0.0
        let spanX = Swift.max(maxX - minX, usesTime ? 60 : 0.1)
        let xEnd = minX + spanX

        func px(_ x: Double) -> Double { left + (x - minX) / spanX * plotWidth }
        func py(_ y: Double) -> Double {
            let t = (Swift.min(Swift.max(y, lowY), highY) - lowY) / (highY - lowY)
            return invertY ? top + t * plotHeight : top + (1 - t) * plotHeight
        }

        var canvas = SVGCanvas(width: Int(width), height: Int(height), title: "\(title) of a \(track.activity.rawValue) workout")
        canvas.rect(x: 0, y: 0, width: width, height: height, fill: ExportPalette.background.hexString)
        canvas.rect(x: left, y: top, width: plotWidth, height: plotHeight, fill: "#ffffff", extra: "stroke=\"#d9d4c7\" stroke-width=\"1\"")

        if let zones {
            for zone in 1...5 {
                let low = Swift.max(zones.lowerBPM(zone: zone), lowY), high = Swift.min(zones.upperBPM(zone: zone), highY)
                let bandHigh = zone == 5 ? highY : high
                guard bandHigh > low else { continue }
                canvas.rect(x: left, y: py(bandHigh), width: plotWidth, height: py(low) - py(bandHigh),
                            fill: ExportPalette.zoneColors[zone - 1].hexString, extra: "fill-opacity=\"0.45\"")
                canvas.label("Z\(zone)", x: left + plotWidth - 6, y: (py(bandHigh) + py(low)) / 2 + 4, size: 10, anchor: "end", fill: "#555555")
            }
        }

        // Climbs, shaded under the elevation profile (see ``ClimbDetector``).
        if kind == .elevation {
            for climb in track.analysis.climbs {
                let x0 = px(climb.startDistanceMeters / units.metersPerDistanceUnit), x1 = px(climb.endDistanceMeters / units.metersPerDistanceUnit)
                canvas.rect(x: x0, y: top, width: Swift.max(x1 - x0, 1), height: plotHeight, fill: "#f4a261", extra: "fill-opacity=\"0.22\" class=\"climb\"")
                if let category = climb.category {
                    canvas.label(category == .hors ? "HC" : "Cat \(category.rawValue)", x: (x0 + x1) / 2, y: top + 14, size: 10, anchor: "middle", fill: "#8a4b14")
                }
            }
        }

        // Grid and axes.
        var y = lowY
        while y <= highY + yStep * 1e-6 {
            canvas.line(x1: left, y1: py(y), x2: left + plotWidth, y2: py(y), stroke: "#e6e2d8", width: 1)
            let text = kind == .pace ? DisplayFormatting.pace(secondsPerUnit: y) : DecimalText.fixed(y, maximumFractionDigits: 1)
            canvas.label(text, x: left - 8, y: py(y) + 4, size: 11, anchor: "end")
            y += yStep
        }
        let xStep = usesTime ? NiceNumbers.timeStep(span: spanX) : NiceNumbers.tickStep(span: spanX, count: 6)
        var x = (minX / xStep).rounded(.up) * xStep
        while x <= xEnd + xStep * 1e-6 {
            canvas.line(x1: px(x), y1: top, x2: px(x), y2: top + plotHeight, stroke: "#eeebe3", width: 1)
            let text = usesTime ? DisplayFormatting.duration(seconds: x) : DecimalText.fixed(x, maximumFractionDigits: 2)
            canvas.label(text, x: px(x), y: top + plotHeight + 16, size: 11, anchor: "middle")
            x += xStep
        }
        for pause in pauses {
            canvas.line(x1: px(pause), y1: top, x2: px(pause), y2: top + plotHeight, stroke: "#6b7280", width: 1,
                        extra: "stroke-dasharray=\"4 3\"")
        }

        // The series.
        let color = kind == .heartRate ? RGBColor(hex: 0xC0392B) : ExportPalette.color(for: track.activity)
        for run in runs {
            let points = run.map { (x: px($0.x), y: py($0.y)) }
            if kind == .elevation, let first = points.first, let last = points.last {
                canvas.polygon(points + [(last.x, top + plotHeight), (first.x, top + plotHeight)],
                               fill: color.hexString, extra: "fill-opacity=\"0.22\"")
            }
            if points.count == 1, let p = points.first {
                canvas.circle(cx: p.x, cy: p.y, r: 1.5, fill: color.hexString)
            }
            canvas.polyline(RouteMapRenderer.decimated(points), stroke: color.hexString, width: 1.8)
        }

        // Titles.
        canvas.label(title, x: left, y: 26, size: 15, fill: "#1f2328", weight: "bold")
        canvas.label(statLine(kind, track: track, units: units, values: allY), x: width - right, y: 26, size: 12, anchor: "end", fill: "#444444")
        canvas.label(xTitle, x: left + plotWidth / 2, y: height - 10, size: 11, anchor: "middle", fill: "#6b6b6b")
        canvas.raw("<text x=\"14\" y=\"\(SVGCanvas.n(top + plotHeight / 2))\" font-size=\"11\" text-anchor=\"middle\" fill=\"#6b6b6b\" transform=\"rotate(-90 14 \(SVGCanvas.n(top + plotHeight / 2)))\">\(XMLText.escaped(yTitle))</text>")
        return canvas.finished()
    }

    /// The zone bounds when the athlete's maximum heart rate or age is known (an assumed age gives
    /// zones too uncertain to shade).
    static func knownZones(_ metrics: WorkoutSnapshot) -> HeartRateZoneBounds? {
        let assumed = metrics.profile.assumed
        guard !(assumed.contains(.init(.maxHeartRate)) && assumed.contains(.init(.ageYears))) else { return nil }
        return HeartRateZoneBounds(profile: metrics.profile)
    }

    /// The mean over ±5 neighbours of each value (gaps stay gaps).
    static func smoothed(_ values: [Double?]) -> [Double?] {
        values.indices.map { i in
            guard values[i] != nil else { return nil }
            let window = values[Swift.max(0, i - 5)...Swift.min(values.count - 1, i + 5)].compactMap { $0 }
            return window.reduce(0, +) / Double(window.count)
        }
    }

    static func statLine(_ kind: ChartKind, track: ExportTrack, units: DisplayUnits, values: [Double]) -> String {
        let m = track.metrics
        switch kind {
        case .elevation:
            let factor = units == .metric ? 1 : 1 / 0.3048, unit = units == .metric ? "m" : "ft"
            let gain = m.elevationGainMeters.map { "+\(DisplayFormatting.fixed($0 * factor, digits: 0)) \(unit)" } ?? ""
            let loss = m.elevationLossMeters.map { "−\(DisplayFormatting.fixed($0 * factor, digits: 0)) \(unit)" } ?? ""
            return [gain, loss].filter { !$0.isEmpty }.joined(separator: "  ")
        case .pace:
            guard let elapsed = m.elapsedSeconds, m.distanceMeters > 0 else { return "" }
            return "average \(DisplayFormatting.pace(secondsPerUnit: elapsed / (m.distanceMeters / units.metersPerDistanceUnit))) \(units.paceUnit)"
        case .speed:
            guard let elapsed = m.elapsedSeconds, elapsed > 0 else { return "" }
            return "average \(DisplayFormatting.fixed(m.distanceMeters / elapsed * 3600 / units.metersPerDistanceUnit, digits: 1)) \(units.speedUnit)"
        case .heartRate:
            var parts: [String] = []
            if let average = m.heartRateAverage { parts.append("average \(DisplayFormatting.fixed(average, digits: 0)) bpm") }
            if let maximum = m.heartRateMaximum { parts.append("max \(DisplayFormatting.fixed(maximum, digits: 0))") }
            return parts.joined(separator: " · ")
        case .splits, .powerCurve:
            return ""
        }
    }
}
