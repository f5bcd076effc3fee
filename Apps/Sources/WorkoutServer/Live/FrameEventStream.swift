import Foundation
import WorkoutEngine

/// A session's frames and state changes as Server-Sent Events: `event: frame` (the frame JSON of
/// `route-replay replay`), `event: state` (`{"state","time","cause"}`), and a last `event: end` with the
/// stored workout's id. Frames come from a ``/WorkoutLive/TimelineScheduler`` on the continuous clock
/// (none while paused); for viewers other than the owner, positions inside the privacy zones are null.
struct FrameEventStream: Sendable {
    let session: LiveSession
    let framesPerSecond: Int
    let hiding: [PrivacyZone]
    let now: @Sendable () -> Double

    private enum Event: Sendable {
        case frame(WorkoutFrame)
        case state(SessionStateChange)
    }

    /// The events, each a complete SSE message; the stream ends after `end`, or when the session is
    /// released.
    func events() -> AsyncStream<String> {
        let (output, continuation) = AsyncStream<String>.makeStream(bufferingPolicy: .bufferingNewest(256))
        let session = self.session
        let hiding = self.hiding
        let descriptor = session.descriptor
        let now = { @Sendable in descriptor.sessionSeconds(atWallSeconds: self.now()) }
        let scheduler = TimelineScheduler(
            clock: ContinuousClock(), timeBase: (ContinuousClock.now, now()), framesPerSecond: framesPerSecond, timeScale: descriptor.timeScale)
        let task = Task {
            let (merged, mergedContinuation) = AsyncStream<Event>.makeStream(bufferingPolicy: .bufferingNewest(256))
            let changes = await session.observeStateChanges()
            let frames = scheduler.frames(of: session)
            await withTaskGroup(of: Void.self) { group in
                group.addTask {
                    for await frame in frames { mergedContinuation.yield(.frame(frame)) }
                }
                group.addTask {
                    for await change in changes { mergedContinuation.yield(.state(change)) }
                }
                group.addTask {
                    for await event in merged {
                        switch event {
                        case .frame(var frame):
                            ServerMetrics.frameLateness(seconds: (now() - frame.time) / descriptor.timeScale)
                            if frame.latitude != nil, let latitude = frame.latitude, let longitude = frame.longitude,
                               hiding.contains(where: { $0.contains(GeoCoordinate(latitude: latitude, longitude: longitude)) }) {
                                frame.latitude = nil
                                frame.longitude = nil
                            }
                            continuation.yield(Self.message(event: "frame", data: Self.json(frame)))
                        case .state(let change):
                            var json = JSONWriter()
                            json.beginObject()
                            json.string("state", change.state.rawValue)
                            json.number("time", change.time)
                            json.string("cause", change.cause.rawValue)
                            json.number("elapsedSeconds", change.elapsedSeconds)
                            json.endObject()
                            continuation.yield(Self.message(event: "state", data: json.text))
                        }
                    }
                }
                await group.next()
                await group.next()
                mergedContinuation.finish()
                await group.next()
            }
            var json = JSONWriter()
            json.beginObject()
            if let id = await session.workoutID { json.integer("workoutId", Int(id)) } else { json.null("workoutId") }
            json.endObject()
            continuation.yield(Self.message(event: "end", data: json.text))
            continuation.finish()
        }
        continuation.onTermination = { _ in task.cancel() }
        return output
    }

    /// The frame record, keys in the order the replay prints them.
    static func json(_ frame: WorkoutFrame) -> String {
        var json = JSONWriter()
        do { try json.encode(frame) } catch { return "{}" }
        return json.text
    }

    /// One SSE message (`data` is one line of JSON).
    static func message(event: String, data: String) -> String {
        "event: \(event)\ndata: \(data)\n\n"
    }
}
