import SessionSupport
import WorkoutSamples
import WorkoutCore
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
