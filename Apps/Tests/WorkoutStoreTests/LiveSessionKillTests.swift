import Foundation
import Testing
import TestSupport
import WorkoutEngine
@testable import WorkoutStore

/// Two real processes on one database: `route-replay live` (node A) plays a track into a live session and
/// is killed with SIGKILL mid-way; a second `route-replay live` (node B) takes the session over at once and
/// plays on. The journal then holds every sample of the track exactly once, in order (so every sample A
/// had committed, and none twice), and the session ends as a stored workout with every fix.
enum LiveSessionKill {
    static func killedNodeIsTakenOver(_ backend: StoreBackend) async throws {
        let binary = try #require(RouteReplayBinary.path)
        let location = try backend.freshLocation("live-kill")
        await (try await WorkoutStores.open(location)).close()  // migrated before the kill
        let track = StoreConformance.suunto
        let samples = try LiveSessionConformance.samples(of: track)
        let id = UUID()

        // Node A: commits every 20 samples, 1 ms apart; killed after its fifth commit.
        let nodeA = Process()
        nodeA.executableURL = URL(fileURLWithPath: binary)
        nodeA.arguments = ["live", track, "--store", location, "--node", "node-a", "--session", id.uuidString,
                           "--sync-every", "20", "--sample-delay-milliseconds", "1"]
        let pipe = Pipe()
        nodeA.standardOutput = pipe
        nodeA.standardError = FileHandle.nullDevice
        try nodeA.run()
        var output = ""
        var committed: [Int] = []
        while committed.count < 5 {
            let chunk = pipe.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            output += String(decoding: chunk, as: UTF8.self)
            committed = output.components(separatedBy: "\n").compactMap { line in
                line.hasPrefix("committed ") ? Int(line.dropFirst("committed ".count)) : nil
            }
        }
        kill(nodeA.processIdentifier, SIGKILL)
        nodeA.waitUntilExit()
        #expect(nodeA.terminationReason == .uncaughtSignal)
        let lastCommitted = try #require(committed.last, "node A printed no commit: \(output)")
        #expect(lastCommitted < samples.count, "the kill came mid-way")

        // Node B takes over. The server notices A's connection is gone within milliseconds; until it has,
        // the lease is still held (exit 75), so B tries again a few times.
        var result = try runProcess(binary, ["live", track, "--store", location, "--node", "node-b", "--session", id.uuidString, "--sync-every", "500"])
        var attempts = 1
        while result.status == 75, attempts < 20 {
            try await Task.sleep(for: .milliseconds(100))
            result = try runProcess(binary, ["live", track, "--store", location, "--node", "node-b", "--session", id.uuidString, "--sync-every", "500"])
            attempts += 1
        }
        #expect(result.status == 0, "node B: \(result.standardError)")
        let first = try #require(result.standardOutput.components(separatedBy: "\n").first)
        #expect(first.hasPrefix("session \(id) epoch 2 from sample "), "\(first)")
        let resumedFrom = try #require(Int(first.components(separatedBy: " ").last ?? ""))
        #expect(resumedFrom >= lastCommitted, "every sample node A committed survived (\(resumedFrom) < \(lastCommitted))")
        #expect(result.standardOutput.hasSuffix("released\n"))

        // Every sample of the track, once, in order: the ones A committed, then B's.
        let store = try await WorkoutStores.open(location)
        let journal = try await (store as! any LiveSessionBackend).liveJournal(id)
        let records = try JournalReader.records(in: journal).records
        let journaled = records.compactMap { record -> Sample? in if case .sample(let sample) = record { sample } else { nil } }
        #expect(journaled.count == samples.count)
        #expect(journaled == samples)
        // A pause where A died (recovery's) and a resume where B went on: nothing else.
        let events = records.compactMap { record -> SessionEventKind? in if case .event(let kind, _) = record { kind } else { nil } }
        #expect(events == [.pause, .resume])

        // A third node ends it: the stored workout has every fix a direct import of the track has.
        let nodeC = try await LiveSessions(store: store, nodeID: "node-c")
        let session = try await nodeC.acquire(id)
        let outcome = try await session.end(at: try #require(samples.last?.time))
        let imported = try ImportedWorkout(contentsOf: track, athlete: "x", options: WorkoutSessionConfiguration().options)
        let channels = try #require(try await store.channels(workoutID: outcome.id))
        #expect(channels.count == imported.channels.count)
        #expect(channels.timeSeconds == imported.channels.timeSeconds)
        await nodeC.shutdown()
        await store.close()
    }
}

/// `kill -9` of a node on SQLite (two processes sharing the file).
@Suite struct SQLiteLiveSessionKillTests {
    @Test func killedNodeIsTakenOver() async throws { try await LiveSessionKill.killedNodeIsTakenOver(.sqlite) }
}

/// `kill -9` of a node on PostgreSQL.
@Suite(.enabled(if: StoreBackend.postgresURL != nil, "WORKOUT_STORE_POSTGRES_URL is unset: run through scripts/with-postgres.sh (scripts/test.sh does)"))
struct PostgresLiveSessionKillTests {
    @Test func killedNodeIsTakenOver() async throws { try await LiveSessionKill.killedNodeIsTakenOver(.postgres) }
}
