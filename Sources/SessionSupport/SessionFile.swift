#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// An open file of a ``SessionFileSystem``: its descriptor and the path it was opened with.
public struct SessionFile: Sendable, Hashable {
    /// The descriptor (for the POSIX file system, a real file descriptor; a test double may use any token).
    public var descriptor: Int32
    /// The path the file was opened with, for error messages and fault matching.
    public var path: String

    /// Wraps an open file descriptor, which the caller owns (close it with ``SessionFileSystem/close(_:)``).
    public init(descriptor: Int32, path: String) {
        self.descriptor = descriptor
        self.path = path
    }
}
