/// What a FIT definition message declared for one local message type: the global message, the byte order
/// of its fields, and the size of its data messages (every field and developer field, as declared). Where
/// each field the reader uses sits is kept beside it, in ``FITFieldSlot``s.
struct FITMessageDefinition: Sendable {
    /// The global message number (`record` = 20, ...).
    var globalMessage: UInt16 = 0
    /// Multi-byte fields are big-endian (architecture byte 1).
    var bigEndian = false
    /// Bytes of a data message after its record header.
    var dataSize = 0
    /// Whether a definition message has defined this local type in the current file.
    var isDefined = false
}
