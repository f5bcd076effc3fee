public import Foundation
public import Hummingbird
import NIOCore
import WorkoutEngine
public import WorkoutStore

/// `POST /v1/workouts/{id}/replay`: the caller's stored workout replayed through a new live session at a
/// chosen speed, as if the athlete were recording it now. The answer is the new session (201, the
/// OpenAPI document's `Session`); its frames, pause, resume and end are the live-session routes', and
/// ending it stores what it recorded as a new workout.
///
/// The session runs on a ``SessionTimeAxis`` X times faster than the wall clock from the moment of the
/// request: the recording's first sample is at that moment, later ones keep their spacing and arrive
/// X times sooner (``ReplayService``). Body (optional): `{"speed": X}`, 0.1 to 1000, default 1.
public struct ReplayController: Sendable {
    let workouts: WorkoutController
    let sessions: SessionController
    let registry: LiveSessionRegistry
    let store: any WorkoutStore
    let feeder: ReplayService
    /// The wall clock, seconds since 1970.
    let now: @Sendable () -> Double

    /// The supported speeds, times real time.
    public static let speeds: ClosedRange<Double> = 0.1...1000

    /// Replays through `registry`'s sessions, fed by `feeder`; `workouts` finds the caller's workout and
    /// `sessions` writes the session as its routes do.
    public init(
        workouts: WorkoutController, sessions: SessionController, registry: LiveSessionRegistry, store: any WorkoutStore,
        feeder: ReplayService, now: @escaping @Sendable () -> Double = { Date().timeIntervalSince1970 }
    ) {
        self.workouts = workouts
        self.sessions = sessions
        self.registry = registry
        self.store = store
        self.feeder = feeder
        self.now = now
    }

    /// Adds `POST :id/replay` to the `/v1/workouts` group.
    public func addRoutes(to group: RouterGroup<AppRequestContext>) {
        group.post(":id/replay", use: replay)
    }

    @Sendable func replay(_ request: Request, context: AppRequestContext) async throws -> Response {
        let workout = try await workouts.ownWorkout(request, context)
        var request = request
        let speed = try Self.speed(of: try await request.collectBody(upTo: 4096))
        guard let channels = try await ServerMetrics.timeStore("samples", { try await store.channels(workoutID: workout.id) }) else {
            throw APIError.notFound("samples of workout \(workout.id)")
        }
        let samples = channels.replaySamples()
        guard samples.contains(where: { if case .location = $0 { true } else { false } }) else {
            throw APIError(.unprocessableContent, .unusableInput, "workout \(workout.id) has no timed fixes to replay")
        }
        // The session's time axis and the instant the replay's first sample is due: the same moment.
        let startInstant = ContinuousClock.now
        let start = now()
        var descriptor = LiveSessionDescriptor(
            athlete: workout.athlete, activity: ActivityType(rawValue: workout.activity) ?? .running, autoPause: .off, createdAt: start)
        descriptor.timeAxis = SessionTimeAxis(wallSeconds: start, sessionSeconds: start, scale: speed)
        let session = try await registry.create(descriptor)
        try await session.resume(at: start)
        feeder.start(ReplayJob(session: session, samples: samples, start: (startInstant, start), speed: speed))
        return JSONResponse.text(try await sessions.sessionJSON(session), status: .created)
    }

    /// The `speed` of a body `{"speed": X}` (1 without a body or a speed).
    /// - Throws: ``APIError`` 400 for anything else, or a speed outside ``speeds``.
    static func speed(of body: ByteBuffer) throws -> Double {
        guard body.readableBytes > 0 else { return 1 }
        guard let object = try? JSONSerialization.jsonObject(with: Data(body.readableBytesView)) as? [String: Any] else {
            throw APIError(.badRequest, .malformedInput, "the body must be a JSON object, {\"speed\": times real time}")
        }
        if let unknown = object.keys.sorted().first(where: { $0 != "speed" }) {
            throw APIError(.badRequest, .malformedInput, "unknown key \"\(unknown)\"; expected speed")
        }
        struct Body: Decodable { var speed: Double? }
        guard let decoded = try? JSONDecoder().decode(Body.self, from: Data(body.readableBytesView)) else {
            throw APIError(.badRequest, .malformedInput, "speed: expected a number from \(speeds.lowerBound) to \(speeds.upperBound)")
        }
        guard let speed = decoded.speed else { return 1 }
        guard speeds.contains(speed) else {
            throw APIError(.badRequest, .malformedInput, "speed: \(speed) is outside \(speeds.lowerBound)...\(speeds.upperBound)")
        }
        return speed
    }
}
