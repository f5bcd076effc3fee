import WorkoutCore
import WorkoutSamples

/// Numbers as plain decimal text: never an exponent, never `nan` or `inf`.
public enum DecimalText {
    /// The shortest decimal that reads back as exactly `value` (Swift's round-trip digits), written
    /// positionally: `0.00001`, `120`, `-3.25`. Non-finite values give the empty string; `-0.0` gives `0`.
    /// - Complexity: O(number of digits); one small string.
    public static func shortest(_ value: Double) -> String {
        guard value.isFinite else { return "" }
        if value == 0 { return "0" }
        var text = value.description
        // Swift writes its round-trip digits positionally from 10⁻⁴ up to 2⁵³ in magnitude, the values of
        // coordinates, altitudes and sensors: then the only change is a trailing `.0` that goes.
        let isPositional = text.withUTF8 { bytes in
            !bytes.contains(UInt8(ascii: "e")) && !bytes.contains(UInt8(ascii: "E"))
        }
        if isPositional {
            return text.withUTF8 { bytes in
                let count = bytes.count
                let endsInPointZero = count > 2 && bytes[count - 2] == UInt8(ascii: ".") && bytes[count - 1] == UInt8(ascii: "0")
                return endsInPointZero ? String(decoding: UnsafeBufferPointer(rebasing: bytes[..<(count - 2)]), as: UTF8.self) : nil
            } ?? text
        }
        return DecimalDigits(value)?.positionalText ?? "0"
    }

    /// `value` rounded to at most `maximumFractionDigits` decimals (0...9), trailing zeros removed:
    /// `fixed(2.50, maximumFractionDigits: 2)` is `2.5`. Non-finite values give the empty string.
    /// - Complexity: O(number of digits).
    public static func fixed(_ value: Double, maximumFractionDigits: Int) -> String {
        guard value.isFinite else { return "" }
        let digits = Swift.min(Swift.max(maximumFractionDigits, 0), 9)
        var scale: Int64 = 1
        for _ in 0..<digits { scale *= 10 }
        let scaled = (Swift.abs(value) * Double(scale)).rounded()
        guard scaled < 9e15 else { return shortest(value.rounded()) }
        let units = Int64(scaled)
        var text = (value < 0 && units != 0 ? "-" : "") + String(units / scale)
        let remainder = units % scale
        if remainder != 0 {
            var fraction = String(remainder)
            fraction = String(repeating: "0", count: digits - fraction.count) + fraction
            while fraction.last == "0" { fraction.removeLast() }
            text += "." + fraction
        }
        return text
    }
}
