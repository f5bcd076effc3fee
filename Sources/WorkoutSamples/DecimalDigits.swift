/// The shortest round-trip decimal digits of a finite, non-zero `Double` (those of Swift's `description`),
/// as digit values and the place of the decimal point: the value is `0.d₁d₂…dₙ × 10^point`.
///
/// What the writers of plain decimal text share: ``positionalText`` never has an exponent, and
/// ``round(fractionDigits:)`` rounds from the digits where they decide it.
package struct DecimalDigits: Sendable, Equatable {
    package var isNegative: Bool
    /// Digit values 0...9, the first and the last not 0 (empty once rounded to zero).
    package var digits: [UInt8]
    /// Where the decimal point stands: after `point` digits (before them, with zeros, when negative).
    package var point: Int

    /// The digits of `value`; `nil` when it is zero, infinite or not a number.
    /// - Complexity: O(number of digits), one small string.
    package init?(_ value: Double) {
        guard value.isFinite, value != 0 else { return nil }
        var text = value.description
        var parsed = (negative: false, digits: [UInt8](), point: 0)
        text.withUTF8 { bytes in
            let zero = UInt8(ascii: "0")
            var index = 0, seenPoint = false
            parsed.digits.reserveCapacity(bytes.count)
            if index < bytes.count, bytes[index] == UInt8(ascii: "-") {
                parsed.negative = true
                index += 1
            }
            while index < bytes.count {
                let byte = bytes[index]
                index += 1
                if byte == UInt8(ascii: ".") {
                    seenPoint = true
                } else if byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E") {
                    var exponent = 0, sign = 1
                    if index < bytes.count, bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") {
                        sign = bytes[index] == UInt8(ascii: "-") ? -1 : 1
                        index += 1
                    }
                    while index < bytes.count {
                        exponent = exponent * 10 + Int(bytes[index] &- zero)
                        index += 1
                    }
                    parsed.point += sign * exponent
                } else if parsed.digits.isEmpty && byte == zero {
                    // A leading zero: before the point it says nothing, after it the value is ten times smaller.
                    if seenPoint { parsed.point -= 1 }
                } else {
                    parsed.digits.append(byte &- zero)
                    if !seenPoint { parsed.point += 1 }
                }
            }
        }
        while parsed.digits.last == 0 { parsed.digits.removeLast() }
        isNegative = parsed.negative
        digits = parsed.digits
        point = parsed.point
    }

    /// Rounds to `fractionDigits` digits after the point as the value's exact binary expansion rounds (half
    /// to even, as C's `printf("%.*f")`), when the shortest digits `s` of the value `v` decide it. With at
    /// most 15 significant digits kept, a step of the last kept digit is more than `v`'s spacing, so `v` and
    /// `s` round alike unless a rounding boundary `b` (a kept digit and a 5) lies between them, or is `s`. A
    /// `b` strictly between them would itself read back as `v`, so it would be shorter than `s` (when `s`
    /// has more digits) or nearer to `v` (when as many), and the shortest digits would be `b`, not `s`. So
    /// only `s == b` (a tie in the digits) and more than 15 kept digits need the exact expansion: then this
    /// returns `false` and leaves the digits as they were.
    /// - Complexity: O(number of digits).
    package mutating func round(fractionDigits: Int) -> Bool {
        // Beyond 15 significant digits the last kept one may come from the binary expansion past the
        // shortest digits (8395.485 is 8395.48500000000058…).
        let kept = point + fractionDigits
        guard kept <= 15 else { return false }
        guard digits.count > kept else { return true }
        // (Below `kept == 0` the value is under a tenth of the last kept unit: `next` is 0, never up.)
        let next = kept >= 0 ? digits[kept] : 0
        if next == 5 && digits.count == kept + 1 { return false }
        let up = next > 5 || (next == 5 && digits.count > kept + 1)
        digits.removeLast(digits.count - max(kept, 0))
        if up {
            var k = digits.count - 1
            while k >= 0 && digits[k] == 9 {
                digits[k] = 0
                k -= 1
            }
            if k >= 0 {
                digits[k] += 1
            } else {
                digits.insert(1, at: 0)
                point += 1
            }
        }
        while digits.last == 0 { digits.removeLast() }
        // A value rounded to zero is written `0`, never `-0`.
        if digits.isEmpty { isNegative = false }
        return true
    }

    /// The digits written positionally: `-0.00001`, `120`, `3.25`; `0` when no digit is left.
    /// - Complexity: O(number of digits + |point|).
    package var positionalText: String {
        guard !digits.isEmpty else { return "0" }
        let zero = UInt8(ascii: "0")
        var out: [UInt8] = isNegative ? [UInt8(ascii: "-")] : []
        out.reserveCapacity(digits.count + abs(point) + 3)
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
}
