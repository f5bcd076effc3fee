#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// ``SessionFileSystem`` over the POSIX calls (`open`, `write`, `fsync`, `rename`, …).
public struct POSIXFileSystem: SessionFileSystem {
    /// The file system of the running process; it holds no state.
    public init() {}

    public func open(_ path: String, mode: SessionFileOpenMode) throws -> SessionFile {
        let flags: Int32 = switch mode {
        case .append: O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC
        case .truncate: O_WRONLY | O_TRUNC | O_CREAT | O_CLOEXEC
        }
        let descriptor = SystemCalls.retryingOnInterrupt { SystemCalls.openFile(path, flags, 0o644) }
        guard descriptor >= 0 else { throw FileSystemError(operation: "open", path: path, code: errno) }
        return SessionFile(descriptor: descriptor, path: path)
    }

    public func write(_ bytes: UnsafeRawBufferPointer, to file: SessionFile) throws {
        guard let base = bytes.baseAddress else { return }
        var offset = 0
        while offset < bytes.count {
            let written = SystemCalls.writeBytes(file.descriptor, base + offset, bytes.count - offset)
            if written < 0 {
                if errno == EINTR { continue }
                throw FileSystemError(operation: "write", path: file.path, code: errno)
            }
            if written == 0 { throw FileSystemError(operation: "write", path: file.path, code: EIO) }
            offset += written
        }
    }

    public func synchronize(_ file: SessionFile) throws {
        guard SystemCalls.retryingOnInterrupt({ fsync(file.descriptor) }) == 0 else {
            throw FileSystemError(operation: "fsync", path: file.path, code: errno)
        }
    }

    public func truncate(_ file: SessionFile, toLength length: Int) throws {
        guard SystemCalls.retryingOnInterrupt({ ftruncate(file.descriptor, off_t(length)) }) == 0 else {
            throw FileSystemError(operation: "ftruncate", path: file.path, code: errno)
        }
    }

    public func close(_ file: SessionFile) {
        _ = SystemCalls.closeFile(file.descriptor)
    }

    public func readFile(_ path: String) throws -> [UInt8] {
        let descriptor = SystemCalls.retryingOnInterrupt { SystemCalls.openFile(path, O_RDONLY | O_CLOEXEC, 0) }
        guard descriptor >= 0 else { throw FileSystemError(operation: "open", path: path, code: errno) }
        defer { _ = SystemCalls.closeFile(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw FileSystemError(operation: "fstat", path: path, code: errno) }
        // One read of the size stat reports, then keep reading in case the file grew meanwhile.
        var bytes = [UInt8](repeating: 0, count: max(Int(status.st_size), 0) + 1)
        var filled = 0
        while true {
            if filled == bytes.count { bytes.append(contentsOf: repeatElement(0, count: max(bytes.count, 4096))) }
            let got = bytes.withUnsafeMutableBytes { buffer in
                SystemCalls.readBytes(descriptor, buffer.baseAddress.unsafelyUnwrapped + filled, buffer.count - filled)
            }
            if got < 0 {
                if errno == EINTR { continue }
                throw FileSystemError(operation: "read", path: path, code: errno)
            }
            if got == 0 { break }
            filled += got
        }
        bytes.removeSubrange(filled...)
        return bytes
    }

    public func read(_ path: String, offset: Int, count: Int) throws -> [UInt8] {
        let descriptor = SystemCalls.retryingOnInterrupt { SystemCalls.openFile(path, O_RDONLY | O_CLOEXEC, 0) }
        guard descriptor >= 0 else { throw FileSystemError(operation: "open", path: path, code: errno) }
        defer { _ = SystemCalls.closeFile(descriptor) }
        var bytes = [UInt8](repeating: 0, count: max(count, 0))
        var filled = 0
        while filled < bytes.count {
            let got = bytes.withUnsafeMutableBytes { buffer in
                pread(descriptor, buffer.baseAddress.unsafelyUnwrapped + filled, buffer.count - filled, off_t(offset + filled))
            }
            if got < 0 {
                if errno == EINTR { continue }
                throw FileSystemError(operation: "pread", path: path, code: errno)
            }
            if got == 0 { break }
            filled += got
        }
        bytes.removeSubrange(filled...)
        return bytes
    }

    public func rename(_ source: String, to destination: String) throws {
        guard SystemCalls.renameFile(source, destination) == 0 else {
            throw FileSystemError(operation: "rename", path: "\(source) -> \(destination)", code: errno)
        }
    }

    public func synchronizeDirectory(_ path: String) throws {
        let descriptor = SystemCalls.retryingOnInterrupt { SystemCalls.openFile(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC, 0) }
        guard descriptor >= 0 else { throw FileSystemError(operation: "open", path: path, code: errno) }
        defer { _ = SystemCalls.closeFile(descriptor) }
        guard SystemCalls.retryingOnInterrupt({ fsync(descriptor) }) == 0 else {
            // Some file systems do not support fsync on a directory; their renames are durable anyway.
            if errno == EINVAL || errno == ENOTSUP { return }
            throw FileSystemError(operation: "fsync", path: path, code: errno)
        }
    }

    public func contentsOfDirectory(_ path: String) throws -> [String] {
        guard let directory = opendir(path) else { throw FileSystemError(operation: "opendir", path: path, code: errno) }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafePointer(to: &entry.pointee.d_name) { pointer in
                String(cString: UnsafeRawPointer(pointer).assumingMemoryBound(to: CChar.self))
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names
    }

    public func createDirectory(_ path: String) throws {
        guard mkdir(path, 0o755) == 0 || (errno == EEXIST && isDirectory(path)) else {
            throw FileSystemError(operation: "mkdir", path: path, code: errno)
        }
    }

    public func removeFile(_ path: String) throws {
        guard unlink(path) == 0 else { throw FileSystemError(operation: "unlink", path: path, code: errno) }
    }

    public func fileSize(_ path: String) throws -> Int? {
        var status = stat()
        guard stat(path, &status) == 0 else {
            if errno == ENOENT { return nil }
            throw FileSystemError(operation: "stat", path: path, code: errno)
        }
        return Int(status.st_size)
    }

    public func isDirectory(_ path: String) -> Bool {
        var status = stat()
        guard stat(path, &status) == 0 else { return false }
        return (status.st_mode & S_IFMT) == S_IFDIR
    }

    public func status(_ path: String) throws -> FileStatus? {
        var info = stat()
        guard stat(path, &info) == 0 else {
            if errno == ENOENT || errno == ENOTDIR { return nil }
            throw FileSystemError(operation: "stat", path: path, code: errno)
        }
        return Self.status(of: info)
    }

    private static func status(of info: stat) -> FileStatus {
        #if canImport(Darwin)
        let modified = Double(info.st_mtimespec.tv_sec) + Double(info.st_mtimespec.tv_nsec) * 1e-9
        #else
        let modified = Double(info.st_mtim.tv_sec) + Double(info.st_mtim.tv_nsec) * 1e-9
        #endif
        return FileStatus(
            isRegularFile: (info.st_mode & S_IFMT) == S_IFREG, isDirectory: (info.st_mode & S_IFMT) == S_IFDIR,
            sizeBytes: Int(info.st_size), modificationTime: modified)
    }

    public func openForReading(_ path: String) throws -> SessionFile {
        let descriptor = SystemCalls.retryingOnInterrupt { SystemCalls.openFile(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC, 0) }
        guard descriptor >= 0 else { throw FileSystemError(operation: "open", path: path, code: errno) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else {
            let code = errno
            _ = SystemCalls.closeFile(descriptor)
            throw FileSystemError(operation: "fstat", path: path, code: code)
        }
        guard (info.st_mode & S_IFMT) == S_IFREG else {
            _ = SystemCalls.closeFile(descriptor)
            throw FileSystemError(operation: "open (not a regular file)", path: path, code: EINVAL)
        }
        return SessionFile(descriptor: descriptor, path: path)
    }

    public func read(_ file: SessionFile, into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
        guard let base = buffer.baseAddress, buffer.count > 0 else { return 0 }
        while true {
            let got = SystemCalls.readBytes(file.descriptor, base, buffer.count)
            if got >= 0 { return got }
            if errno == EINTR { continue }
            throw FileSystemError(operation: "read", path: file.path, code: errno)
        }
    }

    public func lockExclusively(_ file: SessionFile) throws -> Bool {
        while true {
            if flock(file.descriptor, LOCK_EX | LOCK_NB) == 0 { return true }
            if errno == EINTR { continue }
            if errno == EWOULDBLOCK { return false }
            throw FileSystemError(operation: "flock", path: file.path, code: errno)
        }
    }

    public func isLockedByAnother(_ path: String) throws -> Bool {
        let file = try openForReading(path)
        defer { close(file) }
        while true {
            if flock(file.descriptor, LOCK_SH | LOCK_NB) == 0 {
                _ = flock(file.descriptor, LOCK_UN)
                return false
            }
            if errno == EINTR { continue }
            if errno == EWOULDBLOCK { return true }
            throw FileSystemError(operation: "flock", path: path, code: errno)
        }
    }
}
