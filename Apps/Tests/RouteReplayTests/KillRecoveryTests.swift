import Foundation
import Logging
import Testing
import TestSupport
import WorkoutEngine

/// Whether the built `route-replay replay` accepts `--journal` (wired by the live-session work).
private let replayHasJournalOption: Bool = {
    guard let help = try? RouteReplayBinary.run(["replay", "--help"]) else { return false }
    return help.standardOutput.contains("--journal")
}()

/// Starts `route-replay replay <track> --journal DIR` on a real track, kills it with SIGKILL at random
/// moments, and checks that recovery gives an exact prefix of the input.
@Suite(.enabled(if: replayHasJournalOption, "route-replay replay has no --journal option yet"))
struct KillRecoveryTests {
    static let track = TestPaths.sampleTrack("run-garmin-connect-hr-cadence.gpx")

    struct Sink: TrackSampleSink {
        var samples: [Sample] = []
        mutating func consume(_ sample: Sample) throws { samples.append(sample) }
    }

    static func bits(_ sample: Sample) -> [UInt8] { JournalRecord.sample(sample).encoded() }

    @Test func killedReplayRecoversAnExactPrefix() throws {
        let binary = try #require(RouteReplayBinary.path)
        var sink = Sink()
        _ = try TrackReader.read(TrackInput(path: Self.track.path), into: &sink)
        let input = sink.samples
        let logger = Logger(label: "kill-tests", factory: { _ in SwiftLogNoOpLogHandler() })
        var rng = SplitMix64(seed: 0x5EED)
        var recoveredCounts: [Int] = []
        // The track lasts about 5 500 s: at 1 500x the replay takes about 3.7 s.
        for round in 0..<20 {
            let directory = try TestPaths.temporaryDirectory("kill-\(round)").path
            let process = Process()
            process.executableURL = URL(fileURLWithPath: binary)
            process.arguments = ["replay", Self.track.path, "--journal", directory, "--speed", "1500"]
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            Thread.sleep(forTimeInterval: Double.random(in: 0.3...3.0, using: &rng))
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()

            let outcomes = try SessionRecovery.recover(
                directory: directory, now: Date().timeIntervalSince1970, includeSamples: true, logger: logger)
            #expect(outcomes.count <= 1)
            guard case .recovered(let session)? = outcomes.first else {
                if let outcome = outcomes.first { Issue.record("round \(round): \(outcome)") }
                continue
            }
            #expect(session.samples.count <= input.count)
            let exact = zip(session.samples, input).allSatisfy { Self.bits($0) == Self.bits($1) }
            #expect(exact, "round \(round): the recovered samples are not a prefix of the input")
            #expect(session.builder.clock.state != .running)
            recoveredCounts.append(session.journaledSampleCount)
        }
        // Kills landed at different moments, most of them mid-way.
        #expect(Set(recoveredCounts).count >= 10)
        #expect(recoveredCounts.filter { $0 > 0 && $0 < input.count }.count >= 10)
    }
}
