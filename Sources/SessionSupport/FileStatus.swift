/// What `stat` says of a path.
public struct FileStatus: Sendable, Hashable {
    /// `true` for a regular file (`S_ISREG`).
    public var isRegularFile: Bool
    /// `true` for a directory (`S_ISDIR`).
    public var isDirectory: Bool
    /// The file's size in bytes (`st_size`).
    public var sizeBytes: Int
    /// When the file's content last changed, seconds since 1970 (`st_mtim`).
    public var modificationTime: Double

    /// A status with the given values (a test double's `status(_:)` builds one).
    public init(isRegularFile: Bool, isDirectory: Bool, sizeBytes: Int, modificationTime: Double) {
        self.isRegularFile = isRegularFile
        self.isDirectory = isDirectory
        self.sizeBytes = sizeBytes
        self.modificationTime = modificationTime
    }
}
