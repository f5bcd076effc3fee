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
        var scan = JournalScan(header: header)
        var offset = header.encodedLength
        _ = try scanRecords(bytes, from: &offset, atEnd: true, into: &scan, visit: visit)
        scan.validLength = offset
        scan.droppedTailBytes = bytes.count - offset
        return scan
    }

    /// Scans the journal at `path` as a stream, through a fixed buffer: memory does not grow with the file,
    /// and a file that is not a journal is recognised from its first bytes. What is not a regular file (a
    /// FIFO, a device, a symbolic link to one) is refused without blocking.
    ///
    /// - Parameter headerOnly: stop after the header (the scan then says nothing of the records).
    /// - Parameter path: the journal file.
    /// - Parameter fileSystem: the file layer (``/SessionSupport/POSIXFileSystem`` by default; a fault-injecting one in tests).
    /// - Parameter visit: called with each valid record, in file order.
    /// - Throws: ``/SessionSupport/FileSystemError`` when the file cannot be opened or read, ``JournalHeader/DecodingError``
    ///   when its header is unreadable or of an unknown version, and whatever `visit` throws.
    /// - Complexity: O(n) in the file's size, O(1) memory.
    public static func scan(
        path: String,
        fileSystem: any SessionFileSystem = POSIXFileSystem(),
        headerOnly: Bool = false,
        visit: (JournalRecord) throws -> Void = { _ in }
    ) throws -> JournalScan {
        let file = try fileSystem.openForReading(path)
        defer { fileSystem.close(file) }
        let capacity = 64 * 1024
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: capacity, alignment: 8)
        defer { buffer.deallocate() }
        var filled = 0
        var atEnd = false
        /// Reads until `count` bytes are buffered or the file ends.
        func fill(_ count: Int) throws {
            while filled < min(count, capacity), !atEnd {
                let got = try fileSystem.read(file, into: UnsafeMutableRawBufferPointer(rebasing: buffer[filled...]))
                if got == 0 { atEnd = true } else { filled += got }
            }
        }
        try fill(JournalHeader.encodedLength)
        let header = try JournalHeader.decode(UnsafeRawBufferPointer(rebasing: buffer[..<filled]))
        var scan = JournalScan(header: header)
        if headerOnly { return scan }
        var consumed = 0  // bytes of the file before the buffer's start
        var offset = header.encodedLength
        while true {
            try fill(capacity)
            var windowOffset = offset - consumed
            let window = UnsafeRawBufferPointer(rebasing: buffer[..<filled])
            let finished = try scanRecords(window, from: &windowOffset, atEnd: atEnd, into: &scan, visit: visit)
            offset = consumed + windowOffset
            if finished { break }
            // Keep the unread tail (less than one record) at the front and read on.
            let keep = filled - windowOffset
            if keep > 0, windowOffset > 0 {
                buffer.baseAddress.unsafelyUnwrapped.copyMemory(from: buffer.baseAddress.unsafelyUnwrapped + windowOffset, byteCount: keep)
            }
            consumed += windowOffset
            filled = keep
        }
        // The tail after the last valid record: what was read, plus what the file holds beyond.
        var total = consumed + filled
        while !atEnd {
            let got = try fileSystem.read(file, into: buffer)
            if got == 0 { atEnd = true } else { total += got }
        }
        scan.validLength = offset
        scan.droppedTailBytes = total - offset
        return scan
    }

    /// Walks the records in `bytes` from `offset`, moving it past each valid one. Returns `true` when the
    /// scan is over (damage found, or the end of the input reached with `atEnd`), `false` when the rest of
    /// the buffer holds less than a whole record and more input may follow.
    private static func scanRecords(
        _ bytes: UnsafeRawBufferPointer, from offset: inout Int, atEnd: Bool, into scan: inout JournalScan,
        visit: (JournalRecord) throws -> Void
    ) throws -> Bool {
        while offset < bytes.count {
            switch parseRecord(bytes, at: offset, atEnd: atEnd) {
            case .needMore:
                return false
            case .damage(let damage):
                scan.damage = damage
                return true
            case .record(let record, let length):
                try visit(record)
                scan.recordCount += 1
                switch record {
                case .sample: scan.sampleCount += 1
                case .event(.end, _): scan.sawEnd = true
                default: break
                }
                if let time = record.time, time.isFinite { scan.lastRecordTime = max(scan.lastRecordTime ?? time, time) }
                offset += length
            }
        }
        return atEnd
    }

    /// What the bytes at an offset hold.
    enum ParsedRecord {
        /// A valid record and its length in bytes, framing included.
        case record(JournalRecord, length: Int)
        /// Less than a whole record, and more input may follow.
        case needMore
        /// The valid journal ends here.
        case damage(JournalTailDamage)
    }

    /// Parses the record at `offset`: its length, then its checksum, then its payload.
    static func parseRecord(_ bytes: UnsafeRawBufferPointer, at offset: Int, atEnd: Bool) -> ParsedRecord {
        let end = bytes.count
        guard end - offset >= 5 else { return atEnd ? .damage(.truncatedRecord) : .needMore }
        let length = Int(UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt32.self)))
        guard length <= JournalFormat.maximumPayloadLength else { return .damage(.absurdLength) }
        let recordEnd = offset + JournalFormat.recordOverhead + length
        guard recordEnd <= end else { return atEnd ? .damage(.truncatedRecord) : .needMore }
        let body = UnsafeRawBufferPointer(rebasing: bytes[(offset + 4)..<(recordEnd - 4)])
        let stored = UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: recordEnd - 4, as: UInt32.self))
        guard CRC32C.checksum(body) == stored else { return .damage(.checksumMismatch) }
        let type = body[0]
        guard let record = JournalRecord.decode(type: type, payload: UnsafeRawBufferPointer(rebasing: body[1...])) else {
            return .damage(isKnown(type) ? .malformedPayload : .unknownRecordType)
        }
        return .record(record, length: recordEnd - offset)
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
        (JournalRecordType.location...JournalRecordType.distance).contains(type)
            || SessionEventKind(rawValue: type) != nil || type == JournalRecordType.activity
    }
}
