import ArgumentParser
import Foundation
import WorkoutEngine
import WorkoutStore
#if canImport(Glibc)
import Glibc
#endif

extension RouteReplay {
    /// `route-replay live TRACK --store S --node N --session ID`: plays a track into a live session kept in
    /// a store, as a server's node does with a device's samples (the logic is `LiveSessions`'). Hidden: the
    /// two-process tests use it to kill a node mid-session and take the session over from another.
    struct Live: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "live",
            abstract: "Plays a track into a live session kept in a store, as a node of a server does.",
            discussion: """
            The session is acquired when it exists (its owner released it or died; it goes on from its last \
            committed sample, resuming at the next one), created otherwise. Every --sync-every samples it is \
            committed and "committed N" is printed (N samples durable). At the end of the track the session is \
            released ("released"), or with --end stored as a workout ("stored ID").
            Exit codes: 0 done, 64 usage error, 66 the track cannot be read, 69 the store cannot be opened, \
            75 another node that is alive holds the session.
            """,
            shouldDisplay: false)

        @Argument(help: "The track whose samples are played (GPX, TCX, FIT, JSON, NDJSON).", completion: .file())
        var track: String

        @Option(name: .long, help: "sqlite:PATH or postgres://USER@HOST:PORT/DATABASE.")
        var store: String

        @Option(name: .long, help: "This node's id (letters, digits, '.', '_', '-').")
        var node: String

        @Option(name: .long, help: "The session's UUID.")
        var session: String

        @Option(name: .long, help: "The athlete of a new session.")
        var athlete: String = "default"

        @Option(name: .long, help: "Commit after this many samples, and print how many are durable.")
        var syncEvery: Int = 50

        @Option(name: .long, help: "Milliseconds to wait after each sample (0: as fast as possible).")
        var sampleDelayMilliseconds: Int = 0

        @Flag(name: .long, help: "Store the session as a workout at the end of the track (default: release it).")
        var end = false

        func validate() throws {
            guard UUID(uuidString: session) != nil else { throw ValidationError("--session must be a UUID, got \(session)") }
            guard syncEvery >= 1 else { throw ValidationError("--sync-every must be 1 or more") }
            guard sampleDelayMilliseconds >= 0 else { throw ValidationError("--sample-delay-milliseconds must be 0 or more") }
        }

        func run() async throws {
            var samples = SampleCollector()
            do {
                _ = try TrackReader.read(try TrackInput(path: track), into: &samples)
            } catch {
                printError("\(error)")
                throw ExitCode(ExitStatus.inputUnavailable)
            }
            let opened: any WorkoutStore
            do {
                opened = try await WorkoutStores.open(store)
            } catch {
                printError("\(error)")
                throw ExitCode(ExitStatus.serviceUnavailable)
            }
            do {
                try await play(samples.samples, into: opened)
            } catch let error as StoreError {
                printError("\(error)")
                await opened.close()
                if case .leaseHeld = error { throw ExitCode(ExitStatus.temporaryFailure) }
                throw ExitCode(ExitStatus.serviceUnavailable)
            }
            await opened.close()
        }

        private func play(_ samples: [Sample], into store: any WorkoutStore) async throws {
            let id = UUID(uuidString: session) ?? UUID()
            let node = try await LiveSessions(store: store, nodeID: node)
            let live: LiveSession
            do {
                live = try await node.acquire(id)
            } catch StoreError.noSuchLiveSession {
                live = try await node.create(athlete: athlete, sessionID: id)
            }
            let skip = min(live.recovered?.journaledSampleCount ?? 0, samples.count)
            print("session \(id) epoch \(live.leaseEpoch) from sample \(skip)")
            fflush(nil)
            let state = await live.workout.state
            var resumeAtNextSample = skip > 0 && state == .paused
            for (index, sample) in samples.enumerated().dropFirst(skip) {
                if resumeAtNextSample, let time = sample.time {
                    await live.resume(at: time)
                    resumeAtNextSample = false
                }
                await live.ingest(sample)
                if (index + 1) % syncEvery == 0 {
                    try await live.sync()
                    print("committed \(live.durableSampleCount)")
                    fflush(nil)
                }
                if sampleDelayMilliseconds > 0 { try await Task.sleep(for: .milliseconds(sampleDelayMilliseconds)) }
            }
            if end {
                let outcome = try await live.end(at: samples.last?.time ?? Date().timeIntervalSince1970)
                print("stored \(outcome.id)")
            } else {
                try await live.sync()
                print("committed \(live.durableSampleCount)")
                try await live.release()
                print("released")
            }
            fflush(nil)
            await node.shutdown()
        }
    }
}

/// A track's samples, in file order.
private struct SampleCollector: TrackSampleSink {
    var samples: [Sample] = []
    mutating func trackActivity(named name: String) throws {}
    mutating func consume(_ sample: Sample) throws { samples.append(sample) }
}
