public import SessionSupport
import Foundation

/// A ``SessionFileSystem`` for tests: it forwards to a real file system (``POSIXFileSystem`` by default,
/// on a temporary directory) and makes chosen calls fail with a chosen `errno` (`ENOSPC` for a full
/// disk, `EROFS` for a read-only one, `EIO` for a failing device), for a number of calls or until
/// cleared. A failing `write` can first write part of its bytes, as a real short write does.
///
/// Thread-safe (one lock around the fault list and the counters).
public final class FaultInjectingFileSystem: SessionFileSystem, @unchecked Sendable {
    /// The operations a fault can target.
    public enum Operation: String, Sendable, Hashable, CaseIterable {
        case open, write, synchronize, truncate, readFile, read, rename, synchronizeDirectory
        case contentsOfDirectory, createDirectory, removeFile, fileSize, status, openForReading, readFromFile, lock
    }

    /// One injected failure.
    public struct Fault: Sendable, Hashable {
        /// The operations that fail.
        public var operations: Set<Operation>
        /// The `errno` they fail with.
        public var code: Int32
        /// Only paths containing this text fail; `nil` for every path.
        public var pathContaining: String?
        /// How many more calls fail; `nil` until ``FaultInjectingFileSystem/clearFaults()``.
        public var remaining: Int?
        /// A failing `write` first writes this fraction of its bytes (0 writes nothing).
        public var partialWriteFraction: Double

        public init(operations: Set<Operation>, code: Int32, pathContaining: String? = nil, remaining: Int? = nil, partialWriteFraction: Double = 0) {
            self.operations = operations
            self.code = code
            self.pathContaining = pathContaining
            self.remaining = remaining
            self.partialWriteFraction = partialWriteFraction
        }
    }

    private let base: any SessionFileSystem
    private let lock = NSLock()
    private var faults: [Fault] = []
    private var calls: [Operation: Int] = [:]
    private var failures: [Operation: Int] = [:]

    /// Wraps `base`.
    public init(base: any SessionFileSystem = POSIXFileSystem()) {
        self.base = base
    }

    /// Adds a fault; faults are checked in the order added.
    public func inject(_ fault: Fault) {
        lock.withLock { faults.append(fault) }
    }

    /// Makes `operations` fail with `code` (on every path, until cleared).
    public func inject(_ code: Int32, on operations: Set<Operation>, pathContaining: String? = nil, count: Int? = nil, partialWriteFraction: Double = 0) {
        inject(Fault(operations: operations, code: code, pathContaining: pathContaining, remaining: count, partialWriteFraction: partialWriteFraction))
    }

    /// Removes every fault: later calls succeed (as far as the real file system allows).
    public func clearFaults() {
        lock.withLock { faults.removeAll() }
    }

    /// How many times `operation` was called.
    public func callCount(_ operation: Operation) -> Int {
        lock.withLock { calls[operation] ?? 0 }
    }

    /// How many calls of `operation` were made to fail.
    public func failureCount(_ operation: Operation) -> Int {
        lock.withLock { failures[operation] ?? 0 }
    }

    /// Counts the call and returns the fault it must fail with, if any.
    private func fault(for operation: Operation, path: String) -> Fault? {
        lock.withLock {
            calls[operation, default: 0] += 1
            guard let index = faults.firstIndex(where: { fault in
                fault.operations.contains(operation) && (fault.remaining ?? 1) > 0
                    && (fault.pathContaining.map { path.contains($0) } ?? true)
            }) else { return nil }
            let fault = faults[index]
            if let remaining = fault.remaining { faults[index].remaining = remaining - 1 }
            failures[operation, default: 0] += 1
            return fault
        }
    }

    private func check(_ operation: Operation, _ path: String, name: String) throws {
        if let fault = fault(for: operation, path: path) {
            throw FileSystemError(operation: name, path: path, code: fault.code)
        }
    }

    public func open(_ path: String, mode: SessionFileOpenMode) throws -> SessionFile {
        try check(.open, path, name: "open")
        return try base.open(path, mode: mode)
    }

    public func write(_ bytes: UnsafeRawBufferPointer, to file: SessionFile) throws {
        if let fault = fault(for: .write, path: file.path) {
            let partial = Int(Double(bytes.count) * min(max(fault.partialWriteFraction, 0), 1))
            if partial > 0 { try base.write(UnsafeRawBufferPointer(rebasing: bytes[..<partial]), to: file) }
            throw FileSystemError(operation: "write", path: file.path, code: fault.code)
        }
        try base.write(bytes, to: file)
    }

    public func synchronize(_ file: SessionFile) throws {
        try check(.synchronize, file.path, name: "fsync")
        try base.synchronize(file)
    }

    public func truncate(_ file: SessionFile, toLength length: Int) throws {
        try check(.truncate, file.path, name: "ftruncate")
        try base.truncate(file, toLength: length)
    }

    public func close(_ file: SessionFile) {
        base.close(file)
    }

    public func readFile(_ path: String) throws -> [UInt8] {
        try check(.readFile, path, name: "read")
        return try base.readFile(path)
    }

    public func read(_ path: String, offset: Int, count: Int) throws -> [UInt8] {
        try check(.read, path, name: "pread")
        return try base.read(path, offset: offset, count: count)
    }

    public func rename(_ source: String, to destination: String) throws {
        try check(.rename, destination, name: "rename")
        try base.rename(source, to: destination)
    }

    public func synchronizeDirectory(_ path: String) throws {
        try check(.synchronizeDirectory, path, name: "fsync")
        try base.synchronizeDirectory(path)
    }

    public func contentsOfDirectory(_ path: String) throws -> [String] {
        try check(.contentsOfDirectory, path, name: "opendir")
        return try base.contentsOfDirectory(path)
    }

    public func createDirectory(_ path: String) throws {
        try check(.createDirectory, path, name: "mkdir")
        try base.createDirectory(path)
    }

    public func removeFile(_ path: String) throws {
        try check(.removeFile, path, name: "unlink")
        try base.removeFile(path)
    }

    public func fileSize(_ path: String) throws -> Int? {
        try check(.fileSize, path, name: "stat")
        return try base.fileSize(path)
    }

    public func isDirectory(_ path: String) -> Bool {
        base.isDirectory(path)
    }

    public func status(_ path: String) throws -> FileStatus? {
        try check(.status, path, name: "stat")
        return try base.status(path)
    }

    public func openForReading(_ path: String) throws -> SessionFile {
        try check(.openForReading, path, name: "open")
        return try base.openForReading(path)
    }

    public func read(_ file: SessionFile, into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
        try check(.readFromFile, file.path, name: "read")
        return try base.read(file, into: buffer)
    }

    public func lockExclusively(_ file: SessionFile) throws -> Bool {
        try check(.lock, file.path, name: "flock")
        return try base.lockExclusively(file)
    }

    public func isLockedByAnother(_ path: String) throws -> Bool {
        try check(.lock, path, name: "flock")
        return try base.isLockedByAnother(path)
    }
}
