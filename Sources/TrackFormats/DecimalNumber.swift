#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Decimal numbers from bytes, without allocating.
enum DecimalNumber {
    enum Parsed {
        /// Only white space (or nothing).
        case empty
        /// Not a finite decimal number.
        case invalid
        case value(Double)
    }

    /// Parses a decimal number such as `-121.97`, `104`, `1.5e3` (surrounding white space allowed).
    /// `NaN`, `inf`, hexadecimal and values that overflow to infinity are `.invalid`.
    ///
    /// Numbers with at most 19 significant digits and a small decimal exponent take an exact fast path
    /// (an integer mantissa times or divided by an exactly representable power of ten, which is
    /// correctly rounded); anything else goes to `strtod` under the C locale, also correctly rounded.
    /// `scratch` receives a NUL-terminated copy for the slow path.
    static func parse(_ raw: UnsafeBufferPointer<UInt8>, scratch: inout XMLTextBuffer) -> Parsed {
        let bytes = XMLTextBuffer.trim(raw)
        guard let start = bytes.baseAddress, bytes.count > 0 else { return .empty }
        guard bytes.count <= 1024 else { return .invalid }

        var index = 0
        var negative = false
        if bytes[0] == UInt8(ascii: "-") || bytes[0] == UInt8(ascii: "+") {
            negative = bytes[0] == UInt8(ascii: "-")
            index = 1
        }
        if let value = plainDecimal(bytes, from: index) { return .value(negative ? -value : value) }
        var mantissa: UInt64 = 0
        var significantDigits = 0
        var droppedDigits = false
        var decimalExponent = 0
        var sawDigit = false
        var sawPoint = false
        while index < bytes.count {
            let byte = bytes[index]
            let digit = byte &- UInt8(ascii: "0")
            if digit < 10 {
                sawDigit = true
                if mantissa == 0 && digit == 0 {
                    // Leading zeros carry no significance.
                    if sawPoint { decimalExponent -= 1 }
                } else if significantDigits < 19 {
                    // At most 18 digits so far: below 10¹⁸, so neither step can overflow.
                    mantissa = mantissa &* 10 &+ UInt64(digit)
                    significantDigits += 1
                    if sawPoint { decimalExponent -= 1 }
                } else {
                    // Past 19 significant digits: a zero after the point changes nothing, a zero before
                    // it only scales; any other digit makes the mantissa inexact.
                    if digit != 0 { droppedDigits = true }
                    if !sawPoint { decimalExponent += 1 }
                }
            } else if byte == UInt8(ascii: "."), !sawPoint {
                sawPoint = true
            } else {
                break
            }
            index += 1
        }
        guard sawDigit else { return .invalid }
        if index < bytes.count {
            guard bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") else { return .invalid }
            index += 1
            var exponentNegative = false
            if index < bytes.count, bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") {
                exponentNegative = bytes[index] == UInt8(ascii: "-")
                index += 1
            }
            var exponent = 0
            var exponentDigits = 0
            while index < bytes.count {
                let digit = bytes[index] &- UInt8(ascii: "0")
                guard digit < 10 else { return .invalid }
                if exponent < 100_000 { exponent = exponent * 10 + Int(digit) }
                exponentDigits += 1
                index += 1
            }
            guard exponentDigits > 0 else { return .invalid }
            decimalExponent += exponentNegative ? -exponent : exponent
        }

        // Fast path: an exact mantissa and an exact power of ten give a correctly rounded result.
        if !droppedDigits, mantissa <= 1 << 53, decimalExponent >= -22, decimalExponent <= 22 {
            var value = Double(mantissa)
            if decimalExponent < 0 {
                value /= exactPowersOfTen[-decimalExponent]
            } else {
                value *= exactPowersOfTen[decimalExponent]
            }
            return .value(negative ? -value : value)
        }
        if mantissa == 0 && !droppedDigits {
            return .value(negative ? -0.0 : 0.0)
        }

        // Slow path: the syntax is already checked, so strtod consumes every byte.
        scratch.removeAll()
        scratch.append(start, count: bytes.count)
        let value = scratch.base.withMemoryRebound(to: CChar.self, capacity: bytes.count + 1) { text in
            let previous = uselocale(cNumericLocale)
            defer { if previous != nil { uselocale(previous) } }
            return strtod(text, nil)
        }
        return value.isFinite ? .value(value) : .invalid
    }

    /// The common case in one pass: `digits[.digits]` (or `.digits`) to the end of `bytes`, at most 19
    /// digits in all, whose integer is at most 2⁵³: the same exact quotient as the general path's fast case
    /// (the integer of the digits divided by the power of ten of the digits after the point), so the same
    /// double. `nil` for anything else, which the general path reads.
    @inline(__always)
    private static func plainDecimal(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Double? {
        var index = start
        var mantissa: UInt64 = 0
        var digits = 0
        var fractionDigits = 0
        var sawPoint = false
        while index < bytes.count {
            let digit = bytes[index] &- UInt8(ascii: "0")
            if digit < 10 {
                // At most 19 digits: below 10¹⁹, so neither step can overflow.
                guard digits < 19 else { return nil }
                mantissa = mantissa &* 10 &+ UInt64(digit)
                digits += 1
                if sawPoint { fractionDigits += 1 }
            } else if bytes[index] == UInt8(ascii: "."), !sawPoint {
                sawPoint = true
            } else {
                return nil
            }
            index += 1
        }
        guard digits > 0, mantissa <= 1 << 53, fractionDigits <= 22 else { return nil }
        return Double(mantissa) / exactPowersOfTen[fractionDigits]
    }

    private static let exactPowersOfTen: [Double] = [
        1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
        1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
    ]
}

/// The C locale for `strtod`, so that a host application's `setlocale` cannot turn `.` into `,`.
/// Created once and never freed; `locale_t` is safe to share between threads for reading.
nonisolated(unsafe) private let cNumericLocale: locale_t? = newlocale(Int32(LC_NUMERIC_MASK), "C", nil)
