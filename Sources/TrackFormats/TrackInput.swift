#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A track's bytes, read in chunks: a file, standard input, bytes in memory, or chunks arriving over time
/// (an HTTP request body, see ``TrackReader/read(chunks:name:format:options:expectedSizeBytes:into:)``). Readers never load a
/// whole input into memory.
///
/// Not thread safe: one reader owns one input.
public final class TrackInput {
    /// Where the bytes come from.
    private enum Source {
        case descriptor(Int32, owned: Bool)
        /// Bytes in memory and how many were read.
        case memory([UInt8], offset: Int)
        /// Chunks handed over by an async producer, the current one and how much of it was read.
        case chunks(ThreadBridgeChannel<[UInt8]>, current: [UInt8], offset: Int)
    }

    /// The name used in error messages: the path as given, or `-` for standard input.
    public let name: String
    private var source: Source
    /// Bytes read so far.
    public private(set) var bytesRead = 0
    /// The size of a regular file (or of bytes in memory, or of a stream of chunks whose size was stated
    /// and that is kept for a second pass), `nil` for a pipe, a terminal or another stream of chunks: with
    /// ``bytesRead`` it gives progress.
    public private(set) var sizeBytes: Int?
    /// Whether the bytes are all there to be read at the reader's pace (a regular file, bytes in memory),
    /// as opposed to a pipe, a terminal or chunks that arrive over time.
    public var isRandomAccess: Bool {
        switch source {
        case .descriptor: sizeBytes != nil
        case .memory: true
        case .chunks: false
        }
    }
    /// The chunks received so far, in one buffer, while a stream of chunks of stated size can still go back
    /// to its start; `nil` otherwise.
    private var received: [UInt8]?
    /// Sees each byte of the input once, in order, the first time a read delivers it (see ``observeBytes(_:)``).
    private var observer: ((UnsafeRawBufferPointer) -> Void)?
    /// How many bytes from the start the observer has seen: a rewind reads them again without showing them twice.
    private var observedBytes = 0

    /// Opens `path` for reading; `-` means standard input.
    /// - Throws: `TrackInputError.cannotOpen` when the file is missing or unreadable.
    public init(path: String) throws(TrackInputError) {
        if path == "-" {
            self.name = "-"
            self.source = .descriptor(STDIN_FILENO, owned: false)
            return
        }
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else {
            throw .cannotOpen(path: path, reason: String(cString: strerror(errno)))
        }
        var info = stat()
        if fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR {
            close(fd)
            throw .cannotOpen(path: path, reason: "is a directory")
        }
        self.name = path
        self.source = .descriptor(fd, owned: true)
        if (info.st_mode & S_IFMT) == S_IFREG { self.sizeBytes = Int(info.st_size) }
    }

    /// Wraps a descriptor the caller keeps open (it is not closed by this object).
    public init(fileDescriptor: Int32, name: String) {
        self.name = name
        self.source = .descriptor(fileDescriptor, owned: false)
    }

    /// Reads a track held in memory (an uploaded body, a `Data`, a `[UInt8]`): no temporary file.
    /// - Parameter name: the name used in error messages (a file name, an upload's name).
    /// - Parameter bytes: the track's bytes, copied once.
    public init(bytes: some Sequence<UInt8>, name: String = "<memory>") {
        let copy = Array(bytes)
        self.name = name
        self.source = .memory(copy, offset: 0)
        self.sizeBytes = copy.count
    }

    /// Reads chunks that an async producer sends into `channel` (``TrackReader/read(chunks:name:format:options:expectedSizeBytes:into:)``).
    /// - Parameter keepingSizeBytes: the stream's stated size when its bytes are to be kept as they arrive,
    ///   so that ``rewind()`` can go back to the start (a second pass); the stream stops being kept, and
    ///   cannot rewind, if more bytes than stated arrive.
    init(channel: ThreadBridgeChannel<[UInt8]>, name: String, keepingSizeBytes: Int? = nil) {
        self.name = name
        self.source = .chunks(channel, current: [], offset: 0)
        if let keepingSizeBytes, keepingSizeBytes >= 0 {
            sizeBytes = keepingSizeBytes
            // Grown as bytes arrive, not reserved from the stated size: a sender that states much and
            // sends little must not make the reader hold much.
            received = []
        }
    }

    deinit {
        if case .descriptor(let fd, true) = source { close(fd) }
    }

    /// Goes back to the first byte of a regular file, of bytes in memory or of a stream of chunks kept as it
    /// arrived (for a second pass; a stream rewinds once, and is not kept after); `false` when the input
    /// cannot seek (a pipe, a terminal, another stream of chunks) or the seek failed.
    public func rewind() -> Bool {
        switch source {
        case .descriptor(let fd, _):
            guard sizeBytes != nil, lseek(fd, 0, SEEK_SET) == 0 else { return false }
        case .memory(let bytes, _):
            source = .memory(bytes, offset: 0)
        case .chunks(let channel, _, _):
            // What arrived so far is read again, then the chunks still to come.
            guard let received else { return false }
            self.received = nil
            source = .chunks(channel, current: received, offset: 0)
        }
        bytesRead = 0
        return true
    }

    /// Shows `observer` every byte of the input once, in order, as reads first deliver it: a content hash
    /// or a byte count computed on the way, without a second pass over the file. Bytes read again after a
    /// ``rewind()`` are not shown again; ``readToEnd()`` shows those a reader left unread. Set it before the
    /// first read.
    ///
    /// ```swift
    /// var hasher = Hasher()  // any accumulator the closure may change
    /// input.observeBytes { hasher.combine(bytes: $0) }
    /// let report = try TrackReader.read(input, into: &builder)
    /// try input.readToEnd()
    /// ```
    public func observeBytes(_ observer: @escaping (UnsafeRawBufferPointer) -> Void) {
        self.observer = observer
    }

    /// Reads what is left of the input and discards it, so that ``observeBytes(_:)``'s observer sees every
    /// byte (a reader stops at the end of its format's data: a FIT file's trailing bytes, whitespace after a
    /// GPX document).
    /// - Throws: `TrackInputError.readFailed` on an I/O error.
    public func readToEnd() throws(TrackInputError) {
        let chunk = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 16, alignment: 1)
        defer { chunk.deallocate() }
        while try read(into: chunk) > 0 {}
    }

    /// Reads up to `buffer.count` bytes; returns 0 at end of input.
    /// - Throws: `TrackInputError.readFailed` on an I/O error (or when the producer of chunks failed).
    public func read(into buffer: UnsafeMutableRawBufferPointer) throws(TrackInputError) -> Int {
        let start = bytesRead
        let n = try readUnobserved(into: buffer)
        if let observer, start + n > observedBytes {
            let unseen = observedBytes - start  // > 0 only after a rewind
            observer(UnsafeRawBufferPointer(rebasing: buffer[Swift.max(0, unseen)..<n]))
            observedBytes = start + n
        }
        return n
    }

    private func readUnobserved(into buffer: UnsafeMutableRawBufferPointer) throws(TrackInputError) -> Int {
        guard let base = buffer.baseAddress, buffer.count > 0 else { return 0 }
        switch source {
        case .descriptor(let fd, _):
            while true {
                let n = Glibc.read(fd, base, buffer.count)
                if n >= 0 {
                    bytesRead += n
                    return n
                }
                if errno == EINTR { continue }
                throw .readFailed(path: name, reason: String(cString: strerror(errno)))
            }
        case .memory(let bytes, let offset):
            let n = Self.copy(from: bytes, at: offset, into: base, count: buffer.count)
            source = .memory(bytes, offset: offset + n)
            bytesRead += n
            return n
        case .chunks(let channel, var current, var offset):
            while offset == current.count {
                let next: [UInt8]?
                do {
                    next = try channel.receiveBlocking()
                } catch {
                    throw .readFailed(path: name, reason: "the stream of chunks failed: \(error)")
                }
                guard let next else { return 0 }
                keep(next)
                current = next
                offset = 0
            }
            let n = Self.copy(from: current, at: offset, into: base, count: buffer.count)
            source = .chunks(channel, current: current, offset: offset + n)
            bytesRead += n
            return n
        }
    }

    /// For a stream of chunks whose size was not stated: receives chunks until the stream ends or more than
    /// `limit` bytes have arrived. A stream that ended is then bytes in memory, of known size, that a reader
    /// can read twice (a FIT file's sport is in its last messages); a longer one goes on as a stream from
    /// its first byte, read once. Does nothing for any other input, or once reading has begun.
    /// - Throws: `TrackInputError.readFailed` when the producer of the chunks failed.
    func bufferWholeStream(upToBytes limit: Int) throws(TrackInputError) {
        guard case .chunks(let channel, let current, let offset) = source, bytesRead == 0, received == nil else { return }
        var bytes = Array(current[offset...])
        while bytes.count <= limit {
            let next: [UInt8]?
            do {
                next = try channel.receiveBlocking()
            } catch {
                throw .readFailed(path: name, reason: "the stream of chunks failed: \(error)")
            }
            guard let next else {
                source = .memory(bytes, offset: 0)
                sizeBytes = bytes.count
                return
            }
            bytes.append(contentsOf: next)
        }
        source = .chunks(channel, current: bytes, offset: 0)
    }

    /// Adds a chunk to those kept for a rewind, or stops keeping them when the stream outgrows its stated size.
    private func keep(_ chunk: [UInt8]) {
        guard var kept = received.take() else { return }
        if kept.count + chunk.count <= sizeBytes ?? 0 {
            kept.append(contentsOf: chunk)
            received = kept
        } else {
            sizeBytes = nil
        }
    }

    private static func copy(from bytes: [UInt8], at offset: Int, into destination: UnsafeMutableRawPointer, count: Int) -> Int {
        let n = min(count, bytes.count - offset)
        guard n > 0 else { return 0 }
        bytes.withUnsafeBytes { source in
            if let start = source.baseAddress { destination.copyMemory(from: start + offset, byteCount: n) }
        }
        return n
    }
}

/// The input could not be read at all (as opposed to being malformed). With `import WorkoutEngine` the error is
/// also a Foundation `LocalizedError` whose `localizedDescription` is its ``description``.
public enum TrackInputError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The file is missing, unreadable or a directory; `reason` is the system's words (`strerror`) or says which.
    case cannotOpen(path: String, reason: String)
    /// Reading failed part way (an I/O error, or a second iteration of a ``TrackSampleStream``); `path` is the
    /// input's name. A stream of chunks that throws (``TrackReader/read(chunks:name:format:options:expectedSizeBytes:into:)``)
    /// gives its own error instead.
    case readFailed(path: String, reason: String)

    public var description: String {
        switch self {
        case .cannotOpen(let path, let reason): "\(path): cannot open: \(reason)"
        case .readFailed(let path, let reason): "\(path): read failed: \(reason)"
        }
    }
}
