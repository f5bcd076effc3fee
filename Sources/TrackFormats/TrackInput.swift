#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A track's bytes, read in chunks: a file, standard input, bytes in memory, or chunks arriving over time
/// (an HTTP request body, see ``TrackReader/read(chunks:name:format:options:into:)``). Readers never load a
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
    /// The size of a regular file (or of bytes in memory), `nil` for a pipe, a terminal or a stream of
    /// chunks: with ``bytesRead`` it gives progress.
    public private(set) var sizeBytes: Int?

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

    /// Reads chunks that an async producer sends into `channel` (``TrackReader/read(chunks:name:format:options:into:)``).
    init(channel: ThreadBridgeChannel<[UInt8]>, name: String) {
        self.name = name
        self.source = .chunks(channel, current: [], offset: 0)
    }

    deinit {
        if case .descriptor(let fd, true) = source { close(fd) }
    }

    /// Reads up to `buffer.count` bytes; returns 0 at end of input.
    /// - Throws: `TrackInputError.readFailed` on an I/O error (or when the producer of chunks failed).
    public func read(into buffer: UnsafeMutableRawBufferPointer) throws(TrackInputError) -> Int {
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
                current = next
                offset = 0
            }
            let n = Self.copy(from: current, at: offset, into: base, count: buffer.count)
            source = .chunks(channel, current: current, offset: offset + n)
            bytesRead += n
            return n
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

/// The input could not be read at all (as opposed to being malformed).
public enum TrackInputError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The file is missing, unreadable or a directory; `reason` is the system's words (`strerror`) or says which.
    case cannotOpen(path: String, reason: String)
    /// Reading failed part way (an I/O error, or a stream of chunks that threw); `path` is the input's name.
    case readFailed(path: String, reason: String)

    public var description: String {
        switch self {
        case .cannotOpen(let path, let reason): "\(path): cannot open: \(reason)"
        case .readFailed(let path, let reason): "\(path): read failed: \(reason)"
        }
    }
}
