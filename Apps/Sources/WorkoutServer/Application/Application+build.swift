import Foundation
public import Hummingbird
public import Logging
import NIOCore
import WorkoutWebPages
import WorkoutEngine
public import Prometheus
public import ServiceLifecycle
public import WorkoutStore

/// What a server is built from: its configuration, the store (workouts and accounts), the live-session
/// journal, and the registry that `/metrics` exposes.
public struct ServerDependencies: Sendable {
    /// How the node runs.
    public var configuration: ServerConfiguration
    /// Where workouts, tokens and privacy zones are kept.
    public var store: any WorkoutStore & AccountStore
    /// `sqlite` or `postgres` (for `/health`).
    public var storeKind: String
    /// Where live sessions are journaled.
    public var journal: any LiveSessionJournal
    /// The Prometheus registry `/metrics` writes (the executable bootstraps swift-metrics with it).
    public var metrics: PrometheusCollectorRegistry
    /// The server's logger.
    public var logger: Logger

    /// Dependencies as given.
    public init(
        configuration: ServerConfiguration, store: any WorkoutStore & AccountStore, storeKind: String, journal: any LiveSessionJournal,
        metrics: PrometheusCollectorRegistry = PrometheusCollectorRegistry(), logger: Logger = Logger(label: "workout-server")
    ) {
        self.configuration = configuration
        self.store = store
        self.storeKind = storeKind
        self.journal = journal
        self.metrics = metrics
        self.logger = logger
    }
}

/// Builds the application: the routes (`/health`, `/metrics`, `/v1/...`), the middleware (JSON errors,
/// metrics, authentication), the live-session service, and the HTTP/1.1 server with the idle timeout.
/// Running it (`runService`, or in a `ServiceGroup`) serves until a graceful shutdown.
///
/// ```swift
/// let store = try await WorkoutStores.open("sqlite:workouts.sqlite")
/// let app = try await buildApplication(ServerDependencies(configuration: .init(), store: store as! SQLiteWorkoutStore,
///                                                         storeKind: "sqlite", journal: MemoryOnlyJournal()))
/// try await app.runService()
/// ```
public func buildApplication(_ dependencies: ServerDependencies, services: [any Service] = []) async throws -> some ApplicationProtocol {
    let configuration = dependencies.configuration
    let store = dependencies.store
    let secret = try await store.serverSecret()
    let privacy = PrivacyPolicy(secret: secret)
    let registry = LiveSessionRegistry(journal: dependencies.journal, nodeName: configuration.nodeName, logger: dependencies.logger)

    let router = Router(context: AppRequestContext.self)
    router.middlewares.add(ErrorMiddleware<AppRequestContext>())
    // The web pages, for any GET the routes do not answer (no token needed for the pages themselves).
    router.middlewares.add(WebPageMiddleware<AppRequestContext>(logger: dependencies.logger))
    // Unmetered: the health check, the exposition, and the frame streams (MetricsMiddleware would time a
    // whole stream as one request).
    router.get("health") { _, _ in
        let healthy = (try? await store.count()) != nil
        var json = JSONWriter()
        json.beginObject()
        json.string("status", healthy ? "ok" : "unavailable")
        json.string("store", dependencies.storeKind)
        json.string("node", configuration.nodeName)
        json.integer("liveSessions", await registry.count)
        json.endObject()
        return JSONResponse.text(json.text, status: healthy ? .ok : .serviceUnavailable)
    }
    router.get("metrics") { _, _ in
        var buffer: [UInt8] = []
        dependencies.metrics.emit(into: &buffer)
        return Response(status: .ok, headers: [.contentType: "text/plain; version=0.0.4"], body: .init(byteBuffer: ByteBuffer(bytes: buffer)))
    }
    let authentication = AuthenticationMiddleware(
        accounts: store, requiresAuthentication: configuration.requiresAuthentication, localAthlete: configuration.localAthlete)
    let sessions = SessionController(
        registry: registry, store: store, accounts: store, privacy: privacy, maxBodyBytes: configuration.maxBodyBytes)
    let streams = router.group("v1/sessions").add(middleware: authentication)
    let api = router.group("v1").add(middleware: MetricsMiddleware()).add(middleware: authentication)
    let workouts = WorkoutController(store: store, accounts: store, privacy: privacy, maxBodyBytes: configuration.maxBodyBytes)
    workouts.addRoutes(to: api.group("workouts"))
    sessions.addRoutes(to: api.group("sessions"), streams: streams)
    let replays = ReplayService(logger: dependencies.logger)
    ReplayController(workouts: workouts, sessions: sessions, registry: registry, store: store, feeder: replays)
        .addRoutes(to: api.group("workouts"))
    PrivacyZoneController(accounts: store).addRoutes(to: api.group("privacy-zones"))

    var app = Application(
        router: router,
        server: .http1(configuration: .init(idleTimeout: .milliseconds(Int64(configuration.idleTimeoutSeconds * 1000)))),
        configuration: .init(address: .hostname(configuration.host, port: configuration.port), serverName: "workout-server"),
        logger: dependencies.logger)
    app.addServices(services)
    app.addServices(LiveSessionService(registry: registry))
    // After the registry's service, so a graceful shutdown stops the replays before sessions are released.
    app.addServices(replays)
    return app
}
