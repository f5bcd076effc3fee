import WorkoutSamples
import WorkoutCore
/// Why the valid part of a journal ends before the end of its file.
public enum JournalTailDamage: String, Sendable, Hashable, CustomStringConvertible {
    /// The last record's length or body runs past the end of the file (a torn write).
    case truncatedRecord
    /// A record's checksum does not match its type and payload.
    case checksumMismatch
    /// A record's type byte is not one this version writes.
    case unknownRecordType
    /// A record's length is beyond any record type's (``JournalFormat/maximumPayloadLength``).
    case absurdLength
    /// A record's length or flags do not fit its type.
    case malformedPayload

    public var description: String {
        switch self {
        case .truncatedRecord: "torn record at the end"
        case .checksumMismatch: "record checksum mismatch"
        case .unknownRecordType: "unknown record type"
        case .absurdLength: "impossible record length"
        case .malformedPayload: "malformed record payload"
        }
    }
}
