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

/// A stored workout replayed through a live session at a chosen speed (`POST /v1/workouts/{id}/replay`),
/// against a real server: the session's clock runs at the speed, its frames stay per wall-clock second,
/// pause and resume keep the running time, and the end stores what it recorded.
@Suite struct ReplayTests {
    /// Uploads a bundled track as `ana`; returns its id.
    static func upload(_ name: String, _ client: some TestClientProtocol, _ fixture: ServerFixture) async throws -> Int {
        let response = try await client.execute(uri: "/v1/workouts?name=\(name)", method: .post, headers: headers(fixture.anaToken),
                                                body: try sampleTrackBytes(name))
        #expect(response.status == .created, "\(String(buffer: response.body))")
        return try #require(try jsonObject(response.body)["id"] as? Int)
    }

    static func frames(_ events: [EventStreamReader.Event]) throws -> [[String: Any]] {
        try events.filter { $0.name == "frame" }.map { try jsonObject(ByteBuffer(string: $0.data)) }
    }

    /// At 20 times real time, frames are 20/30 s of session time apart (a multiple of it where a late frame
    /// was skipped), the running time advances exactly as the session time does, and every position a
    /// frame shows is one of the recording's fixes.
    @Test func framesRunAtTheChosenSpeed() async throws {
        let fixture = try await ServerFixture("replay-speed")
        let app = try await fixture.application()
        try await app.test(.live) { client in
            let port = try #require(client.port)
            let workoutID = try await Self.upload("run-garmin-connect-hr-cadence.gpx", client, fixture)
            let created = try await client.execute(uri: "/v1/workouts/\(workoutID)/replay", method: .post,
                                                   headers: headers(fixture.anaToken, contentType: "application/json"),
                                                   body: ByteBuffer(string: #"{"speed":20}"#))
            #expect(created.status == .created, "\(String(buffer: created.body))")
            let session = try jsonObject(created.body)
            let id = try #require(session["id"] as? String)
            #expect(session["activity"] as? String == "running")
            let (status, _, events) = try await EventStreamReader.read(port: port, uri: "/v1/sessions/\(id)/frames", token: fixture.anaToken) {
                $0.filter { $0.name == "frame" }.count >= 45
            }
            #expect(status == 200)
            let frames = try Self.frames(events)
            #expect(frames.count >= 45)
            // Within each running stretch: the recording's gaps pause the session between them. Stretches
            // are told apart by the state changes' own times (the stream sends frames and state changes
            // from two tasks, so their order on it is not guaranteed).
            let step = 20.0 / 30
            let changeTimes = try events.filter { $0.name == "state" }.map { try #require(try jsonObject(ByteBuffer(string: $0.data))["time"] as? Double) }
            let timed = try frames.map { (time: try #require($0["trackTime"] as? Double), elapsed: try #require($0["elapsedSeconds"] as? Double)) }
                .sorted { $0.time < $1.time }
            var compared = 0
            // Session times are the recording's, seconds since 1970 (about 1.5e9, resolved to 2.4e-7 s by a
            // Double): 1e-5 s is exact to that resolution.
            for (previous, frame) in zip(timed, timed.dropFirst()) where !changeTimes.contains(where: { $0 > previous.time && $0 <= frame.time }) {
                let steps = (frame.time - previous.time) / step
                #expect(steps >= 0.999 && abs(steps - steps.rounded()) < 1e-5, "frames \(frame.time - previous.time) s apart")
                #expect(abs((frame.elapsed - previous.elapsed) - (frame.time - previous.time)) < 1e-5, "running time and session time part at \(frame.time)")
                compared += 1
            }
            #expect(compared >= 30)
            // (To 1e-9 degrees, 0.1 mm: the engine's filter and smoother take the stored fixes through
            // their arithmetic again.)
            let channels = try #require(try await fixture.store.channels(workoutID: Int64(workoutID)))
            for frame in frames {
                if let latitude = frame["latitude"] as? Double, let longitude = frame["longitude"] as? Double {
                    let nearest = zip(channels.latitudes, channels.longitudes).map { max(abs($0 - latitude), abs($1 - longitude)) }.min() ?? .infinity
                    #expect(nearest < 1e-9, "a frame shows \(latitude),\(longitude), \(nearest)° from the nearest recorded fix")
                }
            }
            #expect(frames.contains { $0["latitude"] is Double })
            let ended = try await client.execute(uri: "/v1/sessions/\(id)/end", method: .post, headers: headers(fixture.anaToken))
            #expect(ended.status == .ok, "\(String(buffer: ended.body))")
        }
        await fixture.close()
    }

    /// A pause through the API freezes the running time; after the resume it counts on from there; at
    /// the end of the recording the session pauses at its last sample, having taken in every sample, and
    /// ending it stores a workout as long as the recording.
    @Test func pauseResumeAndTheEndOfTheRecording() async throws {
        let speed = 100.0
        let fixture = try await ServerFixture("replay-pause")
        let app = try await fixture.application()
        try await app.test(.live) { client in
            let port = try #require(client.port)
            let workoutID = try await Self.upload("run-garmin-connect-hr-cadence.gpx", client, fixture)
            let original = try jsonObject(try await client.execute(uri: "/v1/workouts/\(workoutID)", method: .get, headers: headers(fixture.anaToken)).body)
            let channels = try #require(try await fixture.store.channels(workoutID: Int64(workoutID)))
            let created = try await client.execute(uri: "/v1/workouts/\(workoutID)/replay", method: .post, headers: headers(fixture.anaToken),
                                                   body: ByteBuffer(string: #"{"speed":\#(speed)}"#))
            let id = try #require(try jsonObject(created.body)["id"] as? String)
            let reader = Task {
                try await EventStreamReader.read(port: port, uri: "/v1/sessions/\(id)/frames?fps=10", token: fixture.anaToken) { events in
                    events.filter { $0.name == "state" }.count >= 3
                }
            }
            try await Task.sleep(for: .milliseconds(500))
            let paused = try await client.execute(uri: "/v1/sessions/\(id)/pause", method: .post, headers: headers(fixture.anaToken))
            #expect(try jsonObject(paused.body)["state"] as? String == "paused")
            try await Task.sleep(for: .seconds(3))
            let resumed = try await client.execute(uri: "/v1/sessions/\(id)/resume", method: .post, headers: headers(fixture.anaToken))
            #expect(try jsonObject(resumed.body)["state"] as? String == "running")
            // 5 498 s of recording at 100 times real time: about 55 s, less the 300 s the pause covered. (The
            // resume must come before the recording's end, or the session is left paused by the person and
            // the end never pauses it: 55 s leaves room for a slow request on a loaded machine.)
            let (_, _, events) = try await reader.value
            // The test client's one connection has been idle longer than the server's 30 s idle timeout, so
            // the server closed it: the rest goes through a client that opens connections as it needs them.
            let patient = PatientClient(port: port)
            let states = try events.filter { $0.name == "state" }.map { try jsonObject(ByteBuffer(string: $0.data)) }
            #expect(states.map { $0["state"] as? String } == ["paused", "running", "paused"])
            let pauseElapsed = try #require(states.first?["elapsedSeconds"] as? Double)
            #expect(states[1]["elapsedSeconds"] as? Double == pauseElapsed)
            let frames = try Self.frames(events)
            let pauseTime = try #require(states.first?["time"] as? Double)
            let resumeTime = try #require(states[1]["time"] as? Double)
            // About 300 s of session time passed during the 3 s pause, and no frame is due in it. (The
            // pause is stamped when its request arrives, and the frame scheduler hears of it a moment
            // later: a frame it made in between is stamped after the pause's time. Up to 0.5 s of that
            // on this loaded machine is allowed, a sixth of the pause.)
            #expect(resumeTime - pauseTime > 2 * speed)
            let lateFrames = frames.compactMap { $0["trackTime"] as? Double }.filter { $0 > pauseTime + 0.5 * speed && $0 < resumeTime }
            #expect(lateFrames.isEmpty, "frames while paused, \(lateFrames.map { $0 - pauseTime }) s after the pause")
            // After the resume the running time counts on from the pause's: by exactly the session time
            // since the resume (a frame due while the server was busy is skipped, never bunched).
            let lastPause = try #require(states.last?["time"] as? Double)
            let afterResume = frames.filter { (($0["trackTime"] as? Double) ?? 0) >= resumeTime && (($0["trackTime"] as? Double) ?? 0) <= lastPause }
            #expect(afterResume.count >= 5)
            for frame in afterResume {
                let time = try #require(frame["trackTime"] as? Double), elapsed = try #require(frame["elapsedSeconds"] as? Double)
                #expect(abs((elapsed - pauseElapsed) - (time - resumeTime)) < 1e-5, "at \(time - resumeTime) s after the resume the running time is \(elapsed - pauseElapsed) s on")
            }
            // The last pause is the recording's end: every sample taken in.
            let session = try jsonObject(try await patient.execute(uri: "/v1/sessions/\(id)", method: .get, headers: headers(fixture.anaToken)).body)
            #expect(session["state"] as? String == "paused")
            #expect(session["sampleCount"] as? Int == channels.replaySamples().count)
            let ended = try await patient.execute(uri: "/v1/sessions/\(id)/end", method: .post, headers: headers(fixture.anaToken))
            let stored = try #require(try jsonObject(ended.body)["workoutId"] as? Int)
            #expect(stored != workoutID)
            let replayed = try jsonObject(try await patient.execute(uri: "/v1/workouts/\(stored)", method: .get, headers: headers(fixture.anaToken)).body)
            // The positions during the pause were not counted; the straight line from the last fix before
            // the pause to the first after it is (a pause does not erase displacement), so the replay is at
            // most as long as the recording (0.5 % for the filter's different view of the fixes) and at
            // least the recording less its stretch during the pause (its share of the running time: 300 s of
            // 5 498 when the requests are prompt, more on a loaded machine; this run's pace varies, and a
            // pause may fall on a stretch run at up to twice the average speed).
            let originalDistance = try #require(original["distanceMeters"] as? Double)
            let replayedDistance = try #require(replayed["distanceMeters"] as? Double)
            let originalElapsed = try #require(original["elapsedSeconds"] as? Double)
            let pausedShare = (resumeTime - pauseTime) / originalElapsed
            #expect(replayedDistance <= originalDistance * 1.005)
            #expect(replayedDistance > originalDistance * (1 - 2 * pausedShare), "the pause covered \(pausedShare * 100) % of the running time")
            let replayedElapsed = try #require(replayed["elapsedSeconds"] as? Double)
            #expect(abs(replayedElapsed - (originalElapsed - (resumeTime - pauseTime))) < 1, "running time \(replayedElapsed) s")
        }
        await fixture.close()
    }

    /// What the route refuses: a speed out of range or not a number, unknown keys, another athlete's
    /// workout, no token.
    @Test func badRequestsAreRefused() async throws {
        let fixture = try await ServerFixture("replay-errors")
        let app = try await fixture.application()
        try await app.test(.live) { client in
            let workoutID = try await Self.upload("run-garmin-connect-hr-cadence.gpx", client, fixture)
            let uri = "/v1/workouts/\(workoutID)/replay"
            for body in [#"{"speed":0}"#, #"{"speed":5000}"#, #"{"speed":"fast"}"#, #"{"speed":true}"#, #"{"pace":2}"#, "[1]", "speed=2"] {
                let response = try await client.execute(uri: uri, method: .post, headers: headers(fixture.anaToken), body: ByteBuffer(string: body))
                #expect(response.status == .badRequest, "\(body)")
                #expect(try jsonObject(response.body)["error"] as? String == "malformed_input")
            }
            #expect(try await client.execute(uri: uri, method: .post, headers: headers(fixture.benToken)).status == .notFound)
            #expect(try await client.execute(uri: uri, method: .post, headers: headers(nil)).status == .unauthorized)
            #expect(try await client.execute(uri: "/v1/workouts/999/replay", method: .post, headers: headers(fixture.anaToken)).status == .notFound)
            // Without a body: real time.
            let plain = try await client.execute(uri: uri, method: .post, headers: headers(fixture.anaToken))
            #expect(plain.status == .created)
        }
        await fixture.close()
    }
}
