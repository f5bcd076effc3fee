#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// How ``SessionFileSystem/open(_:mode:)`` opens a file.
public enum SessionFileOpenMode: Sendable, Hashable {
    /// Writes go to the end; the file is created when missing (`O_WRONLY|O_APPEND|O_CREAT`).
    case append
    /// The file is created, or emptied when it exists (`O_WRONLY|O_CREAT|O_TRUNC`).
    case truncate
}

/// The file operations persistence needs, injected so tests can make any of them fail (disk full,
/// read-only file system, I/O error) and a later module can reuse them. Every operation throws
/// ``FileSystemError``. ``POSIXFileSystem`` is the real implementation; `FaultInjectingFileSystem`
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
    /// What `stat` says of `path` (following symbolic links), or `nil` when nothing exists there.
    func status(_ path: String) throws -> FileStatus?
    /// Opens an existing regular file for reading, without ever blocking in `open` (a FIFO or a device is
    /// refused with `EINVAL` instead of waiting for a writer).
    func openForReading(_ path: String) throws -> SessionFile
    /// Reads up to `buffer.count` bytes from the file's current position; 0 at its end.
    func read(_ file: SessionFile, into buffer: UnsafeMutableRawBufferPointer) throws -> Int
    /// Takes the exclusive advisory lock of an open file (`flock`, not waiting): `false` when another open
    /// file holds it. The lock lasts until the file is closed.
    func lockExclusively(_ file: SessionFile) throws -> Bool
    /// Whether another open file holds the exclusive lock of `path` (which is not locked by this call).
    func isLockedByAnother(_ path: String) throws -> Bool
}
