import WorkoutSamples

/// A cursor writing one GPX point's text into a block of bytes (``GPXWriter``'s per-point buffer): literals,
/// numbers and times go in through the block's pointer, without a string or an array append per piece
/// (those were a third of converting a 20 000-record FIT file to GPX).
///
/// A write that does not fit leaves the block as it is and sets ``overflowed``: the writer then puts the
/// point together again in a larger block. Nothing is written past the block's end.
struct GPXPointBytes {
    private let block: UnsafeMutableBufferPointer<UInt8>
    /// Bytes written.
    private(set) var count = 0
    /// Whether a write did not fit (and was left out).
    private(set) var overflowed = false

    /// A block for a point's text: its literals are about 400 bytes, each number at most about 350.
    static let initialCapacity = 4096

    init(_ block: UnsafeMutableBufferPointer<UInt8>) {
        self.block = block
    }

    /// Whether `byteCount` more bytes fit; sets ``overflowed`` when not.
    @inline(__always)
    private mutating func reserve(_ byteCount: Int) -> Bool {
        guard byteCount <= block.count - count else {
            overflowed = true
            return false
        }
        return true
    }

    /// Drops what was written after the first `byteCount` bytes.
    mutating func rewind(to byteCount: Int) {
        count = Swift.min(count, Swift.max(byteCount, 0))
    }

    /// Appends a literal's bytes.
    @inline(__always)
    mutating func append(_ literal: StaticString) {
        let byteCount = literal.utf8CodeUnitCount
        guard reserve(byteCount), let base = block.baseAddress else { return }
        (base + count).update(from: literal.utf8Start, count: byteCount)
        count += byteCount
    }

    /// Appends `bytes`.
    mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard reserve(bytes.count), let base = block.baseAddress, let source = bytes.baseAddress else { return }
        (base + count).update(from: source, count: bytes.count)
        count += bytes.count
    }

    /// Appends a string's UTF-8 bytes.
    mutating func append(_ text: String) {
        var text = text
        text.withUTF8 { append($0) }
    }

    /// Appends `value`'s decimal digits (a `-` first when negative).
    mutating func appendInteger(_ value: Int64) {
        guard reserve(20), let base = block.baseAddress else { return }
        if value < 0 {
            base[count] = UInt8(ascii: "-")
            count += 1
        }
        let digitCount = FixedWidthDigits.count(value.magnitude)
        FixedWidthDigits.write(value.magnitude, width: digitCount, to: base + count)
        count += digitCount
    }

    /// Appends the text ``DecimalText/shortest(_:)`` gives for a finite `value`: an integer's digits, or the
    /// round-trip digits less a trailing `.0`, never with an exponent.
    mutating func appendNumber(_ value: Double) {
        if value == value.rounded(.towardZero), Swift.abs(value) < 1e15 {
            appendInteger(Int64(value))  // `-0.0` too: `0`, as `shortest` writes it
            return
        }
        if appendShortDecimal(value) { return }
        var text = value.description
        let positional = text.withUTF8 { bytes -> Bool in
            guard !bytes.contains(UInt8(ascii: "e")), !bytes.contains(UInt8(ascii: "E")) else { return false }
            append(bytes)
            return true
        }
        if !positional { append(DecimalText.shortest(value)) }
    }

    /// Appends a non-integer `value` of magnitude 0.001 to 10⁸ that has a decimal of at most 7 fractional
    /// digits reading back as it (what devices' scaled integers give: an altitude in fifths of a metre, a
    /// speed in mm/s, a cadence in 128ths), as `description` writes it; `false`, with nothing written, for
    /// any other value.
    ///
    /// Below 10⁸ a `Double`'s spacing is under 1.5 × 10⁻⁸, so at most one decimal of 7 fractional digits
    /// reads back as `value`: `n / 10⁷` with `n` the nearest integer to `value × 10⁷`, and it does exactly
    /// when the division `n / 10⁷` (of two integers a `Double` holds exactly, so correctly rounded, as a
    /// reader's parse is) gives `value`. A shorter decimal that reads back is the same number with fewer
    /// digits, so the shortest round-trip digits (`description`'s) are `n`'s without its trailing zeros.
    private mutating func appendShortDecimal(_ value: Double) -> Bool {
        let magnitude = Swift.abs(value)
        guard magnitude >= 1e-3, magnitude < 1e8 else { return false }
        let scaled = magnitude * 1e7
        var units = Int64(scaled + 0.5)  // below 10¹⁵: exact, and the nearest integer
        // The product is within an ulp or so of `units` when the decimal reads back (a cheap test first, 10⁻¹⁵
        // relative being over 4 ulps; the division decides).
        guard Swift.abs(scaled - Double(units)) <= scaled * 1e-15, Double(units) / 1e7 == magnitude else { return false }
        var digits = 7
        while digits > 0, units % 10 == 0 {
            units /= 10
            digits -= 1
        }
        // (An integer `value` is the caller's; a decimal with no fractional digit cannot read back as another.)
        guard digits > 0, reserve(32), let base = block.baseAddress else { return false }
        if value < 0 {
            base[count] = UInt8(ascii: "-")
            count += 1
        }
        var scale: Int64 = 1
        for _ in 0..<digits { scale *= 10 }
        appendInteger(units / scale)
        base[count] = UInt8(ascii: ".")
        count += 1
        FixedWidthDigits.write(UInt64(units % scale), width: digits, to: base + count)
        count += digits
        return true
    }

    /// Appends `seconds` since 1970 as ISO 8601 with milliseconds (``/WorkoutSamples/ISO8601Text``); returns
    /// `false`, with nothing written, for a time it cannot write.
    mutating func appendTime(secondsSince1970 seconds: Double, dates: inout ISO8601Text.DateCache) -> Bool {
        guard reserve(ISO8601Text.maximumByteCount), let base = block.baseAddress else { return false }
        let free = UnsafeMutableBufferPointer(start: base + count, count: block.count - count)
        guard let written = ISO8601Text.write(secondsSince1970: seconds, fraction: .milliseconds, into: free, dates: &dates) else { return false }
        count += written
        return true
    }
}
