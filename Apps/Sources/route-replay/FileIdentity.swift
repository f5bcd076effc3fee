#if canImport(Glibc)
import Glibc
#endif

/// Which file a path names (device and inode), so two paths to one file are recognised whatever their
/// spelling (`./a.gpx`, a symbolic link, a hard link).
struct FileIdentity: Hashable {
    let device: UInt64
    let inode: UInt64

    /// `nil` when nothing exists at `path` (or for `-`, standard input or output).
    init?(path: String) {
        guard path != "-" else { return nil }
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        device = UInt64(info.st_dev)
        inode = UInt64(info.st_ino)
    }
}
