#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A growable byte buffer that is reused for the text of every element, so collecting character data
/// allocates only when a longer text than any before arrives. Always keeps a NUL after the bytes.
///
/// Owned by one parse state (`GPXParseState`, `TCXParseState`); not thread safe.
struct XMLTextBuffer: ~Copyable {
    private(set) var base: UnsafeMutablePointer<UInt8>
    private(set) var count = 0
    private var capacity: Int

    init(capacity: Int = 256) {
        self.capacity = max(capacity, 16)
        base = .allocate(capacity: self.capacity + 1)
        base[0] = 0
    }

    deinit { base.deallocate() }

    mutating func removeAll() {
        count = 0
        base[0] = 0
    }

    mutating func append(_ bytes: UnsafePointer<UInt8>, count extra: Int) {
        guard extra > 0 else { return }
        if count + extra > capacity {
            var newCapacity = capacity * 2
            while newCapacity < count + extra { newCapacity *= 2 }
            let grown = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity + 1)
            grown.update(from: base, count: count)
            base.deallocate()
            base = grown
            capacity = newCapacity
        }
        (base + count).update(from: bytes, count: extra)
        count += extra
        base[count] = 0
    }

    /// The bytes without leading and trailing ASCII white space (space, tab, CR, LF).
    var trimmed: UnsafeBufferPointer<UInt8> {
        XMLTextBuffer.trim(UnsafeBufferPointer(start: base, count: count))
    }

    static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    static func trim(_ bytes: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8> {
        guard let start = bytes.baseAddress else { return bytes }
        var lower = 0
        var upper = bytes.count
        while lower < upper, isSpace(bytes[lower]) { lower += 1 }
        while upper > lower, isSpace(bytes[upper - 1]) { upper -= 1 }
        return UnsafeBufferPointer(start: start + lower, count: upper - lower)
    }
}
