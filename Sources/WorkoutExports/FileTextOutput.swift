import SessionSupport
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A text output that says when it fails: standard output, or a file that is replaced atomically.
///
/// A file is written to a temporary file in the same directory (`.<name>.<random>.tmp`), flushed and
/// renamed over the target only by ``close()``, so a full disk or a crash never leaves a cut file in place
/// of the old one. A target that is not a regular file (a device such as `/dev/null`, a named pipe, a socket)
/// is written in place instead: renaming over it would put a regular file where the device was. Writes are buffered (64 KiB); ``flushesEachWrite`` makes each write go out at once (a
/// live consumer reading a pipe). The first failing write is kept and reported by ``close()``; later writes
/// are dropped.
///
/// A reference type: copies share one buffer, so whoever holds it can flush what was written, even after
/// the code writing through a copy has thrown.
public final class FileTextOutput: TextOutputStream {
    private let descriptor: Int32
    /// The temporary file and its target, for a file output.
    private let replacing: (temporary: String, target: String)?
    /// Whether ``close()`` closes the descriptor (a file this object opened, not standard output).
    private let closesDescriptor: Bool
    private var buffer: [UInt8] = []
    private var closed = false
    /// The `errno` of the first write that failed.
    public private(set) var failure: Int32?
    /// The target's path, or `-` for standard output.
    public let name: String
    /// Whether each write is flushed at once (default: when standard output is not a regular file).
    public var flushesEachWrite: Bool
    /// For a file: the temporary file written until ``close()`` (another program may write it instead).
    public var temporaryPath: String? { replacing?.temporary }

    /// Standard output, flushed on each write unless it is a regular file (a pipe or a terminal has a live
    /// reader).
    public static func standardOutput() -> FileTextOutput {
        var info = stat()
        let isRegularFile = fstat(1, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG
        return FileTextOutput(descriptor: 1, replacing: nil, name: "-", flushesEachWrite: !isRegularFile)
    }

    private init(descriptor: Int32, replacing: (temporary: String, target: String)?, name: String, flushesEachWrite: Bool,
                 closesDescriptor: Bool = false) {
        self.descriptor = descriptor
        self.replacing = replacing
        self.closesDescriptor = closesDescriptor || replacing != nil
        self.name = name
        self.flushesEachWrite = flushesEachWrite
        buffer.reserveCapacity(1 << 16)
    }

    /// A new file at `path`, replacing any file there when ``close()`` succeeds; a device, named pipe or
    /// socket at `path` is written in place (flushed on each write for a pipe or a socket, which have a
    /// live reader).
    ///
    /// A path that names one of the process's open descriptors (`/dev/stdout`, `/dev/stderr`, `/dev/fd/N`,
    /// `/proc/self/fd/N`), directly or through symbolic links, is written through that descriptor, wherever it
    /// leads: a regular file behind it (`-o /dev/stdout > out.gpx`, or `>>`) is written at the descriptor's
    /// offset, never replaced. Any other symbolic link is followed: the file it names is replaced (created,
    /// for a link that leads nowhere) and the link stays a link.
    /// - Throws: ``FileOutputError`` (stage `create`) when the directory is missing or not writable, or the
    ///   device, pipe or descriptor cannot be opened for writing (a descriptor open for reading only, such as
    ///   standard input redirected from a file, included).
    public convenience init(replacingFileAt path: String) throws(FileOutputError) {
        let destination = Self.destination(of: path)
        if let inherited = destination.descriptor {
            let flags = fcntl(inherited, F_GETFL)
            guard flags >= 0 else { throw FileOutputError(path: path, stage: .create, reason: String(cString: strerror(errno))) }
            guard flags & O_ACCMODE != O_RDONLY else {
                throw FileOutputError(path: path, stage: .create, reason: "descriptor \(inherited) is open for reading only")
            }
            let fd = fcntl(inherited, F_DUPFD_CLOEXEC, 0)
            guard fd >= 0 else { throw FileOutputError(path: path, stage: .create, reason: String(cString: strerror(errno))) }
            var info = stat()
            let isRegularFile = fstat(fd, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG
            self.init(descriptor: fd, replacing: nil, name: path, flushesEachWrite: !isRegularFile, closesDescriptor: true)
            return
        }
        let target = destination.path
        var info = stat()
        let type = stat(target, &info) == 0 ? info.st_mode & S_IFMT : S_IFREG
        if type == S_IFDIR { throw FileOutputError(path: path, stage: .create, reason: String(cString: strerror(EISDIR))) }
        if type != S_IFREG {
            let fd = SystemCalls.openFile(target, O_WRONLY | O_CLOEXEC, 0)
            guard fd >= 0 else { throw FileOutputError(path: path, stage: .create, reason: String(cString: strerror(errno))) }
            self.init(descriptor: fd, replacing: nil, name: path, flushesEachWrite: type == S_IFIFO || type == S_IFSOCK,
                      closesDescriptor: true)
            return
        }
        let slash = target.lastIndex(of: "/")
        let directory = slash.map { String(target[..<$0]) } ?? "."
        let fileName = slash.map { String(target[target.index(after: $0)...]) } ?? target
        let temporary = "\(directory.isEmpty ? "" : directory)/.\(fileName).\(String(UInt64.random(in: 0...UInt64.max), radix: 16)).tmp"
        let fd = SystemCalls.openFile(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw FileOutputError(path: path, stage: .create, reason: String(cString: strerror(errno))) }
        self.init(descriptor: fd, replacing: (temporary, target), name: path, flushesEachWrite: false)
    }

    /// Where writing to `path` leads: one of this process's open descriptors, when `path` or a symbolic link
    /// on the way names one; else the path at the end of the symbolic links (`path` itself when it is no
    /// link; the missing file's path for a link that leads nowhere). Links are read one at a time, at most
    /// 40 (Linux's limit), so a link into `/proc/self/fd` is seen before it would lead to the file behind a
    /// descriptor.
    static func destination(of path: String) -> (path: String, descriptor: Int32?) {
        var current = path
        for _ in 0..<40 {
            if let descriptor = openDescriptor(namedBy: current) { return (current, descriptor) }
            var info = stat()
            guard lstat(current, &info) == 0, (info.st_mode & S_IFMT) == S_IFLNK else { return (current, nil) }
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX))
            let count = readlink(current, &buffer, buffer.count)
            guard count > 0 else { return (current, nil) }
            let target = String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            if target.hasPrefix("/") {
                current = target
            } else {
                current = current.lastIndex(of: "/").map { String(current[...$0]) + target } ?? target
            }
        }
        return (current, nil)
    }

    /// The descriptor an absolute path such as `/dev/stdout`, `/dev/fd/3` or `/proc/self/fd/3` names (repeated
    /// slashes and `.` components allowed), or `nil` for any other path.
    static func openDescriptor(namedBy path: String) -> Int32? {
        guard path.hasPrefix("/") else { return nil }
        let parts = path.split(separator: "/").filter { $0 != "." }
        switch parts.count {
        case 2 where parts[0] == "dev":
            switch parts[1] {
            case "stdin": return 0
            case "stdout": return 1
            case "stderr": return 2
            default: return nil
            }
        case 3 where parts[0] == "dev" && parts[1] == "fd":
            return Int32(parts[2])
        case 4 where parts[0] == "proc" && parts[2] == "fd" && ["self", "thread-self", "\(getpid())"].contains(String(parts[1])):
            return Int32(parts[3])
        default:
            return nil
        }
    }

    deinit {
        guard !closed else { return }
        if closesDescriptor { _ = SystemCalls.closeFile(descriptor) }
        if let replacing { _ = unlink(replacing.temporary) }
    }

    public func write(_ string: String) {
        guard !closed else { return }
        // The string's bytes in one copy (a small string's too), not the UTF-8 view's generic append.
        var string = string
        let count = string.withUTF8 { bytes in
            buffer.append(contentsOf: bytes)
            return buffer.count
        }
        if flushesEachWrite || count >= 1 << 16 { flush() }
    }

    /// Writes bytes as they are (a picture, not text), buffered like ``write(_:)``.
    public func write(bytes: some Collection<UInt8>) {
        guard !closed else { return }
        buffer.append(contentsOf: bytes)
        if flushesEachWrite || buffer.count >= 1 << 16 { flush() }
    }

    /// Writes out what is buffered; a failure is kept in ``failure``.
    public func flush() {
        guard failure == nil else { buffer.removeAll(keepingCapacity: true); return }
        var offset = 0
        buffer.withUnsafeBytes { bytes in
            while offset < bytes.count, let base = bytes.baseAddress {
                let written = SystemCalls.writeBytes(descriptor, base + offset, bytes.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    failure = errno
                    return
                }
                offset += written
            }
        }
        buffer.removeAll(keepingCapacity: true)
    }

    /// Throws the first write failure, if any (what was written before it is out).
    /// - Throws: ``FileOutputError`` (stage `write`).
    public func checkWritten() throws(FileOutputError) {
        if let failure { throw FileOutputError(path: name, stage: .write, reason: String(cString: strerror(failure))) }
    }

    /// Flushes; for a file, syncs it and renames it over the target. Later writes are dropped.
    /// - Throws: ``FileOutputError`` (stage `write`) when anything failed; a file's target is then untouched.
    public func close() throws(FileOutputError) {
        guard !closed else { return try checkWritten() }
        flush()
        closed = true
        guard let replacing else {
            if closesDescriptor, SystemCalls.closeFile(descriptor) != 0, failure == nil { failure = errno }
            return try checkWritten()
        }
        if failure == nil, fsync(descriptor) != 0 { failure = errno }
        _ = SystemCalls.closeFile(descriptor)
        if failure == nil, SystemCalls.renameFile(replacing.temporary, replacing.target) != 0 { failure = errno }
        if failure != nil { _ = unlink(replacing.temporary) }
        try checkWritten()
    }
}
