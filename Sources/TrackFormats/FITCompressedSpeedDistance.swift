/// A `record`'s `compressed_speed_distance` (field 8: three bytes, as older devices such as foot pods
/// write speed and distance): the FIT profile's components are `speed` (the low 12 bits, scale 100, m/s)
/// and `distance` (the next 12 bits, scale 16, metres, accumulated: each value is the low 12 bits of the
/// running total in 1/16 m, so it rolls over every 256 m and the reader adds up the steps, see
/// ``Accumulator``). The bytes are little-endian: speed = `b0 | (b1 & 0x0F) << 8`, distance =
/// `b1 >> 4 | b2 << 4`. Three bytes of 0xFF (the byte type's invalid value) are absent.
struct FITCompressedSpeedDistance: Sendable, Equatable {
    /// The speed, metres per second.
    var speedMetersPerSecond: Double
    /// The 12-bit distance value, in 1/16 m (modulo 4096).
    var distanceSixteenths: Int

    /// The field read from a data message, or `nil` when the definition has no such field of three bytes
    /// or its bytes are all invalid.
    init?(_ slot: FITFieldSlot, in message: UnsafeRawPointer) {
        guard slot.isPresent, slot.size == 3, slot.baseType == 13 else { return nil }
        let at = Int(slot.offset)
        let b0 = Int(message.load(fromByteOffset: at, as: UInt8.self))
        let b1 = Int(message.load(fromByteOffset: at + 1, as: UInt8.self))
        let b2 = Int(message.load(fromByteOffset: at + 2, as: UInt8.self))
        guard b0 & b1 & b2 != 0xFF else { return nil }
        speedMetersPerSecond = Double(b0 | (b1 & 0x0F) << 8) / 100
        distanceSixteenths = b1 >> 4 | b2 << 4
    }

    /// The running total of 12-bit distance values: each value adds its step from the last one, modulo
    /// 4096, starting from 0 (so the first value counts in full); a step of more than 256 m between two
    /// records cannot be told from a shorter one, as the profile's accumulation says.
    struct Accumulator: Sendable, Equatable {
        private var totalSixteenths = 0
        private var last = 0

        /// Adds `value` and returns the running total in metres.
        mutating func add(_ value: Int) -> Double {
            totalSixteenths += (value - last) & 0xFFF
            last = value
            return Double(totalSixteenths) / 16
        }
    }
}
