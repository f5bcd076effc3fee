/// The FIT protocol's 16-bit CRC: the reflected polynomial 0xA001 (x¹⁶ + x¹⁵ + x² + 1, "CRC-16/ARC"),
/// initial value 0, no final XOR. It guards the 14-byte file header (bytes 0-11) and each file (header and
/// data), and is stored little-endian after what it covers.
///
/// The table is derived here from the polynomial (one entry per byte value), not copied from the SDK.
struct FITCRC16: Sendable {
    /// The running value.
    private(set) var value: UInt16 = 0

    private static let table: [UInt16] = (0..<256).map { byte -> UInt16 in
        var crc = UInt16(byte)
        for _ in 0..<8 {
            crc = crc & 1 != 0 ? (crc >> 1) ^ 0xA001 : crc >> 1
        }
        return crc
    }

    init() {}

    /// Adds `bytes` to the running CRC.
    mutating func update(_ bytes: UnsafeRawBufferPointer) {
        var crc = value
        Self.table.withUnsafeBufferPointer { table in
            for byte in bytes {
                crc = (crc >> 8) ^ table[Int(UInt8(truncatingIfNeeded: crc) ^ byte)]
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
