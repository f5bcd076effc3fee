#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A failed file operation: which call, on which path, and the `errno` it returned.
public struct FileSystemError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The operation that failed (`open`, `write`, `fsync`, `rename`, …).
    public var operation: String
    /// The file or directory it was applied to.
    public var path: String
    /// The POSIX error number (`ENOSPC`, `EROFS`, `EIO`, `ENOENT`, …).
    public var code: Int32

    public init(operation: String, path: String, code: Int32) {
        self.operation = operation
        self.path = path
        self.code = code
    }

    /// `"<operation> <path>: <strerror text> (errno <n>)"`.
    public var description: String {
        "\(operation) \(path): \(String(cString: strerror(code))) (errno \(code))"
    }
}

/// An open file of a ``SessionFileSystem``: its descriptor and the path it was opened with.
public struct SessionFile: Sendable, Hashable {
    /// The descriptor (for the POSIX file system, a real file descriptor; a test double may use any token).
    public var descriptor: Int32
    /// The path the file was opened with, for error messages and fault matching.
    public var path: String

    public init(descriptor: Int32, path: String) {
        self.descriptor = descriptor
        self.path = path
    }
}

/// How ``SessionFileSystem/open(_:mode:)`` opens a file.
public enum SessionFileOpenMode: Sendable, Hashable {
    /// Writes go to the end; the file is created when missing (`O_WRONLY|O_APPEND|O_CREAT`).
    case append
    /// The file is created, or emptied when it exists (`O_WRONLY|O_CREAT|O_TRUNC`).
    case truncate
}

/// The file operations persistence needs, injected so tests can make any of them fail (disk full,
/// read-only file system, I/O error) and a later module can reuse them. Every operation throws
/// ``FileSystemError``. ``POSIXFileSystem`` is the real implementation; ``FaultInjectingFileSystem``
/// is the test double.
///
/// Implementations must be safe to call from any thread; operations on one ``SessionFile`` are never
/// issued concurrently by the callers in this module.
public protocol SessionFileSystem: Sendable {
    /// Opens (creating when needed) a file for writing. Descriptors are close-on-exec.
    func open(_ path: String, mode: SessionFileOpenMode) throws -> SessionFile
    /// Writes all of `bytes` (looping over short writes and `EINTR`).
    func write(_ bytes: UnsafeRawBufferPointer, to file: SessionFile) throws
    /// Forces the file's data to stable storage (`fsync`).
    func synchronize(_ file: SessionFile) throws
    /// Cuts the file to `length` bytes (`ftruncate`).
    func truncate(_ file: SessionFile, toLength length: Int) throws
    /// Closes the file. Errors are ignored: the data was made durable by ``synchronize(_:)`` or not at all.
    func close(_ file: SessionFile)
    /// The whole file, in one read where the OS allows.
    func readFile(_ path: String) throws -> [UInt8]
    /// Up to `count` bytes from `offset` (fewer at the end of the file).
    func read(_ path: String, offset: Int, count: Int) throws -> [UInt8]
    /// Renames `source` to `destination`, replacing it atomically (`rename`).
    func rename(_ source: String, to destination: String) throws
    /// Makes the directory's entries (creations, renames, removals) durable (`fsync` on the directory).
    func synchronizeDirectory(_ path: String) throws
    /// The names (not paths) of the directory's entries, without `.` and `..`, in no particular order.
    func contentsOfDirectory(_ path: String) throws -> [String]
    /// Creates the directory (one level) unless it exists.
    func createDirectory(_ path: String) throws
    /// Removes a file (`unlink`).
    func removeFile(_ path: String) throws
    /// The file's size in bytes, or `nil` when nothing exists at `path`.
    func fileSize(_ path: String) throws -> Int?
    /// Whether `path` is an existing directory.
    func isDirectory(_ path: String) -> Bool
}

/// ``SessionFileSystem`` over the POSIX calls (`open`, `write`, `fsync`, `rename`, …).
public struct POSIXFileSystem: SessionFileSystem {
    public init() {}

    public func open(_ path: String, mode: SessionFileOpenMode) throws -> SessionFile {
        let flags: Int32 = switch mode {
        case .append: O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC
        case .truncate: O_WRONLY | O_TRUNC | O_CREAT | O_CLOEXEC
        }
        let descriptor = retryingOnInterrupt { systemOpen(path, flags, 0o644) }
        guard descriptor >= 0 else { throw FileSystemError(operation: "open", path: path, code: errno) }
        return SessionFile(descriptor: descriptor, path: path)
    }

    public func write(_ bytes: UnsafeRawBufferPointer, to file: SessionFile) throws {
        guard let base = bytes.baseAddress else { return }
        var offset = 0
        while offset < bytes.count {
            let written = systemWrite(file.descriptor, base + offset, bytes.count - offset)
            if written < 0 {
                if errno == EINTR { continue }
                throw FileSystemError(operation: "write", path: file.path, code: errno)
            }
            if written == 0 { throw FileSystemError(operation: "write", path: file.path, code: EIO) }
            offset += written
        }
    }

    public func synchronize(_ file: SessionFile) throws {
        guard retryingOnInterrupt({ fsync(file.descriptor) }) == 0 else {
            throw FileSystemError(operation: "fsync", path: file.path, code: errno)
        }
    }

    public func truncate(_ file: SessionFile, toLength length: Int) throws {
        guard retryingOnInterrupt({ ftruncate(file.descriptor, off_t(length)) }) == 0 else {
            throw FileSystemError(operation: "ftruncate", path: file.path, code: errno)
        }
    }

    public func close(_ file: SessionFile) {
        _ = systemClose(file.descriptor)
    }

    public func readFile(_ path: String) throws -> [UInt8] {
        let descriptor = retryingOnInterrupt { systemOpen(path, O_RDONLY | O_CLOEXEC, 0) }
        guard descriptor >= 0 else { throw FileSystemError(operation: "open", path: path, code: errno) }
        defer { _ = systemClose(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw FileSystemError(operation: "fstat", path: path, code: errno) }
        // One read of the size stat reports, then keep reading in case the file grew meanwhile.
        var bytes = [UInt8](repeating: 0, count: max(Int(status.st_size), 0) + 1)
        var filled = 0
        while true {
            if filled == bytes.count { bytes.append(contentsOf: repeatElement(0, count: max(bytes.count, 4096))) }
            let got = bytes.withUnsafeMutableBytes { buffer in
                systemRead(descriptor, buffer.baseAddress.unsafelyUnwrapped + filled, buffer.count - filled)
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
        let descriptor = retryingOnInterrupt { systemOpen(path, O_RDONLY | O_CLOEXEC, 0) }
        guard descriptor >= 0 else { throw FileSystemError(operation: "open", path: path, code: errno) }
        defer { _ = systemClose(descriptor) }
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
        guard systemRename(source, destination) == 0 else {
            throw FileSystemError(operation: "rename", path: "\(source) -> \(destination)", code: errno)
        }
    }

    public func synchronizeDirectory(_ path: String) throws {
        let descriptor = retryingOnInterrupt { systemOpen(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC, 0) }
        guard descriptor >= 0 else { throw FileSystemError(operation: "open", path: path, code: errno) }
        defer { _ = systemClose(descriptor) }
        guard retryingOnInterrupt({ fsync(descriptor) }) == 0 else {
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
}

private func retryingOnInterrupt(_ call: () -> Int32) -> Int32 {
    while true {
        let result = call()
        if result == -1 && errno == EINTR { continue }
        return result
    }
}

// The C functions under names that do not clash with the protocol's methods.
private func systemOpen(_ path: String, _ flags: Int32, _ mode: mode_t) -> Int32 {
    #if canImport(Darwin)
    Darwin.open(path, flags, mode)
    #elseif canImport(Musl)
    Musl.open(path, flags, mode)
    #else
    Glibc.open(path, flags, mode)
    #endif
}

private func systemWrite(_ descriptor: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
    #if canImport(Darwin)
    Darwin.write(descriptor, buffer, count)
    #elseif canImport(Musl)
    Musl.write(descriptor, buffer, count)
    #else
    Glibc.write(descriptor, buffer, count)
    #endif
}

private func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
    #if canImport(Darwin)
    Darwin.read(descriptor, buffer, count)
    #elseif canImport(Musl)
    Musl.read(descriptor, buffer, count)
    #else
    Glibc.read(descriptor, buffer, count)
    #endif
}

private func systemClose(_ descriptor: Int32) -> Int32 {
    #if canImport(Darwin)
    Darwin.close(descriptor)
    #elseif canImport(Musl)
    Musl.close(descriptor)
    #else
    Glibc.close(descriptor)
    #endif
}

private func systemRename(_ source: String, _ destination: String) -> Int32 {
    #if canImport(Darwin)
    Darwin.rename(source, destination)
    #elseif canImport(Musl)
    Musl.rename(source, destination)
    #else
    Glibc.rename(source, destination)
    #endif
}
