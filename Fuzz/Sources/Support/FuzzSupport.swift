import Foundation
import WorkoutEngine
#if canImport(Glibc)
import Glibc
#endif

/// One scratch file, reused for every input: the fuzzer's bytes are written to it and read back
/// through `TrackInput(fileDescriptor:name:)`, exactly the way the CLI reads a file.
enum ScratchFile {
    nonisolated(unsafe) static var descriptor: Int32 = -1

    static func input(with bytes: UnsafeRawBufferPointer) -> TrackInput {
        if descriptor < 0 {
            let directory = FileManager.default.fileExists(atPath: "/dev/shm") ? "/dev/shm" : NSTemporaryDirectory()
            let path = "\(directory)/workoutengine-fuzz-\(getpid())"
            descriptor = open(path, O_RDWR | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
            precondition(descriptor >= 0, "cannot create \(path)")
            unlink(path)
        }
        precondition(ftruncate(descriptor, 0) == 0)
        var offset = 0
        while offset < bytes.count {
            let written = pwrite(descriptor, bytes.baseAddress! + offset, bytes.count - offset, off_t(offset))
            precondition(written > 0)
            offset += written
        }
        precondition(lseek(descriptor, 0, SEEK_SET) == 0)
        return TrackInput(fileDescriptor: descriptor, name: "fuzz-input")
    }
}

/// Reads `bytes` as `format` into a `WorkoutBuilder` and summarises it, as `route-replay summary` does,
/// then checks what the CLI relies on: a malformed input throws a `TrackFormatError` naming the file and a
/// 1-based position, and a summary renders as valid JSON. Anything else traps, which the fuzzer reports.
func fuzzTrack(_ bytes: UnsafeRawBufferPointer, format: TrackFormat?) {
    let input = ScratchFile.input(with: bytes)
    var builder = WorkoutBuilder(options: WorkoutOptions())
    let report: TrackReadReport
    do {
        report = try TrackReader.read(input, format: format, into: &builder)
    } catch let error as TrackFormatError {
        precondition(error.file == "fuzz-input", "error names \(error.file)")
        precondition(error.position.line >= 1 && error.position.column >= 1, "bad position \(error.position)")
        precondition(!error.message.isEmpty, "empty message")
        return
    } catch {
        fatalError("unexpected error type \(type(of: error)): \(error)")
    }
    precondition(report.sampleCount >= report.locationCount)
    guard let summary = try? builder.summary(skippedUnknownRecords: report.skippedUnknownRecords, device: report.device) else { return }
    let json = summary.jsonText()
    do {
        _ = try JSONSerialization.jsonObject(with: Data(json.utf8))
    } catch {
        fatalError("summary is not valid JSON: \(error)\n\(json)")
    }
    _ = summary.text()
}

/// A read-only in-memory `SessionFileSystem` holding one directory, for recovery without disk I/O.
final class MemoryFileSystem: SessionFileSystem, @unchecked Sendable {
    var files: [String: [UInt8]] = [:]
    let directory = "/fuzz"

    struct Unsupported: Error {}

    func open(_ path: String, mode: SessionFileOpenMode) throws -> SessionFile { throw Unsupported() }
    func write(_ bytes: UnsafeRawBufferPointer, to file: SessionFile) throws { throw Unsupported() }
    func synchronize(_ file: SessionFile) throws {}
    func truncate(_ file: SessionFile, toLength length: Int) throws { throw Unsupported() }
    func close(_ file: SessionFile) {}
    func readFile(_ path: String) throws -> [UInt8] {
        guard let bytes = files[path] else { throw FileSystemError(operation: "read", path: path, code: ENOENT) }
        return bytes
    }
    func read(_ path: String, offset: Int, count: Int) throws -> [UInt8] {
        let bytes = try readFile(path)
        guard offset < bytes.count else { return [] }
        return Array(bytes[offset..<min(bytes.count, offset + count)])
    }
    func rename(_ source: String, to destination: String) throws { throw Unsupported() }
    func synchronizeDirectory(_ path: String) throws {}
    func contentsOfDirectory(_ path: String) throws -> [String] {
        files.keys.filter { $0.hasPrefix(directory + "/") }.map { String($0.dropFirst(directory.count + 1)) }
    }
    func createDirectory(_ path: String) throws {}
    func removeFile(_ path: String) throws { files[path] = nil }
    func fileSize(_ path: String) throws -> Int? { files[path]?.count }
    func isDirectory(_ path: String) -> Bool { path == directory }
    func status(_ path: String) throws -> FileStatus? {
        if path == directory { return FileStatus(isRegularFile: false, isDirectory: true, sizeBytes: 0, modificationTime: 2e9) }
        guard let bytes = files[path] else { return nil }
        return FileStatus(isRegularFile: true, isDirectory: false, sizeBytes: bytes.count, modificationTime: 2e9)
    }

    /// Read positions of the files opened for reading, by descriptor.
    var cursors: [Int32: (path: String, offset: Int)] = [:]
    var nextDescriptor: Int32 = 3

    func openForReading(_ path: String) throws -> SessionFile {
        guard files[path] != nil else { throw FileSystemError(operation: "open", path: path, code: ENOENT) }
        let descriptor = nextDescriptor
        nextDescriptor += 1
        cursors[descriptor] = (path, 0)
        return SessionFile(descriptor: descriptor, path: path)
    }
    func read(_ file: SessionFile, into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
        guard let cursor = cursors[file.descriptor], let bytes = files[cursor.path] else {
            throw FileSystemError(operation: "read", path: file.path, code: EBADF)
        }
        let count = min(buffer.count, bytes.count - cursor.offset)
        guard count > 0 else { return 0 }
        bytes.withUnsafeBytes { source in
            buffer.baseAddress?.copyMemory(from: source.baseAddress! + cursor.offset, byteCount: count)
        }
        cursors[file.descriptor] = (cursor.path, cursor.offset + count)
        return count
    }
    func lockExclusively(_ file: SessionFile) throws -> Bool { true }
    func isLockedByAnother(_ path: String) throws -> Bool { false }
}
