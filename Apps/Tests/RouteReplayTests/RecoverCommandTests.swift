import Foundation
import Logging
import Testing
import TestSupport
import WorkoutEngine

/// `route-replay recover DIR`, end to end on the built binary.
struct RecoverCommandTests {
    static let logger = Logger(label: "recover-tests", factory: { _ in SwiftLogNoOpLogHandler() })

    /// A directory with one interrupted session (60 s of a straight run) and one journal of an unknown version.
    static func makeDirectory() throws -> (directory: String, sessionID: UUID) {
        let directory = try TestPaths.temporaryDirectory("recover-cli").path
        let id = UUID()
        // Last active two minutes ago (the snapshot's wall clock is injected).
        let t0 = Date().timeIntervalSince1970 - 120
        let options = WorkoutOptions(activity: .running)
        var builder = WorkoutBuilder(options: options)
        let recorder = PersistentSessionRecorder(directory: directory, options: options, sessionID: id, logger: logger, now: { t0 + 60 })
        recorder.record(builder.start(at: t0))
        for second in 0..<60 {
            recorder.record(builder.add(.location(LocationSample(time: t0 + Double(second), latitude: 47.37 + Double(second) * 3e-5, longitude: 8.54, horizontalAccuracyMeters: 3))))
        }
        #expect(recorder.sync())
        // A torn tail.
        let handle = try #require(FileHandle(forWritingAtPath: JournalFormat.journalPath(directory: directory, sessionID: id)))
        handle.seekToEndOfFile()
        handle.write(Data([0x40, 0, 0, 0, 0x01]))
        try handle.close()
        var future = JournalHeader(sessionID: UUID(), options: WorkoutOptions(), startTime: t0).encoded()
        future[8] = 7
        try Data(future).write(to: URL(fileURLWithPath: "\(directory)/\(UUID().uuidString).wejournal"))
        return (directory, id)
    }

    @Test func printsSummariesAndDiscardReasonsAsJSON() throws {
        let (directory, id) = try Self.makeDirectory()
        let result = try RouteReplayBinary.run(["recover", directory, "--format", "json"])
        #expect(result.status == 0, "stderr: \(result.standardError)")
        let object = try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any]
        let sessions = try #require(object?["sessions"] as? [[String: Any]])
        #expect(sessions.count == 2)
        let recovered = try #require(sessions.first { $0["status"] as? String == "recovered" })
        #expect(recovered["sessionID"] as? String == id.uuidString)
        #expect(recovered["droppedTailBytes"] as? Int == 5)
        #expect(recovered["journaledSampleCount"] as? Int == 60)
        let summary = try #require(recovered["summary"] as? [String: Any])
        #expect(summary["activity"] as? String == "running")
        #expect((summary["distanceMeters"] as? Double ?? 0) > 150)
        let discarded = try #require(sessions.first { $0["status"] as? String == "discarded" })
        #expect(discarded["reason"] as? String == "unknown format version 7")
    }

    @Test func printsTextAndHonoursMaxAge() throws {
        let (directory, id) = try Self.makeDirectory()
        let text = try RouteReplayBinary.run(["recover", directory, "--format", "text"])
        #expect(text.status == 0)
        #expect(text.standardOutput.contains("Session \(id.uuidString): recovered, 60 samples, 5 damaged bytes dropped"))
        #expect(text.standardOutput.contains("Distance:"))
        #expect(text.standardOutput.contains("discarded, unknown format version 7"))

        let expired = try RouteReplayBinary.run(["recover", directory, "--format", "text", "--max-age", "30"])
        #expect(expired.status == 0)
        #expect(expired.standardOutput.contains("Session \(id.uuidString): discarded, expired"))
        #expect(expired.standardOutput.contains("5 damaged bytes dropped"))
    }

    @Test func exitCodes() throws {
        let empty = try TestPaths.temporaryDirectory("recover-empty").path
        let none = try RouteReplayBinary.run(["recover", empty, "--format", "text"])
        #expect(none.status == 0)
        #expect(none.standardOutput == "No interrupted session.\n")
        let emptyJSON = try RouteReplayBinary.run(["recover", empty])
        #expect(emptyJSON.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines) == "{\"sessions\":[]}")

        let missing = try RouteReplayBinary.run(["recover", "/nonexistent/\(UUID().uuidString)"])
        #expect(missing.status == 66)
        #expect(missing.standardError.contains("no such directory"))

        let badAge = try RouteReplayBinary.run(["recover", empty, "--max-age", "-5"])
        #expect(badAge.status == 64)
    }
}
