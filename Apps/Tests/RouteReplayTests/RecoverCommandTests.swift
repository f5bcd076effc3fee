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
        #expect(recorder.close())
        // A torn tail.
        let handle = try #require(FileHandle(forWritingAtPath: JournalFormat.journalPath(directory: directory, sessionID: id)))
        handle.seekToEndOfFile()
        handle.write(Data([0x40, 0, 0, 0, 0x01]))
        try handle.close()
        // Last written a minute ago, as the snapshot's injected clock says (recovery reads the file's time too).
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSince1970: t0 + 60)],
                                              ofItemAtPath: JournalFormat.journalPath(directory: directory, sessionID: id))
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

    /// A journal of the first `journaled` fixes of a straight 3 m/s run, and the run as an NDJSON track.
    static func journalAndTrack(fixes: Int, journaled: Int) throws -> (directory: String, track: String, id: UUID) {
        let directory = try TestPaths.temporaryDirectory("recover-continue").path
        let t0 = 1_700_000_000.0
        let samples = (0..<fixes).map { second in
            Sample.location(LocationSample(time: t0 + Double(second), latitude: 47.37 + Double(second) * 2.7e-5, longitude: 8.54))
        }
        let track = "\(directory)/run.ndjson"
        let lines = samples.map { sample -> String in
            guard case .location(let fix) = sample else { return "" }
            return "{\"type\":\"location\",\"time\":\(fix.time ?? 0),\"latitude\":\(fix.latitude),\"longitude\":\(fix.longitude)}"
        }
        try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: URL(fileURLWithPath: track))
        let options = WorkoutOptions(activity: .running)
        var builder = WorkoutBuilder(options: options)
        let id = UUID()
        let recorder = PersistentSessionRecorder(directory: directory, options: options, sessionID: id, logger: logger)
        for sample in samples.prefix(journaled) { recorder.record(builder.add(sample)) }
        #expect(recorder.close())
        return (directory, track, id)
    }

    @Test func continuingWithAnotherTrackIsAUsageErrorAndKeepsTheJournal() throws {
        let (directory, _, id) = try Self.journalAndTrack(fixes: 120, journaled: 90)
        let other = TestPaths.sampleTrack("run-garmin-connect-hr-cadence.gpx").path
        let refused = try RouteReplayBinary.run(["recover", directory, "--continue", other])
        #expect(refused.status == 64, "stderr: \(refused.standardError)")
        #expect(refused.standardError.contains("sample 1 of the track differs from the journal"))
        let listing = try RouteReplayBinary.run(["recover", directory, "--format", "text"])
        #expect(listing.standardOutput.contains("Session \(id.uuidString): recovered, 90 samples"))

        let (shortDirectory, shortTrack, _) = try Self.journalAndTrack(fixes: 60, journaled: 60)
        // The journal holds 60; a track of 40 of them is not the one the session replayed.
        let shorter = "\(shortDirectory)/shorter.ndjson"
        let lines = try String(contentsOfFile: shortTrack, encoding: .utf8).split(separator: "\n").prefix(40)
        try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: URL(fileURLWithPath: shorter))
        let short = try RouteReplayBinary.run(["recover", shortDirectory, "--continue", shorter])
        #expect(short.status == 64, "stderr: \(short.standardError)")
        #expect(short.standardError.contains("fewer than the 60 the journal holds"))
    }

    @Test func aSecondWriterIsTurnedAway() throws {
        let (directory, track, _) = try Self.journalAndTrack(fixes: 120, journaled: 90)
        let outcomes = try SessionRecovery.recover(directory: directory, now: Date().timeIntervalSince1970, logger: Self.logger)
        guard case .recovered(let session)? = outcomes.first else { Issue.record("\(outcomes)"); return }
        // This process writes the session; the CLI is a second writer.
        let writer = try PersistentSessionRecorder(continuing: session, logger: Self.logger)
        let second = try RouteReplayBinary.run(["recover", directory, "--continue", track])
        #expect(second.status == 75, "stderr: \(second.standardError)")
        #expect(second.standardError.contains("another process is writing this session"))
        #expect(writer.close())
        // Once it lets go, the CLI continues and closes the session out.
        let third = try RouteReplayBinary.run(["recover", directory, "--continue", track])
        #expect(third.status == 0, "stderr: \(third.standardError)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory).contains { $0.hasSuffix(".summary.json") })
    }
}
