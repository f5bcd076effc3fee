/// What `stat` says of a path.
public struct FileStatus: Sendable, Hashable {
    public var isRegularFile: Bool
    public var isDirectory: Bool
    public var sizeBytes: Int
    /// When the file's content last changed, seconds since 1970 (`st_mtim`).
    public var modificationTime: Double

    public init(isRegularFile: Bool, isDirectory: Bool, sizeBytes: Int, modificationTime: Double) {
        self.isRegularFile = isRegularFile
        self.isDirectory = isDirectory
        self.sizeBytes = sizeBytes
        self.modificationTime = modificationTime
    }
}
