/// The FIT protocol's 16-bit CRC: the reflected polynomial 0xA001 (x¹⁶ + x¹⁵ + x² + 1, "CRC-16/ARC"),
/// initial value 0, no final XOR. It guards the 14-byte file header (bytes 0-11) and each file (header and
/// data), and is stored little-endian after what it covers.
///
/// The table is derived here from the polynomial (one entry per byte value), not copied from the SDK.
struct FITCRC16: Sendable {
    /// The running value.
    private(set) var value: UInt16 = 0

    /// Eight tables of 256 entries: `tables[0]` is the CRC of each byte value (from the polynomial, not
    /// copied from the SDK), `tables[k]` that of the byte followed by `k` zero bytes, so that eight bytes are
    /// taken at once ("slicing-by-8", Kounavis and Berry, Intel 2005): the byte-at-a-time loop waited on its
    /// previous byte, and was a tenth of converting a FIT file to GPX.
    private static let tables: [UInt16] = {
        var tables = [UInt16](repeating: 0, count: 8 * 256)
        for byte in 0..<256 {
            var crc = UInt16(byte)
            for _ in 0..<8 {
                crc = crc & 1 != 0 ? (crc >> 1) ^ 0xA001 : crc >> 1
            }
            tables[byte] = crc
        }
        for slice in 1..<8 {
            for byte in 0..<256 {
                let previous = tables[(slice - 1) * 256 + byte]
                tables[slice * 256 + byte] = (previous >> 8) ^ tables[Int(previous & 0xFF)]
            }
        }
        return tables
    }()

    init() {}

    /// Adds `bytes` to the running CRC.
    mutating func update(_ bytes: UnsafeRawBufferPointer) {
        var crc = value
        Self.tables.withUnsafeBufferPointer { tables in
            var index = 0
            let count = bytes.count
            while count - index >= 8 {
                // Eight bytes in one load, little-endian: byte `i` is bits 8i to 8i + 7.
                let word = UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: index, as: UInt64.self)) ^ UInt64(crc)
                func slice(_ table: Int, _ byte: Int) -> UInt16 {
                    tables[table * 256 + Int(truncatingIfNeeded: (word >> (8 * byte)) & 0xFF)]
                }
                crc = slice(7, 0) ^ slice(6, 1) ^ slice(5, 2) ^ slice(4, 3) ^ slice(3, 4) ^ slice(2, 5) ^ slice(1, 6) ^ slice(0, 7)
                index += 8
            }
            while index < count {
                crc = (crc >> 8) ^ tables[Int(UInt8(truncatingIfNeeded: crc) ^ bytes[index])]
                index += 1
            }
        }
        value = crc
    }

    /// The CRC of `bytes` alone.
    static func checksum(_ bytes: UnsafeRawBufferPointer) -> UInt16 {
        var crc = FITCRC16()
        crc.update(bytes)
        return crc.value
    }
}
