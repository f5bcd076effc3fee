import WorkoutSamples
import Foundation
public import Geodesy

/// A small GeoJSON (RFC 7946) writer for routes.
public enum GeoJSON {
    /// A `Feature` whose geometry is a `LineString` (one segment with a line) or a
    /// `MultiLineString` (several), with positions `[longitude, latitude]` or
    /// `[longitude, latitude, altitude]` (RFC 7946 §3.1.1).
    ///
    /// - Positions with a non-finite latitude or longitude are dropped. A segment left with one position
    ///   is no line (RFC 7946 §3.1.4 needs two): beside lines it is dropped; when no segment has a line,
    ///   the lone positions are the geometry, a `Point` (one) or a `MultiPoint` (several), so a route of
    ///   single fixes keeps them. With no position left, `geometry` is `null` (§3.2).
    /// - `altitudes[s][i]`, when present and finite, becomes the third element of position `i` of
    ///   segment `s`; other positions have two elements.
    /// - Coordinates are written in fixed notation with `coordinateDecimals` digits (7 by default,
    ///   about 1 cm; clamped to 0...12), altitudes with 2; trailing zeros are trimmed.
    /// - Property keys are written sorted, so output is deterministic; strings are escaped per
    ///   RFC 8259 §7.
    /// - Lines crossing the antimeridian are not split (RFC 7946 §3.1.9 asks for it; not done yet).
    /// - Complexity: O(n), one string.
    public static func lineFeature(
        segments: [[GeoCoordinate]],
        altitudes: [[Double?]]? = nil,
        properties: [String: JSONValue] = [:],
        coordinateDecimals: Int = 7
    ) -> String {
        let decimals = Swift.max(0, Swift.min(coordinateDecimals, 12))
        var lines: [String] = []
        var lonePositions: [String] = []
        for (s, segment) in segments.enumerated() {
            var positions: [String] = []
            positions.reserveCapacity(segment.count)
            for (i, c) in segment.enumerated() where c.latitude.isFinite && c.longitude.isFinite {
                var position = "[" + fixed(c.longitude, decimals: decimals) + "," + fixed(c.latitude, decimals: decimals)
                if let altitudes, s < altitudes.count, i < altitudes[s].count, let altitude = altitudes[s][i], altitude.isFinite {
                    position += "," + fixed(altitude, decimals: 2)
                }
                positions.append(position + "]")
            }
            if positions.count >= 2 {
                lines.append("[" + positions.joined(separator: ",") + "]")
            } else if let position = positions.first {
                lonePositions.append(position)
            }
        }
        let geometry: String
        switch lines.count {
        case 0 where lonePositions.count == 1: geometry = #"{"type":"Point","coordinates":"# + lonePositions[0] + "}"
        case 0 where lonePositions.count > 1:
            geometry = #"{"type":"MultiPoint","coordinates":["# + lonePositions.joined(separator: ",") + "]}"
        case 0: geometry = "null"
        case 1: geometry = #"{"type":"LineString","coordinates":"# + lines[0] + "}"
        default: geometry = #"{"type":"MultiLineString","coordinates":["# + lines.joined(separator: ",") + "]}"
        }
        let props = properties.keys.sorted().map { key in
            quoted(key) + ":" + value(properties[key] ?? .null)
        }.joined(separator: ",")
        return #"{"type":"Feature","geometry":"# + geometry + #","properties":{"# + props + "}}"
    }

    /// A finite number in fixed notation with at most `decimals` fraction digits, trailing zeros trimmed:
    /// the value's exact binary expansion rounded half to even, as C's `printf("%.*f")` rounds it. Rounded
    /// from Swift's shortest round-trip digits where they decide it (`DecimalDigits.round(fractionDigits:)`,
    /// which says why), else by `printf` (a tie, or more than 15 significant digits kept).
    /// - Complexity: O(number of digits + decimals).
    static func fixed(_ number: Double, decimals: Int) -> String {
        guard number.isFinite else { return "null" }
        guard var decimal = DecimalDigits(number) else { return "0" }
        return decimal.round(fractionDigits: decimals) ? decimal.positionalText : exactlyRounded(number, decimals: decimals)
    }

    /// `fixed(_:decimals:)` by `printf`, which rounds the exact binary expansion.
    private static func exactlyRounded(_ number: Double, decimals: Int) -> String {
        var text = String(format: "%.\(decimals)f", number)
        if text.contains(".") {
            while text.hasSuffix("0") { text.removeLast() }
            if text.hasSuffix(".") { text.removeLast() }
        }
        if text == "-0" { text = "0" }
        return text
    }

    static func value(_ value: JSONValue) -> String {
        switch value {
        case .string(let s): quoted(s)
        case .bool(let b): b ? "true" : "false"
        case .null: "null"
        case .number(let n): JSONText.number(n)
        }
    }

    static func quoted(_ string: String) -> String { JSONText.quoted(string) }
}
