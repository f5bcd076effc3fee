import Foundation
import Testing
import TestSupport

struct ReplayCommandTests {
    static func objects(_ output: String) throws -> [[String: Any]] {
        try output.split(separator: "\n").map { line in
            try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        }
    }

    static func ndjsonTrack(seconds: Int) -> String {
        SyntheticTrack.ndjson(SyntheticTrack.run(seed: 31, durationSeconds: seconds, stopCount: 0).noisy)
    }

    @Test func asFastAsPossibleIsDeterministicAndCountsFramesExactly() throws {
        let path = try CLI.temporaryFile("replay.ndjson", Self.ndjsonTrack(seconds: 120))
        let first = try CLI.run(["replay", path, "--as-fast-as-possible", "--fps", "30"])
        let second = try CLI.run(["replay", path, "--as-fast-as-possible", "--fps", "30"])
        #expect(first.status == 0, "\(first.standardError)")
        #expect(first.standardOutput == second.standardOutput)
        let objects = try Self.objects(first.standardOutput)
        let frames = objects.filter { $0["type"] as? String == "frame" }
        // 120 s of track at 30 fps: frames at 0, 1/30, …, 120 s.
        #expect(frames.count == 3601)
        #expect(frames.last?["elapsed"] as? String == "2:00")
        for (index, frame) in frames.enumerated() {
            #expect(frame["frame"] as? Int == index)
        }
        let keys = ["frame", "trackTime", "state", "elapsedSeconds", "elapsed", "distanceMeters", "speedMetersPerSecond",
                    "paceSecondsPerKilometer", "heartRateBPM", "activeEnergyKilocalories", "fourthStat", "latitude", "longitude"]
        for key in keys { #expect(frames[100].keys.contains(key), "frame lacks \(key)") }
        #expect(objects.last?["type"] as? String == "summary")
    }

    /// A replay as fast as possible writes standard output in blocks; when the input turns out bad
    /// further on, the frames computed before the error are still written, then the error.
    @Test func framesBeforeABadLineAreWritten() throws {
        let track = Self.ndjsonTrack(seconds: 120)
        let lastFixTime = try #require(try Self.objects(track).compactMap { $0["time"] as? Double }.max())
        let text = track + "{\"type\":\"location\",\"time\":\n"
        let path = try CLI.temporaryFile("cut.ndjson", text)
        let result = try CLI.run(["replay", path, "--as-fast-as-possible", "--fps", "10"])
        #expect(result.status == 65, "\(result.standardError)")
        #expect(result.standardError.contains("cut.ndjson:"), "\(result.standardError)")
        let frames = try Self.objects(result.standardOutput).filter { $0["type"] as? String == "frame" }
        // Every frame up to the last good fix's time (the last 64 KiB block, 150 frames, was lost before).
        let lastFrameTime = try #require(frames.last?["trackTime"] as? Double)
        #expect(lastFrameTime >= lastFixTime - 0.1 - 1e-6, "the last frame is at \(lastFrameTime), the last fix at \(lastFixTime)")
    }

    @Test func noFramesWhilePausedAndElapsedContinues() throws {
        let path = try CLI.temporaryFile("pause.ndjson", Self.ndjsonTrack(seconds: 120))
        let result = try CLI.run(["replay", path, "--as-fast-as-possible", "--fps", "10", "--pause-at", "30", "--resume-at", "50"])
        #expect(result.status == 0, "\(result.standardError)")
        let objects = try Self.objects(result.standardOutput)
        let frames = objects.filter { $0["type"] as? String == "frame" }
        let start = try #require(frames.first?["trackTime"] as? Double)
        let paused = frames.filter { frame in
            let offset = (frame["trackTime"] as? Double ?? 0) - start
            return offset > 30 && offset < 50
        }
        #expect(paused.isEmpty)
        let events = objects.filter { $0["type"] as? String == "event" }.compactMap { $0["event"] as? String }
        #expect(events == ["start", "pause", "resume", "end"])
        // Elapsed time is continuous: the first frame after the resume shows the elapsed time of the pause.
        let after = try #require(frames.first { ($0["trackTime"] as? Double ?? 0) - start >= 50 })
        #expect(abs((after["elapsedSeconds"] as? Double ?? 0) - 30) < 1e-6)
        #expect(frames.last?["elapsedSeconds"] as? Double == 100)
    }

    @Test func throttledPaceChangesOnlyOnTheFiveSecondCadence() throws {
        let path = try CLI.temporaryFile("throttle.ndjson", Self.ndjsonTrack(seconds: 90))
        let result = try CLI.run(["replay", path, "--as-fast-as-possible", "--fps", "30"])
        let frames = try Self.objects(result.standardOutput).filter { $0["type"] as? String == "frame" }
        var changes = 0
        for (previous, frame) in zip(frames, frames.dropFirst()) {
            let before = previous["paceSecondsPerKilometer"] as? Double
            let now = frame["paceSecondsPerKilometer"] as? Double
            guard before != now else { continue }
            changes += 1
            let elapsed = try #require(frame["elapsedSeconds"] as? Double)
            // A change happens exactly when running time reaches a multiple of 5 s.
            #expect(elapsed.truncatingRemainder(dividingBy: 5) == 0, "pace changed at \(elapsed) s")
        }
        #expect(changes >= 15)
        // The raw pace changes far more often.
        let rawChanges = zip(frames, frames.dropFirst()).filter { ($0["rawPaceSecondsPerKilometer"] as? Double) != ($1["rawPaceSecondsPerKilometer"] as? Double) }.count
        #expect(rawChanges > changes * 3)
    }

    @Test func standardInputAndImperialUnits() throws {
        let result = try CLI.run(["replay", "-", "--as-fast-as-possible", "--fps", "1", "--units", "imperial", "--activity", "cycling"],
                                 input: Self.ndjsonTrack(seconds: 30))
        #expect(result.status == 0, "\(result.standardError)")
        let frames = try Self.objects(result.standardOutput).filter { $0["type"] as? String == "frame" }
        #expect(frames.count == 31)
        let fourth = try #require(frames.last?["fourthStat"] as? [String: Any])
        #expect(fourth["kind"] as? String == "speed")
        #expect(fourth["unit"] as? String == "mph")
    }

    @Test func ttyFormatPrintsPlainLinesWhenNotATerminal() throws {
        let path = try CLI.temporaryFile("tty.ndjson", Self.ndjsonTrack(seconds: 20))
        let result = try CLI.run(["replay", path, "--as-fast-as-possible", "--format", "tty"])
        #expect(result.status == 0)
        #expect(!result.standardOutput.contains("\u{1B}["))
        #expect(result.standardOutput.contains("0:20"))
        #expect(result.standardOutput.contains("Elapsed:"))
    }

    /// A paced replay written to a file shows up there as it runs (not only at the end), in both formats,
    /// so a file being followed (`tail -f`) or a replay stopped early keeps what was shown.
    @Test(arguments: ["ndjson", "tty"])
    func pacedReplayWritesEachLineThrough(format: String) throws {
        let binary = try #require(RouteReplayBinary.path)
        let directory = try TestPaths.temporaryDirectory("paced-\(format)")
        let outputURL = directory.appendingPathComponent("out.txt")
        _ = FileManager.default.createFile(atPath: outputURL.path, contents: nil)
        let output = try FileHandle(forWritingTo: outputURL)
        defer { try? output.close() }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        // The bundled run lasts about 5 500 s: at 60x the replay would take a minute and a half, with one
        // frame (one line, a few hundred bytes) per second, which would fill no output buffer for minutes.
        process.arguments = ["replay", TestPaths.sampleTrack("run-garmin-connect-hr-cadence.gpx").path, "--speed", "60", "--fps", "1", "--format", format]
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        defer {
            if process.isRunning { kill(process.processIdentifier, SIGKILL) }
            process.waitUntilExit()
        }
        var lines: [Substring] = []
        let deadline = Date().addingTimeInterval(20)
        while lines.count < 3, Date() < deadline, process.isRunning {
            Thread.sleep(forTimeInterval: 0.1)
            lines = try String(contentsOf: outputURL, encoding: .utf8).split(separator: "\n")
        }
        #expect(process.isRunning, "the replay is still running")
        #expect(lines.count >= 3, "lines written so far: \(lines.count)")
    }

    @Test func usageErrors() throws {
        #expect(try CLI.run(["replay", "x.gpx", "--fps", "500"]).status == 64)
        #expect(try CLI.run(["replay", "x.gpx", "--speed", "2", "--as-fast-as-possible"]).status == 64)
        #expect(try CLI.run(["replay", "/nonexistent.gpx", "--as-fast-as-possible"]).status == 66)
    }
}
