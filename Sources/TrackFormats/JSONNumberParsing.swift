#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Decimal-to-binary conversion for the JSON scanner, without allocation.
///
/// The scanner collects a number's significant decimal digits (ASCII, leading zeros dropped) and a
/// decimal exponent, so the value is `digits × 10^exponent`. `JSONDecimal.double` converts that to the
/// nearest `Double` (round half to even), like `Double(String)`:
///
/// - a fast path when the digits fit in 53 bits and `|exponent| <= 22`: both operands are exact
///   doubles, so one IEEE multiplication or division rounds correctly (Clinger's observation);
/// - otherwise `strtod` on a NUL-terminated `"<digits>e<exponent>"` copy written into a fixed buffer. The
///   copy has no decimal point, so the C locale's decimal separator never matters.
///
/// At most `maximumDigits` digits are kept; when more follow, a single `1` stands in for every dropped
/// non-zero digit ("sticky digit"). 800 digits is more than the 767 significant digits that can decide
/// the rounding of a `Double`, so the result is still correctly rounded.
enum JSONDecimal {
    /// Significant digits kept before the sticky digit.
    static let maximumDigits = 800
    /// Capacity of a digit buffer: the kept digits plus the sticky digit.
    static let digitCapacity = maximumDigits + 1
    /// Capacity of the `strtod` text buffer: digits, `e`, sign, exponent and NUL.
    static let textCapacity = digitCapacity + 32
    /// Exponents are clamped to this magnitude; anything beyond is 0 or infinity anyway.
    static let exponentLimit = 1_000_000

    /// Exact powers of ten representable as `Double`.
    private static let exactPowersOfTen: [Double] = [
        1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
        1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
    ]

    /// The `Double` nearest to `digits[0..<count] × 10^exponent`, negated when `negative`; `±infinity` when
    /// the magnitude overflows. `digits` holds ASCII digits; `text` is scratch space of `textCapacity`
    /// bytes for the slow path.
    static func double(
        digits: UnsafePointer<UInt8>,
        count: Int,
        exponent: Int,
        negative: Bool,
        text: UnsafeMutablePointer<CChar>
    ) -> Double {
        var count = count
        var exponent = exponent
        // Trailing zeros only move the exponent; dropping them widens the fast path.
        while count > 0 && digits[count - 1] == UInt8(ascii: "0") {
            count -= 1
            exponent += 1
        }
        if count == 0 { return negative ? -0.0 : 0.0 }
        if count <= 19 {
            var mantissa: UInt64 = 0
            for index in 0..<count {
                mantissa = mantissa &* 10 &+ UInt64(digits[index] &- UInt8(ascii: "0"))
            }
            if mantissa <= 1 << 53 && exponent >= -22 && exponent <= 22 {
                var value = Double(mantissa)
                if exponent >= 0 {
                    value *= exactPowersOfTen[exponent]
                } else {
                    value /= exactPowersOfTen[-exponent]
                }
                return negative ? -value : value
            }
        }
        // Slow path: "[-]<digits>e<exponent>\0" for strtod.
        var length = 0
        if negative {
            text[length] = CChar(bitPattern: UInt8(ascii: "-"))
            length += 1
        }
        let kept = min(count, digitCapacity)
        exponent += count - kept
        for index in 0..<kept {
            text[length] = CChar(bitPattern: digits[index])
            length += 1
        }
        text[length] = CChar(bitPattern: UInt8(ascii: "e"))
        length += 1
        exponent = max(-2 * exponentLimit, min(2 * exponentLimit, exponent))
        if exponent < 0 {
            text[length] = CChar(bitPattern: UInt8(ascii: "-"))
            length += 1
        }
        var magnitude = exponent.magnitude
        let exponentStart = length
        repeat {
            text[length] = CChar(bitPattern: UInt8(ascii: "0") &+ UInt8(magnitude % 10))
            length += 1
            magnitude /= 10
        } while magnitude > 0
        // The exponent digits were written least significant first: reverse them in place.
        var low = exponentStart
        var high = length - 1
        while low < high {
            let swapped = text[low]
            text[low] = text[high]
            text[high] = swapped
            low += 1
            high -= 1
        }
        text[length] = 0
        return strtod(text, nil)
    }
}
