#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A file or standard input, read in chunks. Readers never load a whole input into memory.
///
/// Not thread safe: one reader owns one input.
public final class TrackInput {
    /// The name used in error messages: the path as given, or `-` for standard input.
    public let name: String
    private let fileDescriptor: Int32
    private let ownsDescriptor: Bool
    /// Bytes read so far.
    public private(set) var bytesRead = 0
    /// The size of a regular file, `nil` for a pipe or a terminal: with ``bytesRead`` it gives progress.
    public private(set) var sizeBytes: Int?

    /// Opens `path` for reading; `-` means standard input.
    /// - Throws: `TrackInputError.cannotOpen` when the file is missing or unreadable.
    public init(path: String) throws(TrackInputError) {
        if path == "-" {
            self.name = "-"
            self.fileDescriptor = STDIN_FILENO
            self.ownsDescriptor = false
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
        self.fileDescriptor = fd
        self.ownsDescriptor = true
        if (info.st_mode & S_IFMT) == S_IFREG { self.sizeBytes = Int(info.st_size) }
    }

    /// Wraps a descriptor the caller keeps open (it is not closed by this object).
    public init(fileDescriptor: Int32, name: String) {
        self.name = name
        self.fileDescriptor = fileDescriptor
        self.ownsDescriptor = false
    }

    deinit {
        if ownsDescriptor { close(fileDescriptor) }
    }

    /// Goes back to the first byte of a regular file (for a second pass); `false` when the input cannot
    /// seek (a pipe, a terminal) or the seek failed.
    public func rewind() -> Bool {
        guard sizeBytes != nil, lseek(fileDescriptor, 0, SEEK_SET) == 0 else { return false }
        bytesRead = 0
        return true
    }

    /// Reads up to `buffer.count` bytes; returns 0 at end of input.
    /// - Throws: `TrackInputError.readFailed` on an I/O error.
    public func read(into buffer: UnsafeMutableRawBufferPointer) throws(TrackInputError) -> Int {
        guard let base = buffer.baseAddress, buffer.count > 0 else { return 0 }
        while true {
            let n = Glibc.read(fileDescriptor, base, buffer.count)
            if n >= 0 {
                bytesRead += n
                return n
            }
            if errno == EINTR { continue }
            throw .readFailed(path: name, reason: String(cString: strerror(errno)))
        }
    }
}

/// The input could not be read at all (as opposed to being malformed).
public enum TrackInputError: Error, Sendable, Hashable, CustomStringConvertible {
    case cannotOpen(path: String, reason: String)
    case readFailed(path: String, reason: String)

    public var description: String {
        switch self {
        case .cannotOpen(let path, let reason): "\(path): cannot open: \(reason)"
        case .readFailed(let path, let reason): "\(path): read failed: \(reason)"
        }
    }
}
