import SessionSupport
import WorkoutCore

/// A journal's valid records read one at a time, in order, through a fixed buffer: what compares a
/// journal with another source (the track a recovered session continues with) without holding either.
/// Ends (``next()`` returns `nil`) at the end of the file or at the first damaged record.
///
/// Not thread safe; one owner reads it.
public final class JournalRecordStream {
    /// The journal's header.
    public let header: JournalHeader
    private let fileSystem: any SessionFileSystem
    private let file: SessionFile
    private let buffer: UnsafeMutableRawBufferPointer
    private var filled = 0
    private var offset = 0
    private var atEnd = false
    private var ended = false

    /// Opens the journal at `path` and reads its header.
    /// - Throws: ``/SessionSupport/FileSystemError`` (not a regular file, unreadable), ``JournalHeader/DecodingError``.
    public init(path: String, fileSystem: any SessionFileSystem = POSIXFileSystem()) throws {
        let file = try fileSystem.openForReading(path)
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 64 * 1024, alignment: 8)
        var filled = 0, atEnd = false
        do {
            try Self.fill(buffer, filled: &filled, atEnd: &atEnd, from: file, fileSystem: fileSystem)
            header = try JournalHeader.decode(UnsafeRawBufferPointer(rebasing: buffer[..<filled]))
        } catch {
            buffer.deallocate()
            fileSystem.close(file)
            throw error
        }
        self.fileSystem = fileSystem
        self.file = file
        self.buffer = buffer
        self.filled = filled
        self.atEnd = atEnd
        offset = header.encodedLength
    }

    deinit {
        buffer.deallocate()
        fileSystem.close(file)
    }

    /// The next valid record, or `nil` at the end of the valid journal.
    /// - Throws: ``/SessionSupport/FileSystemError`` when reading fails.
    public func next() throws -> JournalRecord? {
        while !ended {
            switch JournalReader.parseRecord(UnsafeRawBufferPointer(rebasing: buffer[..<filled]), at: offset, atEnd: atEnd) {
            case .record(let record, let length):
                offset += length
                return record
            case .damage:
                ended = true
            case .needMore:
                if offset == filled, atEnd { ended = true; break }
                let keep = filled - offset
                if keep > 0, offset > 0 {
                    buffer.baseAddress.unsafelyUnwrapped.copyMemory(from: buffer.baseAddress.unsafelyUnwrapped + offset, byteCount: keep)
                }
                filled = keep
                offset = 0
                try fill()
            }
        }
        return nil
    }

    /// The next sample record, skipping other records; `nil` at the end.
    public func nextSample() throws -> Sample? {
        while let record = try next() {
            if case .sample(let sample) = record { return sample }
        }
        return nil
    }

    private func fill() throws {
        try Self.fill(buffer, filled: &filled, atEnd: &atEnd, from: file, fileSystem: fileSystem)
    }

    private static func fill(
        _ buffer: UnsafeMutableRawBufferPointer, filled: inout Int, atEnd: inout Bool, from file: SessionFile, fileSystem: any SessionFileSystem
    ) throws {
        while filled < buffer.count, !atEnd {
            let got = try fileSystem.read(file, into: UnsafeMutableRawBufferPointer(rebasing: buffer[filled...]))
            if got == 0 { atEnd = true } else { filled += got }
        }
    }
}
