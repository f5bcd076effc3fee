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

/// What a scan of a journal found: the header, how far the valid records go, and what was cut.
public struct JournalScan: Sendable, Hashable {
    public var header: JournalHeader
    /// Records that passed their checksum and decoded, in file order.
    public var recordCount: Int
    /// Among them, sample records.
    public var sampleCount: Int
    /// Bytes from the start of the file to the end of the last valid record.
    public var validLength: Int
    /// Bytes after the last valid record (a torn or corrupt tail, or appended garbage), not loaded.
    public var droppedTailBytes: Int
    /// Why the valid part ends early; `nil` when the whole file is valid.
    public var damage: JournalTailDamage?
    /// The latest time among the valid records, if any has a time.
    public var lastRecordTime: Double?
    /// Whether a valid `end` record was read.
    public var sawEnd: Bool
}

/// Reads session journals: checks the header, then walks the records, verifying each checksum before
/// decoding it, and stops at the first record that is torn, corrupt or unknown. Never traps on any
/// input.
public enum JournalReader {
    /// Scans a journal held in memory, handing each valid record to `visit` in order. Allocates nothing
    /// per record.
    ///
    /// - Throws: ``JournalHeader/DecodingError`` when the header is unreadable or of an unknown version.
    /// - Complexity: O(n) in the file's size.
    public static func scan(
        _ bytes: UnsafeRawBufferPointer,
        visit: (JournalRecord) throws -> Void = { _ in }
    ) throws -> JournalScan {
        let header = try JournalHeader.decode(bytes)
        var scan = JournalScan(
            header: header, recordCount: 0, sampleCount: 0, validLength: JournalHeader.encodedLength,
            droppedTailBytes: 0, damage: nil, lastRecordTime: nil, sawEnd: false)
        var offset = JournalHeader.encodedLength
        let end = bytes.count
        while offset < end {
            guard end - offset >= 5 else { scan.damage = .truncatedRecord; break }
            let length = Int(UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt32.self)))
            guard length <= JournalFormat.maximumPayloadLength else { scan.damage = .absurdLength; break }
            let recordEnd = offset + JournalFormat.recordOverhead + length
            guard recordEnd <= end else { scan.damage = .truncatedRecord; break }
            let body = UnsafeRawBufferPointer(rebasing: bytes[(offset + 4)..<(recordEnd - 4)])
            let stored = UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: recordEnd - 4, as: UInt32.self))
            guard CRC32C.checksum(body) == stored else { scan.damage = .checksumMismatch; break }
            let type = body[0]
            guard let record = JournalRecord.decode(type: type, payload: UnsafeRawBufferPointer(rebasing: body[1...])) else {
                scan.damage = isKnown(type) ? .malformedPayload : .unknownRecordType
                break
            }
            try visit(record)
            scan.recordCount += 1
            switch record {
            case .sample: scan.sampleCount += 1
            case .event(.end, _): scan.sawEnd = true
            default: break
            }
            if let time = record.time, time.isFinite { scan.lastRecordTime = max(scan.lastRecordTime ?? time, time) }
            offset = recordEnd
        }
        scan.validLength = offset
        scan.droppedTailBytes = end - offset
        return scan
    }

    /// Reads every valid record of a journal held in memory.
    /// - Throws: ``JournalHeader/DecodingError``.
    public static func records(in bytes: [UInt8]) throws -> (scan: JournalScan, records: [JournalRecord]) {
        var records: [JournalRecord] = []
        let scan = try bytes.withUnsafeBytes { buffer in
            try Self.scan(buffer) { records.append($0) }
        }
        return (scan, records)
    }

    private static func isKnown(_ type: UInt8) -> Bool {
        (JournalRecordType.location...JournalRecordType.eventSample).contains(type)
            || SessionEventKind(rawValue: type) != nil || type == JournalRecordType.activity
    }
}
