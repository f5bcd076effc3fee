import Testing
import TestSupport
@testable import TrackFormats

/// The FIT CRC (CRC-16/ARC) taken eight bytes at a time against its published check value and against the
/// polynomial applied bit by bit.
struct FITCRC16Tests {
    /// The CRC of `bytes` from the polynomial 0xA001 (reflected), one bit at a time: the definition.
    static func bitwise(_ bytes: [UInt8]) -> UInt16 {
        var crc: UInt16 = 0
        for byte in bytes {
            crc ^= UInt16(byte)
            for _ in 0..<8 {
                crc = crc & 1 != 0 ? (crc >> 1) ^ 0xA001 : crc >> 1
            }
        }
        return crc
    }

    /// The check value of CRC-16/ARC in Greg Cook's catalogue of parametrised CRC algorithms ("reveng"):
    /// 0xBB3D for the nine bytes `123456789`.
    @Test func checkValue() {
        let bytes = Array("123456789".utf8)
        #expect(bytes.withUnsafeBytes { FITCRC16.checksum($0) } == 0xBB3D)
        #expect(Self.bitwise(bytes) == 0xBB3D)
    }

    /// Random buffers of 0 to 100 bytes, fed whole and in two parts split anywhere (so that every length of
    /// the eight-byte loop's tail is taken, from any running value).
    @Test func agreesWithTheBitwiseDefinition() {
        var rng = SplitMix64(seed: 5)
        for length in 0...100 {
            let bytes = (0..<length).map { _ in UInt8(truncatingIfNeeded: rng.next()) }
            let expected = Self.bitwise(bytes)
            #expect(bytes.withUnsafeBytes { FITCRC16.checksum($0) } == expected, "\(length) bytes")
            let split = length == 0 ? 0 : Int(rng.next() % UInt64(length + 1))
            var crc = FITCRC16()
            bytes[..<split].withUnsafeBytes { crc.update($0) }
            bytes[split...].withUnsafeBytes { crc.update($0) }
            #expect(crc.value == expected, "\(length) bytes split at \(split)")
        }
    }
}
