import WorkoutCore
import Foundation
import WorkoutSamples

/// Draws the analysis charts (``ChartKind/splits`` and ``ChartKind/powerCurve``) as SVG, in the style of
/// ``ChartRenderer``.
public enum AnalysisChartRenderer {
    /// The splits bar chart or the mean-maximal curve of `track`.
    /// - Throws: ``ExportError/missingData(_:)`` without splits (an untimed or very short track) or curve.
    public static func svg(_ kind: ChartKind, for track: ExportTrack, options: ChartOptions = ChartOptions()) throws(ExportError) -> RenderedSVG {
        switch kind {
        case .powerCurve: try curve(track, options: options)
        default: try splits(track, options: options)
        }
    }

    static func frame(_ options: ChartOptions) -> (width: Double, height: Double, plotWidth: Double, plotHeight: Double) {
        let width = Double(Swift.min(Swift.max(options.width, 200), 4000))
        let height = Double(Swift.min(Swift.max(options.height, 120), 3000))
        return (width, height, width - ChartRenderer.left - ChartRenderer.right, height - ChartRenderer.top - ChartRenderer.bottom)
    }

    static func splits(_ track: ExportTrack, options: ChartOptions) throws(ExportError) -> RenderedSVG {
        let units = options.units
        let splits = track.analysis.splits.splits(for: units)
        let usesSpeed = track.activity.fourthStat == .speed
        // Bar height: speed for cycling; for pace, faster must be taller: bars rise from the slowest pace
        // shown (the axis runs downwards from it).
        let values: [Double] = splits.map { split in
            let speed = split.figures.averageSpeedMetersPerSecond ?? 0
            return usesSpeed ? speed * 3600 / units.metersPerDistanceUnit : (speed > 0 ? units.metersPerDistanceUnit / speed : .nan)
        }
        let finite = values.filter(\.isFinite)
        guard !splits.isEmpty, let low = finite.min(), let high = finite.max() else { throw .missingData("splits") }
        let (width, height, plotWidth, plotHeight) = frame(options)
        let left = ChartRenderer.left, top = ChartRenderer.top
        var lowY = usesSpeed ? 0 : low - Swift.max((high - low) * 0.25, 15)
        var highY = high + Swift.max((high - low) * 0.1, usesSpeed ? 1 : 5)
        let step = usesSpeed ? NiceNumbers.tickStep(span: highY - lowY, count: 5) : NiceNumbers.timeStep(span: highY - lowY, count: 5, finest: 5)
        lowY = Swift.max(0, (lowY / step).rounded(.down) * step)
        highY = (highY / step).rounded(.up) * step
        // Pace: the slowest (largest) value at the bottom.
        func py(_ value: Double) -> Double {
            let t = (Swift.min(Swift.max(value, lowY), highY) - lowY) / (highY - lowY)
            return usesSpeed ? top + (1 - t) * plotHeight : top + t * plotHeight
        }
        let baseline = usesSpeed ? py(lowY) : py(highY)
        var canvas = SVGCanvas(width: Int(width), height: Int(height), title: "Splits of a \(track.activity.rawValue) workout")
        canvas.rect(x: 0, y: 0, width: width, height: height, fill: ExportPalette.background.hexString)
        canvas.rect(x: left, y: top, width: plotWidth, height: plotHeight, fill: "#ffffff", extra: "stroke=\"#d9d4c7\" stroke-width=\"1\"")
        var y = lowY
        while y <= highY + step * 1e-6 {
            canvas.line(x1: left, y1: py(y), x2: left + plotWidth, y2: py(y), stroke: "#e6e2d8", width: 1)
            canvas.label(usesSpeed ? DecimalText.fixed(y, maximumFractionDigits: 1) : DisplayFormatting.pace(secondsPerUnit: y),
                         x: left - 8, y: py(y) + 4, size: 11, anchor: "end")
            y += step
        }
        // One slot per whole unit; a partial split gets its share of a slot.
        let slots = splits.reduce(0.0) { $0 + ($1.isPartial ? $1.figures.distanceMeters / units.metersPerDistanceUnit : 1) }
        let slot = plotWidth / Swift.max(slots, 1)
        let color = ExportPalette.color(for: track.activity).hexString
        var x = left
        for (split, value) in zip(splits, values) {
            let share = split.isPartial ? split.figures.distanceMeters / units.metersPerDistanceUnit : 1
            let barWidth = slot * share
            if value.isFinite {
                let top = py(value)
                canvas.rect(x: x + barWidth * 0.1, y: Swift.min(top, baseline), width: barWidth * 0.8, height: abs(baseline - top),
                            fill: color, extra: "fill-opacity=\"\(split.isPartial ? "0.45" : "0.85")\"")
            }
            if slot >= 14 || split.number % 5 == 0 {
                canvas.label(split.isPartial ? DecimalText.fixed(share, maximumFractionDigits: 2) : "\(split.number)",
                             x: x + barWidth / 2, y: top + plotHeight + 16, size: 11, anchor: "middle")
            }
            x += barWidth
        }
        canvas.label("Splits", x: left, y: 26, size: 15, fill: "#1f2328", weight: "bold")
        canvas.label("\(splits.count) × \(units.distanceUnit)", x: width - ChartRenderer.right, y: 26, size: 12, anchor: "end", fill: "#444444")
        canvas.label(units == .metric ? "Kilometre" : "Mile", x: left + plotWidth / 2, y: height - 10, size: 11, anchor: "middle", fill: "#6b6b6b")
        let yTitle = usesSpeed ? units.speedUnit : units.paceUnit
        canvas.raw("<text x=\"14\" y=\"\(SVGCanvas.n(top + plotHeight / 2))\" font-size=\"11\" text-anchor=\"middle\" fill=\"#6b6b6b\" transform=\"rotate(-90 14 \(SVGCanvas.n(top + plotHeight / 2)))\">\(XMLText.escaped(yTitle))</text>")
        return canvas.finished()
    }

    static func curve(_ track: ExportTrack, options: ChartOptions) throws(ExportError) -> RenderedSVG {
        let units = options.units
        let curves = track.analysis.meanMaximal
        let isPower = !curves.powerWatts.isEmpty
        let usesSpeed = !isPower && track.activity.fourthStat == .speed
        let points: [(seconds: Double, value: Double)] = isPower
            ? curves.powerWatts.points.map { (Double($0.seconds), $0.value) }
            : curves.speedMetersPerSecond.points.compactMap { point in
                guard point.value > 0 else { return nil }
                let value = usesSpeed ? point.value * 3600 / units.metersPerDistanceUnit : units.metersPerDistanceUnit / point.value
                return (Double(point.seconds), value)
            }
        guard points.count >= 2, let low = points.map(\.value).min(), let high = points.map(\.value).max(),
              let first = points.first?.seconds, let last = points.last?.seconds else { throw .missingData(isPower ? "power" : "timed movement") }
        let (width, height, plotWidth, plotHeight) = frame(options)
        let left = ChartRenderer.left, top = ChartRenderer.top
        let isPace = !isPower && !usesSpeed
        var lowY = isPace ? low - (high - low) * 0.08 : 0
        var highY = high + (high - low) * 0.08 + (high == low ? 1 : 0)
        let step = isPace ? NiceNumbers.timeStep(span: highY - lowY, count: 5, finest: 5) : NiceNumbers.tickStep(span: highY - lowY, count: 5)
        lowY = Swift.max(0, (lowY / step).rounded(.down) * step)
        highY = (highY / step).rounded(.up) * step
        func px(_ seconds: Double) -> Double {
            left + (log(seconds) - log(first)) / Swift.max(log(last) - log(first), 1e-9) * plotWidth
        }
        func py(_ value: Double) -> Double {
            let t = (Swift.min(Swift.max(value, lowY), highY) - lowY) / (highY - lowY)
            return isPace ? top + t * plotHeight : top + (1 - t) * plotHeight
        }
        let title = isPower ? "Power curve" : isPace ? "Pace curve" : "Speed curve"
        var canvas = SVGCanvas(width: Int(width), height: Int(height), title: "\(title) of a \(track.activity.rawValue) workout")
        canvas.rect(x: 0, y: 0, width: width, height: height, fill: ExportPalette.background.hexString)
        canvas.rect(x: left, y: top, width: plotWidth, height: plotHeight, fill: "#ffffff", extra: "stroke=\"#d9d4c7\" stroke-width=\"1\"")
        var y = lowY
        while y <= highY + step * 1e-6 {
            canvas.line(x1: left, y1: py(y), x2: left + plotWidth, y2: py(y), stroke: "#e6e2d8", width: 1)
            canvas.label(isPace ? DisplayFormatting.pace(secondsPerUnit: y) : DecimalText.fixed(y, maximumFractionDigits: 1),
                         x: left - 8, y: py(y) + 4, size: 11, anchor: "end")
            y += step
        }
        for point in points {
            canvas.line(x1: px(point.seconds), y1: top, x2: px(point.seconds), y2: top + plotHeight, stroke: "#eeebe3", width: 1)
            let seconds = Int(point.seconds)
            let text = seconds < 60 ? "\(seconds)s" : seconds < 3600 ? "\(seconds / 60)m" : "\(seconds / 3600)h"
            if [1, 5, 15, 30, 60, 300, 600, 1200, 3600].contains(seconds) {
                canvas.label(text, x: px(point.seconds), y: top + plotHeight + 16, size: 11, anchor: "middle")
            }
        }
        let color = isPower ? RGBColor(hex: 0x7B3FA0) : ExportPalette.color(for: track.activity)
        let drawn = points.map { (x: px($0.seconds), y: py($0.value)) }
        canvas.polyline(drawn, stroke: color.hexString, width: 2)
        for p in drawn { canvas.circle(cx: p.x, cy: p.y, r: 2.5, fill: color.hexString) }
        canvas.label(title, x: left, y: 26, size: 15, fill: "#1f2328", weight: "bold")
        if let load = track.analysis.trainingLoad, let np = load.normalizedPowerWatts, isPower {
            canvas.label("NP \(DisplayFormatting.fixed(np, digits: 0)) W", x: width - ChartRenderer.right, y: 26, size: 12, anchor: "end", fill: "#444444")
        }
        canvas.label("Duration (log scale)", x: left + plotWidth / 2, y: height - 10, size: 11, anchor: "middle", fill: "#6b6b6b")
        let yTitle = isPower ? "W" : isPace ? units.paceUnit : units.speedUnit
        canvas.raw("<text x=\"14\" y=\"\(SVGCanvas.n(top + plotHeight / 2))\" font-size=\"11\" text-anchor=\"middle\" fill=\"#6b6b6b\" transform=\"rotate(-90 14 \(SVGCanvas.n(top + plotHeight / 2)))\">\(XMLText.escaped(yTitle))</text>")
        return canvas.finished()
    }
}
