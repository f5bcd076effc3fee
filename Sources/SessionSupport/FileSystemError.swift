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

    /// An error for `operation` on `path` that failed with the POSIX error number `code`.
    public init(operation: String, path: String, code: Int32) {
        self.operation = operation
        self.path = path
        self.code = code
    }

    /// The system's words for ``code`` (`strerror`), e.g. `No such file or directory`.
    public var reason: String { String(cString: strerror(code)) }

    /// `"<operation> <path>: <strerror text> (errno <n>)"`.
    public var description: String {
        "\(operation) \(path): \(String(cString: strerror(code))) (errno \(code))"
    }
}
