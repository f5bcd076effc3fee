/// Decimal digits written into bytes, for the writers that put their text together through a pointer (ISO 8601
/// times, a GPX point's numbers).
package enum FixedWidthDigits {
    /// Writes the last `width` decimal digits of `value` at `start`, zero-padded on the left, right to left
    /// (one division by ten per digit). `start` must have room for `width` bytes.
    @inline(__always)
    package static func write(_ value: UInt64, width: Int, to start: UnsafeMutablePointer<UInt8>) {
        var rest = value
        var at = width
        while at > 0 {
            at -= 1
            start[at] = UInt8(ascii: "0") + UInt8(truncatingIfNeeded: rest % 10)
            rest /= 10
        }
    }

    /// How many decimal digits `value` has (1 for 0).
    package static func count(_ value: UInt64) -> Int {
        var digits = 1
        var rest = value
        while rest >= 10 {
            rest /= 10
            digits += 1
        }
        return digits
    }
}
