extension SessionFileSystem {
    /// Replaces the file at `path` with `data` so that, after a crash at any moment, the file holds
    /// either its old contents or all of `data`, never a mix: a temporary file in the same directory
    /// is written, flushed (`fsync`), renamed over `path`, and the directory is flushed so the rename
    /// itself is durable. Writing the same data twice is harmless. On failure the temporary file is
    /// removed (best effort) and the old file is left as it was.
    ///
    /// Temporary files are named `.<file name>.<random hex>.tmp`; a crash can leave one behind, which
    /// readers must ignore (`SessionRecovery` does).
    ///
    /// - Throws: ``FileSystemError`` from the first failing step.
    /// - Complexity: O(n) in the data, plus two `fsync` calls.
    public func writeAtomically<Data: Collection>(_ data: Data, to path: String) throws where Data.Element == UInt8 {
        let (directory, name) = splitPath(path)
        let temporary = "\(directory)/.\(name).\(String(UInt64.random(in: 0...UInt64.max), radix: 16)).tmp"
        let file = try open(temporary, mode: .truncate)
        do {
            let written: Void? = try data.withContiguousStorageIfAvailable { try write(UnsafeRawBufferPointer($0), to: file) }
            if written == nil {
                try Array(data).withUnsafeBytes { try write($0, to: file) }
            }
            try synchronize(file)
            close(file)
        } catch {
            close(file)
            try? removeFile(temporary)
            throw error
        }
        do {
            try rename(temporary, to: path)
        } catch {
            try? removeFile(temporary)
            throw error
        }
        try synchronizeDirectory(directory)
    }
}

/// The directory (`.` when there is none) and the last component of a path.
func splitPath(_ path: String) -> (directory: String, name: String) {
    guard let slash = path.lastIndex(of: "/") else { return (".", path) }
    let directory = String(path[..<slash])
    return (directory.isEmpty ? "/" : directory, String(path[path.index(after: slash)...]))
}
