import Foundation
import Testing
import TestSupport

/// Outputs that fail are errors, files are replaced whole, live consumers get lines as they are made
/// (issue 13).
struct OutputFailureTests {
    static let run = TestPaths.sampleTrack("run-garmin-connect-hr-cadence.gpx").path

    /// Runs `route-replay` with standard output on `/dev/full` (every write fails with ENOSPC).
    static func runToFullDisk(_ arguments: [String]) throws -> ProcessResult {
        let binary = try #require(RouteReplayBinary.path)
        return try runProcess("/bin/sh", ["-c", #"exec "$@" > /dev/full"#, "sh", binary] + arguments)
    }

    @Test(arguments: [
        ["summary", run],
        ["summary", run, "--format", "text"],
        ["replay", run, "--as-fast-as-possible", "--fps", "1"],
        ["export", run, "--to", "gpx"],
        ["export", run, "--to", "csv"],
        ["recover", "/tmp"],
    ])
    func aFullStandardOutputIsExit74(_ arguments: [String]) throws {
        let result = try Self.runToFullDisk(arguments)
        #expect(result.status == 74, "\(arguments): exit \(result.status), stderr \(result.standardError)")
        #expect(result.standardError.contains("standard output: cannot write: No space left on device"))
    }

    @Test func exportNeverReplacesItsInputAndReplacesItsOutputWhole() throws {
        let directory = try TestPaths.temporaryDirectory("export-output")
        let track = directory.appendingPathComponent("run.gpx").path
        try FileManager.default.copyItem(atPath: Self.run, toPath: track)
        let before = try Data(contentsOf: URL(fileURLWithPath: track))
        for output in [track, "\(directory.path)/./run.gpx"] {
            let refused = try CLI.run(["export", track, "--to", "gpx", "-o", output])
            #expect(refused.status == 64, "stderr: \(refused.standardError)")
            #expect(refused.standardError.contains("is the input track"))
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: track)) == before)
        // A good export replaces an old file; no temporary file is left behind.
        let target = directory.appendingPathComponent("out.csv").path
        try Data("old".utf8).write(to: URL(fileURLWithPath: target))
        let written = try CLI.run(["export", track, "--to", "csv", "-o", target])
        #expect(written.status == 0)
        #expect(try String(contentsOfFile: target, encoding: .utf8).hasPrefix("time,"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted() == ["out.csv", "run.gpx"])
    }

    @Test(arguments: ["csv", "png"])
    func anOutputInAMissingDirectoryIsExit73(_ format: String) throws {
        let result = try CLI.run(["export", Self.run, "--to", format, "-o", "/nonexistent-\(UUID().uuidString)/out.\(format)"])
        #expect(result.status == 73, "stderr: \(result.standardError)")
        #expect(result.standardError.contains("cannot create"))
    }

    @Test(arguments: [["--speed", "1e-300"], ["--speed", "0"], ["--speed", "1e9"], ["--speed", "nan"]])
    func anAbsurdSpeedIsAUsageError(_ speed: [String]) throws {
        let result = try CLI.run(["replay", Self.run] + speed)
        #expect(result.status == 64, "stderr: \(result.standardError)")
        #expect(result.standardError.contains("--speed must be between"))
    }

    /// A paced replay into a pipe: the first frame arrives at once, not when a 64 KiB buffer fills (at one
    /// frame a second that would take minutes).
    @Test func aPipeGetsEachLineAsItIsMade() throws {
        let binary = try #require(RouteReplayBinary.path)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = ["replay", Self.run, "--speed", "1", "--fps", "1"]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        try process.run()
        defer { process.terminate() }
        let firstLine = LineWaiter(pipe.fileHandleForReading)
        let line = firstLine.wait(seconds: 30)
        #expect(line?.hasPrefix(#"{"type":"event","event":"start""#) == true, "no line within 30 s: \(line ?? "-")")
        #expect(process.isRunning, "the replay had already ended: the line came from the final flush")
    }

    /// `replay -` fed by a live pipe: frames come out while the input is still open.
    @Test func aLiveInputGetsFramesBeforeItEnds() throws {
        let binary = try #require(RouteReplayBinary.path)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = ["replay", "-", "--as-fast-as-possible", "--fps", "1"]
        let input = Pipe(), output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        defer { process.terminate() }
        var text = #"{"type":"header","activity":"running"}"# + "\n"
        for second in 0..<30 {
            text += #"{"type":"location","time":\#(1_700_000_000 + second),"latitude":\#(47 + Double(second) * 2.7e-5),"longitude":8}"# + "\n"
        }
        input.fileHandleForWriting.write(Data(text.utf8))
        let line = LineWaiter(output.fileHandleForReading).wait(seconds: 30)
        #expect(line?.contains(#""type":"#) == true, "nothing came out while the input was open")
        try input.fileHandleForWriting.close()
    }
}

/// Reads a pipe on a background thread and hands over its first line.
final class LineWaiter: @unchecked Sendable {
    private let lock = NSCondition()
    private var line: String?

    init(_ handle: FileHandle) {
        Thread.detachNewThread { [self] in
            var buffer = Data()
            while true {
                let chunk = handle.availableData
                if chunk.isEmpty { break }
                buffer.append(chunk)
                if let newline = buffer.firstIndex(of: 0x0A) {
                    lock.lock()
                    line = String(decoding: buffer[..<newline], as: UTF8.self)
                    lock.signal()
                    lock.unlock()
                    return
                }
            }
            lock.lock()
            lock.signal()
            lock.unlock()
        }
    }

    /// The first line, or `nil` when none came within `seconds` (a hang guard, not a timing assertion).
    func wait(seconds: Double) -> String? {
        lock.lock()
        defer { lock.unlock() }
        let deadline = Date(timeIntervalSinceNow: seconds)
        while line == nil, lock.wait(until: deadline) {}
        return line
    }
}
