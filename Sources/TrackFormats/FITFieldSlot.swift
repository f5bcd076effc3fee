import WorkoutSamples

/// Where one field the reader uses sits in a data message of a given definition, and how to read it:
/// its offset and declared size in the message, and its FIT base type.
///
/// Base types (number = low five bits of the base-type byte; size; invalid value): 0 enum (1, 0xFF),
/// 1 sint8 (1, 0x7F), 2 uint8 (1, 0xFF), 3 sint16 (2, 0x7FFF), 4 uint16 (2, 0xFFFF), 5 sint32 (4,
/// 0x7FFFFFFF), 6 uint32 (4, 0xFFFFFFFF), 7 string (any, NUL-terminated), 8 float32 (4, all bits set),
/// 9 float64 (8, all bits set), 10 uint8z (1, 0), 11 uint16z (2, 0), 12 uint32z (4, 0), 13 byte (1, 0xFF),
/// 14 sint64 (8, 0x7FFF…), 15 uint64 (8, 0xFFFF…), 16 uint64z (8, 0). An invalid value reads as absent.
struct FITFieldSlot: Sendable {
    /// Byte offset of the field in the data message (after the record header); -1 when the definition
    /// does not carry the field (or carries it in a form the reader does not trust).
    var offset: Int32 = -1
    /// Declared size in bytes.
    var size: UInt16 = 0
    /// The base type's number (0-16).
    var baseType: UInt8 = 0

    /// An absent field.
    static let absent = FITFieldSlot()

    var isPresent: Bool { offset >= 0 }

    /// The size in bytes of base type `number`, or `nil` for an unknown one; 1 for strings.
    static func baseSize(_ number: UInt8) -> Int? {
        switch number {
        case 0, 1, 2, 7, 10, 13: 1
        case 3, 4, 11: 2
        case 5, 6, 8, 12: 4
        case 9, 14, 15, 16: 8
        default: nil
        }
    }

    /// The first value of the field as an integer; `nil` when absent, invalid, or not an integer type.
    @inline(__always)
    func integer(in message: UnsafeRawPointer, bigEndian: Bool) -> Int64? {
        guard offset >= 0 else { return nil }
        let at = Int(offset)
        switch baseType {
        case 0, 2, 13:
            let v = message.load(fromByteOffset: at, as: UInt8.self)
            return v == 0xFF ? nil : Int64(v)
        case 10:
            let v = message.load(fromByteOffset: at, as: UInt8.self)
            return v == 0 ? nil : Int64(v)
        case 1:
            let v = message.load(fromByteOffset: at, as: UInt8.self)
            return v == 0x7F ? nil : Int64(Int8(bitPattern: v))
        case 3, 4, 11:
            let raw = message.loadUnaligned(fromByteOffset: at, as: UInt16.self)
            let v = bigEndian ? UInt16(bigEndian: raw) : UInt16(littleEndian: raw)
            switch baseType {
            case 3: return v == 0x7FFF ? nil : Int64(Int16(bitPattern: v))
            case 4: return v == 0xFFFF ? nil : Int64(v)
            default: return v == 0 ? nil : Int64(v)
            }
        case 5, 6, 12:
            let raw = message.loadUnaligned(fromByteOffset: at, as: UInt32.self)
            let v = bigEndian ? UInt32(bigEndian: raw) : UInt32(littleEndian: raw)
            switch baseType {
            case 5: return v == 0x7FFF_FFFF ? nil : Int64(Int32(bitPattern: v))
            case 6: return v == 0xFFFF_FFFF ? nil : Int64(v)
            default: return v == 0 ? nil : Int64(v)
            }
        case 14, 15, 16:
            let raw = message.loadUnaligned(fromByteOffset: at, as: UInt64.self)
            let v = bigEndian ? UInt64(bigEndian: raw) : UInt64(littleEndian: raw)
            switch baseType {
            case 14: return v == 0x7FFF_FFFF_FFFF_FFFF ? nil : Int64(bitPattern: v)
            case 15: return v == 0xFFFF_FFFF_FFFF_FFFF || v > UInt64(Int64.max) ? nil : Int64(v)
            default: return v == 0 || v > UInt64(Int64.max) ? nil : Int64(v)
            }
        default:
            return nil
        }
    }

    /// The first value of the field as a number (integers and floats); `nil` when absent or invalid.
    @inline(__always)
    func number(in message: UnsafeRawPointer, bigEndian: Bool) -> Double? {
        guard offset >= 0 else { return nil }
        switch baseType {
        case 8:
            let raw = message.loadUnaligned(fromByteOffset: Int(offset), as: UInt32.self)
            let bits = bigEndian ? UInt32(bigEndian: raw) : UInt32(littleEndian: raw)
            guard bits != 0xFFFF_FFFF else { return nil }
            let value = Double(Float(bitPattern: bits))
            return value.isFinite ? value : nil
        case 9:
            let raw = message.loadUnaligned(fromByteOffset: Int(offset), as: UInt64.self)
            let bits = bigEndian ? UInt64(bigEndian: raw) : UInt64(littleEndian: raw)
            guard bits != 0xFFFF_FFFF_FFFF_FFFF else { return nil }
            let value = Double(bitPattern: bits)
            return value.isFinite ? value : nil
        default:
            return integer(in: message, bigEndian: bigEndian).map(Double.init)
        }
    }

    /// The field as text: its bytes up to the first NUL, decoded as UTF-8 and trimmed; `nil` when absent
    /// or empty. Only string fields (base type 7) have text.
    func text(in message: UnsafeRawPointer) -> String? {
        guard offset >= 0, baseType == 7 else { return nil }
        let bytes = UnsafeRawBufferPointer(start: message + Int(offset), count: Int(size))
        let end = bytes.firstIndex(of: 0) ?? bytes.count
        let text = String(decoding: bytes[0..<end], as: UTF8.self).trimmingASCIIWhitespace()
        return text.isEmpty ? nil : text
    }
}
