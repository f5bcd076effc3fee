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

    @Test func aSymbolicLinkIsFollowedAndStaysALink() throws {
        let directory = try TestPaths.temporaryDirectory("file-output")
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("route.gpx").path
        let link = directory.appendingPathComponent("latest.gpx").path
        try Data("old".utf8).write(to: URL(fileURLWithPath: file))
        try #require(symlink("route.gpx", link) == 0)
        let output = try FileTextOutput(replacingFileAt: link)
        output.write("new text")
        try output.close()
        var info = stat()
        #expect(lstat(link, &info) == 0 && (info.st_mode & S_IFMT) == S_IFLNK, "the link is still a link")
        #expect(try String(contentsOfFile: file, encoding: .utf8) == "new text")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted() == ["latest.gpx", "route.gpx"])
        // A link that leads nowhere: the file it names is created, the link stays.
        let dangling = directory.appendingPathComponent("next.gpx").path
        try #require(symlink("sub/../planned.gpx", dangling) == 0)
        try FileManager.default.createDirectory(atPath: directory.appendingPathComponent("sub").path, withIntermediateDirectories: false)
        let planned = try FileTextOutput(replacingFileAt: dangling)
        planned.write("planned")
        try planned.close()
        #expect(lstat(dangling, &info) == 0 && (info.st_mode & S_IFMT) == S_IFLNK, "the link is still a link")
        #expect(try String(contentsOfFile: directory.appendingPathComponent("planned.gpx").path, encoding: .utf8) == "planned")
        // A directory is refused before anything is written.
        #expect(throws: FileOutputError.self) { try FileTextOutput(replacingFileAt: directory.path) }
    }

    /// `-o /dev/stdout > out.gpx` (or `>>`): the output goes through the descriptor, at its offset, into the
    /// file the shell opened; the file is not replaced (the shell's descriptor would then lead to a deleted
    /// file, and as root `/dev/stdout` itself was replaced by a regular file).
    @Test func aDescriptorsPathWritesThroughTheDescriptor() throws {
        let directory = try TestPaths.temporaryDirectory("file-output")
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("log.ndjson").path
        let descriptor = open(path, O_WRONLY | O_CREAT | O_APPEND, 0o644)
        try #require(descriptor >= 0)
        defer { close(descriptor) }
        #expect(write(descriptor, "before\n", 7) == 7)
        var before = stat()
        try #require(stat(path, &before) == 0)
        for name in ["/dev/fd/\(descriptor)", "/proc/self/fd/\(descriptor)"] {
            let output = try FileTextOutput(replacingFileAt: name)
            #expect(output.temporaryPath == nil)
            output.write("through \(name)\n")
            try output.close()
        }
        #expect(write(descriptor, "after\n", 6) == 6, "the caller's descriptor stays open")
        var after = stat()
        #expect(stat(path, &after) == 0 && after.st_ino == before.st_ino, "the same file, not one renamed over it")
        #expect(try String(contentsOfFile: path, encoding: .utf8)
                == "before\nthrough /dev/fd/\(descriptor)\nthrough /proc/self/fd/\(descriptor)\nafter\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["log.ndjson"], "no temporary file left")
        // A descriptor that is not open is an error naming the path.
        #expect(throws: FileOutputError.self) { try FileTextOutput(replacingFileAt: "/dev/fd/9999") }
        // A link to the descriptor's path, or an odd spelling of it, leads to the descriptor too (resolving
        // the link to its end would give the file and replace it).
        let link = directory.appendingPathComponent("out").path
        try #require(symlink("/dev/fd/\(descriptor)", link) == 0)
        for name in [link, "/dev//fd/./\(descriptor)", "/proc/\(getpid())/fd/\(descriptor)"] {
            let output = try FileTextOutput(replacingFileAt: name)
            output.write("+")
            try output.close()
        }
        var last = stat()
        #expect(stat(path, &last) == 0 && last.st_ino == before.st_ino)
        #expect(try String(contentsOfFile: path, encoding: .utf8).hasSuffix("after\n+++"))
        // A descriptor open for reading only (standard input redirected from a file) is no output, however named.
        let input = open(path, O_RDONLY)
        try #require(input >= 0)
        defer { close(input) }
        try #require(symlink("/proc/self/fd/\(input)", directory.appendingPathComponent("in").path) == 0)
        for name in ["/dev/fd/\(input)", directory.appendingPathComponent("in").path] {
            #expect(throws: FileOutputError.self) { try FileTextOutput(replacingFileAt: name) }
        }
        #expect(try String(contentsOfFile: path, encoding: .utf8).hasSuffix("after\n+++"))
    }
}
