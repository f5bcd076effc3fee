import Foundation
import Testing
import TestSupport
import WorkoutExports
#if canImport(Glibc)
import Glibc
#endif

/// Where an export's text goes: a regular file is replaced once complete; a named pipe (as a device such as
/// `/dev/null`) is written in place and stays what it was.
struct FileTextOutputTests {
    @Test func aRegularFileIsReplacedWhenClosed() throws {
        let directory = try TestPaths.temporaryDirectory("file-output")
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("route.gpx").path
        try Data("old".utf8).write(to: URL(fileURLWithPath: path))
        let output = try FileTextOutput(replacingFileAt: path)
        output.write("new text")
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "old", "the old file stays until the new one is complete")
        try output.close()
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "new text")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["route.gpx"], "no temporary file left")
    }

    @Test func aNamedPipeIsWrittenInPlaceAndStaysAPipe() throws {
        let directory = try TestPaths.temporaryDirectory("file-output")
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("live.pipe").path
        try #require(mkfifo(path, 0o600) == 0)
        // The reader opens first (without waiting for a writer), so the writer's open does not block.
        let reader = open(path, O_RDONLY | O_NONBLOCK)
        try #require(reader >= 0)
        defer { close(reader) }
        let output = try FileTextOutput(replacingFileAt: path)
        #expect(output.temporaryPath == nil)
        output.write("first line\n")
        output.write("second line\n")
        try output.close()
        var buffer = [UInt8](repeating: 0, count: 256)
        let count = read(reader, &buffer, buffer.count)
        #expect(count > 0 && String(decoding: buffer[0..<max(count, 0)], as: UTF8.self) == "first line\nsecond line\n")
        var info = stat()
        #expect(stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFIFO, "the pipe is still a pipe, not a regular file renamed over it")
    }
}
