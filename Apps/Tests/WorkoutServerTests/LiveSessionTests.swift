import AsyncHTTPClient
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import Testing
import WorkoutEngine
import TestSupport
import WorkoutServer
import WorkoutStore

/// The samples of a bundled track, shifted so that the last one is `endingAt` (seconds since 1970).
func liveSamples(_ name: String, count: Int? = nil, endingAt end: Double = Date().timeIntervalSince1970) throws -> [Sample] {
    struct Collector: TrackSampleSink { var samples: [Sample] = []; mutating func consume(_ sample: Sample) throws { samples.append(sample) } }
    var collector = Collector()
    _ = try TrackReader.read(try TrackInput(path: TestPaths.sampleTrack(name).path), into: &collector)
    var samples = collector.samples.filter { $0.time != nil }
    if let count { samples = Array(samples.prefix(count)) }
    let shift = end - (samples.last?.time ?? end)
    return samples.map { $0.shifted(by: shift) }
}

extension Sample {
    /// The sample `seconds` later.
    func shifted(by seconds: Double) -> Sample {
        switch self {
        case .location(var s): s.time = s.time.map { $0 + seconds }; return .location(s)
        case .heartRate(var s): s.time = s.time.map { $0 + seconds }; return .heartRate(s)
        case .cadence(var s): s.time = s.time.map { $0 + seconds }; return .cadence(s)
        case .power(var s): s.time = s.time.map { $0 + seconds }; return .power(s)
        case .activeEnergy(var s): s.time = s.time.map { $0 + seconds }; return .activeEnergy(s)
        case .event(var s): s.time = s.time.map { $0 + seconds }; return .event(s)
        case .weather(var s): s.time = s.time.map { $0 + seconds }; return .weather(s)
        case .distance(var s): s.time = s.time.map { $0 + seconds }; return .distance(s)
        }
    }
}

/// Samples as NDJSON, one record per line (the samples schema).
func ndjson(_ samples: [Sample]) throws -> String {
    let encoder = JSONEncoder()
    return try samples.map { String(decoding: try encoder.encode($0), as: UTF8.self) }.joined(separator: "\n") + "\n"
}

/// Live sessions against a real server: streamed samples, pause and resume, frames as SSE, the end.
@Suite struct LiveSessionTests {
    @Test func streamedSamplesEndAsAStoredWorkout() async throws {
        let fixture = try await ServerFixture("live-end")
        let app = try await fixture.application()
        let samples = try liveSamples("run-garmin-connect-hr-cadence.gpx", count: 900)
        try await app.serve { client in
            let created = try await client.execute(uri: "/v1/sessions", method: .post, headers: headers(fixture.anaToken, contentType: "application/json"),
                                                   body: ByteBuffer(string: #"{"activity":"running","units":"metric"}"#))
            #expect(created.status == .created)
            let id = try #require(try jsonObject(created.body)["id"] as? String)
            #expect(try jsonObject(created.body)["state"] as? String == "notStarted")
            // One request with 600 samples, then one per request, as a phone would send them.
            let first = try await client.execute(uri: "/v1/sessions/\(id)/samples", method: .post,
                                                 headers: headers(fixture.anaToken, contentType: "application/x-ndjson"),
                                                 body: ByteBuffer(string: try ndjson(Array(samples.prefix(600)))))
            #expect(first.status == .ok, "\(String(buffer: first.body))")
            #expect(try jsonObject(first.body)["accepted"] as? Int == 600)
            for sample in samples.dropFirst(600) {
                let one = try await client.execute(uri: "/v1/sessions/\(id)/samples", method: .post, headers: headers(fixture.anaToken),
                                                   body: ByteBuffer(string: try ndjson([sample])))
                #expect(one.status == .ok)
            }
            let snapshot = try jsonObject(try await client.execute(uri: "/v1/sessions/\(id)", method: .get, headers: headers(fixture.anaToken)).body)
            #expect(snapshot["sampleCount"] as? Int == samples.count)
            #expect(snapshot["state"] as? String == "running")
            // Others do not see it; its owner ends it and it becomes a workout.
            #expect(try await client.execute(uri: "/v1/sessions/\(id)", method: .get, headers: headers(fixture.benToken)).status == .notFound)
            let ended = try await client.execute(uri: "/v1/sessions/\(id)/end", method: .post, headers: headers(fixture.anaToken))
            #expect(ended.status == .ok, "\(String(buffer: ended.body))")
            let workoutID = try #require(try jsonObject(ended.body)["workoutId"] as? Int)
            let workout = try jsonObject(try await client.execute(uri: "/v1/workouts/\(workoutID)", method: .get, headers: headers(fixture.anaToken)).body)
            // The same samples through the library directly, with a live session's options.
            let descriptor = LiveSessionDescriptor(athlete: "ana", activity: .running)
            let expected = try WorkoutSummary(samples: samples, options: descriptor.options)
            let summary = try #require(workout["summary"] as? [String: Any])
            #expect((summary["distanceMeters"] as? Double).map { abs($0 - expected.metrics.distanceMeters) < 0.01 } == true)
            #expect(summary["locationCount"] as? Int == expected.metrics.locationCount)
            // An ended session is gone from the live API, and its journal folder is removed.
            #expect(try await client.execute(uri: "/v1/sessions/\(id)", method: .get, headers: headers(fixture.anaToken)).status == .notFound)
            #expect(!FileManager.default.fileExists(atPath: "\(fixture.journalDirectory)/\(id.uppercased())"))
        }
        await fixture.close()
    }

    @Test func aMalformedLineKeepsEverySampleBeforeIt() async throws {
        let fixture = try await ServerFixture("live-malformed")
        let app = try await fixture.application()
        let samples = try liveSamples("run-garmin-connect-hr-cadence.gpx", count: 10)
        try await app.serve { client in
            let id = try #require(try jsonObject(try await client.execute(uri: "/v1/sessions", method: .post, headers: headers(fixture.anaToken)).body)["id"] as? String)
            let body = try ndjson(samples) + #"{"type":"location","time":1700000000,"latitude":"north","longitude":8.5}"# + "\n"
            let response = try await client.execute(uri: "/v1/sessions/\(id)/samples", method: .post, headers: headers(fixture.anaToken), body: ByteBuffer(string: body))
            #expect(response.status == .badRequest)
            let error = try jsonObject(response.body)
            #expect(error["acceptedSamples"] as? Int == 10)
            #expect(error["line"] as? Int == 11)
            #expect((error["message"] as? String)?.contains("latitude") == true)
            let session = try jsonObject(try await client.execute(uri: "/v1/sessions/\(id)", method: .get, headers: headers(fixture.anaToken)).body)
            #expect(session["sampleCount"] as? Int == 10)
            // A body that is not JSON at all, and an unknown session.
            let garbage = try await client.execute(uri: "/v1/sessions/\(id)/samples", method: .post, headers: headers(fixture.anaToken), body: ByteBuffer(string: "{{{\n"))
            #expect(garbage.status == .badRequest)
            #expect(try await client.execute(uri: "/v1/sessions/\(UUID().uuidString)", method: .get, headers: headers(fixture.anaToken)).status == .notFound)
            let badOptions = try await client.execute(uri: "/v1/sessions", method: .post, headers: headers(fixture.anaToken), body: ByteBuffer(string: #"{"activity":"rowing"}"#))
            #expect(badOptions.status == .badRequest)
        }
        await fixture.close()
    }

    @Test func framesFlowWhileRunningAndStopWhilePaused() async throws {
        let fixture = try await ServerFixture("live-frames")
        let app = try await fixture.application()
        try await app.serve { client in
            let port = try #require(client.port)
            let id = try #require(try jsonObject(try await client.execute(uri: "/v1/sessions", method: .post, headers: headers(fixture.anaToken)).body)["id"] as? String)
            _ = try await client.execute(uri: "/v1/sessions/\(id)/resume", method: .post, headers: headers(fixture.anaToken))
            // The viewer joins a running session; the test goes on once its first frame is in.
            let (connected, connectedContinuation) = AsyncStream<Void>.makeStream()
            let reader = Task {
                try await EventStreamReader.read(port: port, uri: "/v1/sessions/\(id)/frames?fps=10", token: fixture.anaToken) { events in
                    if events.count == 1 { connectedContinuation.yield() }
                    return events.last?.name == "end"
                }
            }
            for await _ in connected { break }
            try await Task.sleep(for: .seconds(1))
            _ = try await client.execute(uri: "/v1/sessions/\(id)/pause", method: .post, headers: headers(fixture.anaToken))
            try await Task.sleep(for: .milliseconds(1500))
            _ = try await client.execute(uri: "/v1/sessions/\(id)/resume", method: .post, headers: headers(fixture.anaToken))
            try await Task.sleep(for: .milliseconds(500))
            let samples = try liveSamples("run-garmin-connect-hr-cadence.gpx", count: 5, endingAt: Date().timeIntervalSince1970)
            _ = try await client.execute(uri: "/v1/sessions/\(id)/samples", method: .post, headers: headers(fixture.anaToken), body: ByteBuffer(string: try ndjson(samples)))
            let ended = try await client.execute(uri: "/v1/sessions/\(id)/end", method: .post, headers: headers(fixture.anaToken))
            #expect(ended.status == .ok, "\(String(buffer: ended.body))")
            let (status, contentType, events) = try await reader.value
            #expect(status == 200)
            #expect(contentType == "text/event-stream")
            let frames = try events.filter { $0.name == "frame" }.map { try jsonObject(ByteBuffer(string: $0.data)) }
            let times = frames.compactMap { $0["trackTime"] as? Double }
            let states = try events.filter { $0.name == "state" }.map { try jsonObject(ByteBuffer(string: $0.data)) }
            #expect(states.map { $0["state"] as? String } == ["paused", "running", "ended"])
            let pausedAt = try #require(states.first?["time"] as? Double)
            let resumedAt = try #require(states.dropFirst().first?["time"] as? Double)
            #expect(resumedAt - pausedAt >= 1.5)
            // Every frame was made while the session ran. The pause is stamped when its request arrives and
            // takes effect when the session gets to it, so a frame may fall due between the two; none falls
            // due in the rest of the pause (1.5 s, 15 frames at 10 a second, where a loaded machine's delay is
            // well under 0.5 s).
            #expect(frames.allSatisfy { $0["state"] as? String == "running" })
            #expect(times.allSatisfy { $0 < pausedAt + 0.5 || $0 >= resumedAt }, "\(times.map { $0 - pausedAt })")
            #expect(times.contains { $0 < pausedAt })
            #expect(times.contains { $0 >= resumedAt })
            // At most 10 a second: the frames of a running stretch are due k/10 s apart, none twice.
            let first = times.filter { $0 < resumedAt }
            for time in first {
                let k = (time - first[0]) * 10
                #expect(abs(k - k.rounded()) < 1e-3, "frame at \(time - first[0]) s into the stretch")
            }
            #expect(Set(first.map { (($0 - first[0]) * 10).rounded() }).count == first.count)
            // Elapsed time does not count the pause. (The times are seconds since 1970, about 1.8e9, where a
            // Double resolves 2.4e-7 s; four of them meet in this sum, so 1e-5 s is exact to their resolution.)
            if let last = frames.last, let elapsed = last["elapsedSeconds"] as? Double, let firstFrame = frames.first,
               let firstElapsed = firstFrame["elapsedSeconds"] as? Double, let time = last["trackTime"] as? Double {
                #expect(abs((elapsed - firstElapsed) - (time - times[0] - (resumedAt - pausedAt))) < 1e-5)
            }
            let end = try #require(events.last)
            #expect(end.name == "end")
            #expect(try jsonObject(ByteBuffer(string: end.data))["workoutId"] as? Int == (try jsonObject(ended.body)["workoutId"] as? Int))
        }
        await fixture.close()
    }

    @Test func onlyTheOwnerChangesASharedSession() async throws {
        let fixture = try await ServerFixture("live-shared")
        let app = try await fixture.application()
        try await app.serve { client in
            let id = try #require(try jsonObject(try await client.execute(uri: "/v1/sessions", method: .post, headers: headers(fixture.anaToken),
                                                                         body: ByteBuffer(string: #"{"shared":true}"#)).body)["id"] as? String)
            #expect(try await client.execute(uri: "/v1/sessions/\(id)", method: .get, headers: headers(fixture.benToken)).status == .ok)
            #expect(try await client.execute(uri: "/v1/sessions/\(id)/pause", method: .post, headers: headers(fixture.benToken)).status == .forbidden)
            #expect(try await client.execute(uri: "/v1/sessions/\(id)/end", method: .post, headers: headers(fixture.benToken)).status == .forbidden)
            let list = try jsonObject(try await client.execute(uri: "/v1/sessions", method: .get, headers: headers(fixture.anaToken)).body)
            #expect((list["sessions"] as? [Any])?.count == 1)
            #expect((try jsonObject(try await client.execute(uri: "/v1/sessions", method: .get, headers: headers(fixture.benToken)).body)["sessions"] as? [Any])?.isEmpty == true)
        }
        await fixture.close()
    }
}
