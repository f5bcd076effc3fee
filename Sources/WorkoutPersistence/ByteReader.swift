import WorkoutCore
import Foundation
import WorkoutSamples

// MARK: - Little-endian helpers

extension Array where Element == UInt8 {
    @inline(__always)
    mutating func appendLittleEndian<T: FixedWidthInteger>(_ value: T) {
        Swift.withUnsafeBytes(of: value.littleEndian) { append(contentsOf: $0) }
    }

    @inline(__always)
    mutating func appendDouble(_ value: Double) {
        appendLittleEndian(value.bitPattern)
    }

    @inline(__always)
    mutating func appendScalarSample(_ type: UInt8, time: Double?, value: Double) {
        append(type)
        append(time != nil ? 1 : 0)
        appendDouble(value)
        if let time { appendDouble(time) }
    }
}

/// Reads little-endian values from a buffer. The caller checks lengths first; reads never go past the
/// end of the buffer (they return zero there), so a wrong length can never crash.
struct ByteReader {
    let bytes: UnsafeRawBufferPointer
    var offset: Int

    init(_ bytes: UnsafeRawBufferPointer, offset: Int) {
        self.bytes = bytes
        self.offset = offset
    }

    @inline(__always)
    private func has(_ count: Int) -> Bool { offset >= 0 && offset + count <= bytes.count }

    @inline(__always)
    mutating func u8() -> UInt8 {
        guard has(1) else { return 0 }
        defer { offset += 1 }
        return bytes[offset]
    }

    @inline(__always)
    mutating func u16() -> UInt16 {
        guard has(2) else { return 0 }
        defer { offset += 2 }
        return UInt16(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt16.self))
    }

    @inline(__always)
    func peekU32() -> UInt32 {
        guard has(4) else { return 0 }
        return UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt32.self))
    }

    @inline(__always)
    mutating func u32() -> UInt32 {
        defer { offset += 4 }
        return peekU32()
    }

    @inline(__always)
    mutating func f64() -> Double {
        guard has(8) else { return 0 }
        defer { offset += 8 }
        return Double(bitPattern: UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self)))
    }
}
