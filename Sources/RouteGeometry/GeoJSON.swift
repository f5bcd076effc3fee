import WorkoutSamples
import Foundation
public import Geodesy

/// A small GeoJSON (RFC 7946) writer for routes.
public enum GeoJSON {
    /// A `Feature` whose geometry is a `LineString` (one segment with a line) or a
    /// `MultiLineString` (several), with positions `[longitude, latitude]` or
    /// `[longitude, latitude, altitude]` (RFC 7946 §3.1.1).
    ///
    /// - Positions with a non-finite latitude or longitude are dropped; segments left with fewer than
    ///   two positions are dropped (RFC 7946 §3.1.4 needs two); with none left, `geometry` is `null`
    ///   (§3.2).
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
            if positions.count >= 2 { lines.append("[" + positions.joined(separator: ",") + "]") }
        }
        let geometry: String
        switch lines.count {
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
    /// the value's exact binary expansion rounded half to even, as C's `printf("%.*f")` rounds it.
    ///
    /// Rounded from Swift's shortest round-trip digits `s` of the value `v` when at most 15 significant
    /// digits are kept (coordinates keep 10, altitudes 6): a step of the last kept digit is then more than
    /// `v`'s spacing, so `v` and `s` round alike unless a rounding boundary `b` (a kept digit and a 5) lies
    /// between them, or is `s`. A `b` strictly between them would itself read back as `v`, so it would be
    /// shorter than `s` (when `s` has more digits) or nearer to `v` (when as many), and the shortest
    /// digits would be `b`, not `s`. Only `s == b`, and more than 15 digits, need the exact expansion:
    /// those go through `printf`.
    static func fixed(_ number: Double, decimals: Int) -> String {
        guard number.isFinite else { return "null" }
        if number == 0 { return "0" }
        var text = number.description
        return text.withUTF8 { bytes -> String? in
            rounded(shortestDigits: bytes, decimals: decimals)
        } ?? exactlyRounded(number, decimals: decimals)
    }

    /// `fixed(_:decimals:)` from the bytes of Swift's description of a finite non-zero value (`-`, digits,
    /// an optional point and an optional exponent); `nil` when the digits end on a rounding tie.
    private static func rounded(shortestDigits bytes: UnsafeBufferPointer<UInt8>, decimals: Int) -> String? {
        let zero = UInt8(ascii: "0")
        var negative = false
        // The value is 0.d₁d₂… × 10^point.
        var digits: [UInt8] = []
        digits.reserveCapacity(24)
        var point = 0, seenPoint = false, index = 0
        if index < bytes.count, bytes[index] == UInt8(ascii: "-") { negative = true; index += 1 }
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: ".") {
                seenPoint = true
            } else if byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E") {
                var exponent = 0, sign = 1
                index += 1
                if index < bytes.count, bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") {
                    sign = bytes[index] == UInt8(ascii: "-") ? -1 : 1
                    index += 1
                }
                while index < bytes.count { exponent = exponent * 10 + Int(bytes[index] &- zero); index += 1 }
                point += sign * exponent
                break
            } else if digits.isEmpty && byte == zero {
                // A leading zero: before the point it says nothing, after it the value is ten times smaller.
                if seenPoint { point -= 1 }
            } else {
                digits.append(byte &- zero)
                if !seenPoint { point += 1 }
            }
            index += 1
        }
        while digits.last == 0 { digits.removeLast() }
        // Keep the digits down to the `decimals`th after the point. Beyond 15 significant digits the last
        // kept one may come from the binary expansion past the shortest digits (8395.485 is
        // 8395.48500000000058…): `printf` writes those.
        let kept = point + decimals
        guard kept <= 15 else { return nil }
        if digits.count > kept {
            let next = kept >= 0 ? digits[kept] : 0
            if next == 5 && digits.count == kept + 1 { return nil }
            let up = next > 5 || (next == 5 && digits.count > kept + 1)
            digits.removeLast(digits.count - Swift.max(kept, 0))
            // (Below `kept == 0` the value is under a tenth of the last kept unit: `next` is 0, never up.)
            if up {
                var k = digits.count - 1
                while k >= 0 && digits[k] == 9 { digits[k] = 0; k -= 1 }
                if k >= 0 {
                    digits[k] += 1
                } else {
                    digits.insert(1, at: 0)
                    point += 1
                }
            }
            while digits.last == 0 { digits.removeLast() }
        }
        if digits.isEmpty { return "0" }
        var out: [UInt8] = negative ? [UInt8(ascii: "-")] : []
        if point <= 0 {
            out.append(zero)
            out.append(UInt8(ascii: "."))
            out.append(contentsOf: repeatElement(zero, count: -point))
            out.append(contentsOf: digits.lazy.map { $0 + zero })
        } else if point >= digits.count {
            out.append(contentsOf: digits.lazy.map { $0 + zero })
            out.append(contentsOf: repeatElement(zero, count: point - digits.count))
        } else {
            out.append(contentsOf: digits[..<point].lazy.map { $0 + zero })
            out.append(UInt8(ascii: "."))
            out.append(contentsOf: digits[point...].lazy.map { $0 + zero })
        }
        return String(decoding: out, as: UTF8.self)
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
