public import Foundation
public import Hummingbird
import NIOCore
import ServiceLifecycle
import WorkoutEngine
public import WorkoutStore

/// Live sessions over HTTP: create, feed samples (NDJSON, streamed), pause, resume, end (the workout is
/// stored), the snapshot, and the frames as Server-Sent Events.
public struct SessionController: Sendable {
    let registry: LiveSessionRegistry
    let store: any WorkoutStore
    let accounts: any AccountStore
    let privacy: PrivacyPolicy
    let maxBodyBytes: Int
    /// The wall clock, seconds since 1970 (the session time of calls without a `time`).
    let now: @Sendable () -> Double

    /// A controller over `registry`, storing ended sessions in `store`.
    public init(
        registry: LiveSessionRegistry, store: any WorkoutStore, accounts: any AccountStore, privacy: PrivacyPolicy, maxBodyBytes: Int,
        now: @escaping @Sendable () -> Double = { Date().timeIntervalSince1970 }
    ) {
        self.registry = registry
        self.store = store
        self.accounts = accounts
        self.privacy = privacy
        self.maxBodyBytes = maxBodyBytes
        self.now = now
    }

    /// Adds the `/v1/sessions` routes to `group` (the frame stream to `streams`, which has no metrics
    /// middleware timing whole streams).
    public func addRoutes(to group: RouterGroup<AppRequestContext>, streams: RouterGroup<AppRequestContext>) {
        group.post(use: create)
        group.get(use: list)
        group.get(":id", use: show)
        group.post(":id/samples", use: samples)
        group.post(":id/pause", use: pause)
        group.post(":id/resume", use: resume)
        group.post(":id/end", use: end)
        streams.get(":id/frames", use: frames)
    }

    // MARK: Routes

    @Sendable func create(_ request: Request, context: AppRequestContext) async throws -> Response {
        let athlete = try context.requireAthlete()
        var request = request
        let body = try await request.collectBody(upTo: 64 * 1024)
        var descriptor = LiveSessionDescriptor(athlete: athlete, createdAt: now())
        if body.readableBytes > 0 {
            try SessionRequestBody.apply(Data(body.readableBytesView), to: &descriptor)
        }
        let session = try await registry.create(descriptor)
        return JSONResponse.text(try await sessionJSON(session), status: .created)
    }

    @Sendable func list(_ request: Request, context: AppRequestContext) async throws -> Response {
        let athlete = try context.requireAthlete()
        var json = JSONWriter()
        json.beginObject()
        json.beginArray("sessions")
        for session in await registry.sessions(of: athlete) {
            json.raw(nil, try await sessionJSON(session))
        }
        json.endArray()
        json.endObject()
        return JSONResponse.text(json.text)
    }

    @Sendable func show(_ request: Request, context: AppRequestContext) async throws -> Response {
        let (session, _) = try await readableSession(request, context)
        return JSONResponse.text(try await sessionJSON(session))
    }

    /// Bodies up to this long (by their `Content-Length`) are read whole and parsed in place; longer or
    /// unannounced ones are parsed as they stream, on a reader thread of their own.
    static let inPlaceBodyBytes = 64 * 1024

    @Sendable func samples(_ request: Request, context: AppRequestContext) async throws -> Response {
        let session = try await ownSession(request, context)
        let format: TrackFormat = UploadFormat.format(contentType: request.headers[.contentType]) == .json ? .json : .ndjson
        let length = request.headers[.contentLength].flatMap { Int($0) }
        let (accepted, failure) = if let length, length <= min(Self.inPlaceBodyBytes, maxBodyBytes) {
            await ingestInPlace(request, into: session, format: format)
        } else {
            await ingestStreamed(request, into: session, format: format)
        }
        ServerMetrics.samplesIngested(accepted)
        // A 200 means every sample of the request is durable (journaled and synced), so a node killed
        // afterwards loses none of them; after an error, the samples before it are as durable.
        await session.sync()
        switch failure {
        case nil: break
        case let error as TrackFormatError: throw APIError(malformed: error, acceptedSamples: accepted)
        case is LiveSessionStateError:
            throw APIError(.conflict, .conflict, "session \(session.descriptor.id) has ended", acceptedSamples: accepted)
        case var error as APIError:
            error.acceptedSamples = accepted
            throw error
        case let error?: throw APIError(.badRequest, .malformedInput, "samples: \(error)", acceptedSamples: accepted)
        }
        var json = JSONWriter()
        json.beginObject()
        json.integer("accepted", accepted)
        json.integer("sampleCount", await session.sampleCount)
        json.string("state", await session.state.rawValue)
        json.endObject()
        return JSONResponse.text(json.text)
    }

    /// How a live session's samples are read: each handed on as it is read, none held back to watch the
    /// clock (``TrackReadOptions/watchesClock``): the session's engine judges their times as they come.
    static let liveReadOptions = TrackReadOptions(watchesClock: false)

    /// A small body: read whole, parsed here, its samples taken in up to the first error.
    func ingestInPlace(_ request: Request, into session: LiveSession, format: TrackFormat) async -> (accepted: Int, failure: (any Error)?) {
        struct Collector: TrackSampleSink {
            var samples: [Sample] = []
            mutating func consume(_ sample: Sample) throws { samples.append(sample) }
            mutating func trackActivity(named name: String) throws {}
        }
        var request = request
        var collector = Collector()
        var failure: (any Error)?
        do {
            let body = try await request.collectBody(upTo: Self.inPlaceBodyBytes)
            _ = try TrackReader.read(TrackInput(bytes: Array(body.readableBytesView), name: "samples"), format: format,
                                     options: Self.liveReadOptions, into: &collector)
        } catch {
            failure = error
        }
        var accepted = 0
        for sample in collector.samples {
            do { try await session.ingest(sample) } catch { return (accepted, error) }
            accepted += 1
        }
        return (accepted, failure)
    }

    /// A long or unannounced body: parsed as it streams (on a reader thread), each sample taken in as
    /// soon as it is read, up to the first error.
    func ingestStreamed(_ request: Request, into session: LiveSession, format: TrackFormat) async -> (accepted: Int, failure: (any Error)?) {
        let (stream, continuation) = AsyncStream<Sample>.makeStream(bufferingPolicy: .unbounded)
        let body = LimitedBody(base: request.body, maximumBytes: maxBodyBytes).map { $0.readableBytesView }
        let reader = Task {
            defer { continuation.finish() }
            _ = try await TrackReader.read(chunks: body, name: "samples", format: format, options: Self.liveReadOptions,
                                           into: SampleForwardingSink(continuation: continuation))
        }
        var accepted = 0
        for await sample in stream {
            do { try await session.ingest(sample) } catch {
                reader.cancel()
                return (accepted, error)
            }
            accepted += 1
        }
        do {
            try await reader.value
            return (accepted, nil)
        } catch {
            return (accepted, error)
        }
    }

    @Sendable func pause(_ request: Request, context: AppRequestContext) async throws -> Response {
        try await change(request, context) { session, time in try await session.pause(at: time) }
    }

    @Sendable func resume(_ request: Request, context: AppRequestContext) async throws -> Response {
        try await change(request, context) { session, time in try await session.resume(at: time) }
    }

    /// A pause or a resume of the caller's session at the body's time (else now on the session's time
    /// axis), synced, then the session.
    func change(
        _ request: Request, _ context: AppRequestContext, _ call: (LiveSession, Double) async throws -> Void
    ) async throws -> Response {
        let session = try await ownSession(request, context)
        let time = try await eventTime(request, session: session) ?? session.descriptor.sessionSeconds(atWallSeconds: now())
        do { try await call(session, time) } catch is LiveSessionStateError {
            throw APIError(.conflict, .conflict, "session \(session.descriptor.id) has ended")
        }
        await session.sync()
        return JSONResponse.text(try await sessionJSON(session))
    }

    @Sendable func end(_ request: Request, context: AppRequestContext) async throws -> Response {
        let session = try await ownSession(request, context)
        let time = try await eventTime(request, session: session, defaultToNow: false)
        let recorder: ExportRecorder
        do { recorder = try await session.end(at: time) } catch { throw APIError(.conflict, .conflict, "session \(session.descriptor.id) has ended") }
        await session.sync()
        let id = session.descriptor.id
        let workout: ImportedWorkout
        do {
            workout = try ImportedWorkout(
                recorder: recorder, name: "live session \(id.uuidString.lowercased())",
                contentHash: SHA256.hexDigest(of: Array("workout-server live session \(id.uuidString)".utf8)),
                athlete: session.descriptor.athlete)
        } catch {
            throw APIError(.unprocessableContent, .unusableInput, "session \(id) cannot become a workout: \(error)")
        }
        let outcome = try await ServerMetrics.timeStore("save") { try await store.save(workout) }
        let workoutID: Int64
        let created: Bool
        switch outcome {
        case .stored(let stored): workoutID = stored; created = true
        case .alreadyStored(let stored): workoutID = stored; created = false
        }
        await session.finish(workoutID: workoutID, summaryJSON: workout.summary.jsonText())
        await registry.remove(id)
        var json = JSONWriter()
        json.beginObject()
        json.integer("workoutId", Int(workoutID))
        json.bool("created", created)
        json.raw("session", try await sessionJSON(session))
        json.endObject()
        return JSONResponse.text(json.text)
    }

    @Sendable func frames(_ request: Request, context: AppRequestContext) async throws -> Response {
        let (session, isOwner) = try await readableSession(request, context)
        var fps = 30
        if let text = request.uri.queryParameters["fps"] {
            guard let value = Int(String(text)), (1...30).contains(value) else { throw APIError.badParameter("fps", "expected 1...30") }
            fps = value
        }
        let zones = isOwner ? [] : privacy.zones(
            try await ServerMetrics.timeStore("zones") { try await accounts.privacyZones(athlete: session.descriptor.athlete) },
            forSession: session.descriptor.id.uuidString)
        let stream = FrameEventStream(session: session, framesPerSecond: fps, hiding: zones, now: now)
        return Response(
            status: .ok,
            headers: [.contentType: "text/event-stream", .cacheControl: "no-cache"],
            body: ResponseBody { writer in
                try await request.body.consumeWithCancellationOnInboundClose { _ in
                    for await event in stream.events().cancelOnGracefulShutdown() {
                        try await writer.write(ByteBuffer(string: event))
                    }
                }
                try await writer.finish(nil)
            })
    }

    // MARK: Helpers

    /// The session named by `id` that the caller may read: its own, or a shared one; and whether the
    /// caller owns it.
    func readableSession(_ request: Request, _ context: AppRequestContext) async throws -> (LiveSession, isOwner: Bool) {
        let athlete = try context.requireAthlete()
        let session = try await lookup(request, context)
        let isOwner = session.descriptor.athlete == athlete
        guard isOwner || session.descriptor.shared else { throw APIError.notFound("session") }
        return (session, isOwner)
    }

    /// The caller's own session named by `id` (others' answer 404, or 403 when shared).
    func ownSession(_ request: Request, _ context: AppRequestContext) async throws -> LiveSession {
        let (session, isOwner) = try await readableSession(request, context)
        guard isOwner else { throw APIError(.forbidden, .forbidden, "only the session's owner may change it") }
        return session
    }

    func lookup(_ request: Request, _ context: AppRequestContext) async throws -> LiveSession {
        guard let text = context.parameters.get("id"), let id = UUID(uuidString: text) else {
            throw APIError(.badRequest, .badRequest, "a session id is a UUID")
        }
        switch try await registry.lookup(id) {
        case .here(let session): return session
        case .heldElsewhere(let node): throw APIError(.conflict, .conflict, "session \(id) is held by node \(node); send its requests there")
        case .notFound: throw APIError.notFound("session")
        }
    }

    /// The `time` of a pause/resume/end body (seconds since 1970), else now on the session's time axis
    /// (or `nil` for an end, which then ends at the latest sample).
    func eventTime(_ request: Request, session: LiveSession, defaultToNow: Bool = true) async throws -> Double? {
        var request = request
        let body = try await request.collectBody(upTo: 4096)
        let now = session.descriptor.sessionSeconds(atWallSeconds: self.now())
        guard body.readableBytes > 0 else { return defaultToNow ? now : nil }
        struct EventBody: Decodable { var time: Double? }
        guard let decoded = try? JSONDecoder().decode(EventBody.self, from: Data(body.readableBytesView)) else {
            throw APIError(.badRequest, .malformedInput, "the body must be a JSON object, {\"time\": seconds since 1970}")
        }
        guard let time = decoded.time else { return defaultToNow ? now : nil }
        guard time.isFinite else { throw APIError(.badRequest, .malformedInput, "time: expected seconds since 1970") }
        return time
    }

    /// The `Session` object.
    func sessionJSON(_ session: LiveSession) async throws -> String {
        let descriptor = session.descriptor
        let snapshot = await session.snapshot
        let workoutID = await session.workoutID
        var json = JSONWriter()
        json.beginObject()
        json.string("id", descriptor.id.uuidString.lowercased())
        json.string("athlete", descriptor.athlete)
        json.string("activity", snapshot.activity.rawValue)
        json.string("state", await session.state.rawValue)
        json.bool("shared", descriptor.shared)
        json.integer("sampleCount", await session.sampleCount)
        json.string("node", registry.nodeName)
        if let workoutID { json.integer("workoutId", Int(workoutID)) } else { json.null("workoutId") }
        try json.encode(snapshot, key: "snapshot")
        json.endObject()
        return json.text
    }
}
