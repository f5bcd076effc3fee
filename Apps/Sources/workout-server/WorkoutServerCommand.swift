import ArgumentParser
import Foundation
import Hummingbird
import Logging
import Metrics
import Prometheus
import ServiceLifecycle
import UnixSignals
import WorkoutServer
import WorkoutStore
import WorkoutEngine

/// `workout-server`: serves the API (the default subcommand), or makes a bearer token.
@main
struct WorkoutServerCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "workout-server",
        abstract: "WorkoutEngine as an HTTP service: uploads, queries, exports and live sessions.",
        subcommands: [Serve.self, Token.self],
        defaultSubcommand: Serve.self)
}

/// The `--store` option and its environment variable, shared by both subcommands.
struct StoreOption: ParsableArguments {
    @Option(name: .long, help: "sqlite:PATH (default sqlite:workouts.sqlite, in the working directory) or postgres://USER@HOST:PORT/DATABASE; env WORKOUT_SERVER_STORE.")
    var store: String?

    var location: String { store ?? ProcessInfo.processInfo.environment["WORKOUT_SERVER_STORE"] ?? "sqlite:workouts.sqlite" }

    /// Opens the store, or prints why not and exits 69.
    func open() async throws -> any WorkoutStore & AccountStore {
        do {
            guard let opened = try await WorkoutStores.open(location) as? any WorkoutStore & AccountStore else {
                throw StoreError.badLocation(location)
            }
            return opened
        } catch {
            FileHandle.standardError.write(Data("workout-server: error: \(error)\n".utf8))
            throw ExitCode(69)
        }
    }
}

extension WorkoutServerCommand {
    struct Serve: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Serve the API until SIGTERM or SIGINT (a graceful shutdown).")

        @OptionGroup var storeOption: StoreOption
        @Option(name: .long, help: "The address to bind (default 127.0.0.1); env WORKOUT_SERVER_HOST.")
        var host: String?
        @Option(name: .long, help: "The port (default 8080); env WORKOUT_SERVER_PORT.")
        var port: Int?
        @Option(name: .long, help: "The longest request body, bytes (default 67108864); env WORKOUT_SERVER_MAX_BODY_BYTES.")
        var maxBodyBytes: Int?
        @Option(name: .long, help: "Seconds a request body may stall before its connection is closed (default 30).")
        var idleTimeout: Double = 30
        @Option(name: .long, help: ArgumentHelp(
            "Where live sessions are journaled: store (in the store's live_sessions tables; nodes sharing the store take each other's sessions over), a directory DIR (a folder per session; nodes on one machine sharing DIR), or none (memory only). Default: store for PostgreSQL, the SQLite file's path + .sessions for SQLite; env WORKOUT_SERVER_JOURNAL.",
            valueName: "store|DIR|none"))
        var journal: String?
        @Option(name: .long, help: "This node's name (default host-pid): 1 to 64 letters, digits, . _ -; the same name after a restart finds the node's sessions at once.")
        var nodeName: String?
        @Flag(name: .long, help: "No tokens: every request acts as the local athlete (for local use only); env WORKOUT_SERVER_NO_AUTH=1.")
        var noAuth = false
        @Option(name: .long, help: "The athlete requests act as with --no-auth (default local).")
        var localAthlete = "local"
        @Option(name: .long, help: "trace, debug, info, notice, warning, error or critical (default info).")
        var logLevel = "info"

        func run() async throws {
            HeapTuning.keepLargeBuffersForReuse()
            // The engine opens PROJ, GEOS and libxml2 at run time; a server finds out now, not at its first workout.
            do {
                try PROJLibrary.check()
                try GEOSLibrary.check()
                try XMLLibrary.check()
            } catch {
                FileHandle.standardError.write(Data("workout-server: error: \(error)\n".utf8))
                throw ExitCode(69)
            }
            let environment = ProcessInfo.processInfo.environment
            var configuration = ServerConfiguration()
            configuration.host = host ?? environment["WORKOUT_SERVER_HOST"] ?? configuration.host
            configuration.port = port ?? environment["WORKOUT_SERVER_PORT"].flatMap(Int.init) ?? configuration.port
            configuration.maxBodyBytes = maxBodyBytes ?? environment["WORKOUT_SERVER_MAX_BODY_BYTES"].flatMap(Int.init) ?? configuration.maxBodyBytes
            configuration.idleTimeoutSeconds = idleTimeout
            configuration.requiresAuthentication = !(noAuth || environment["WORKOUT_SERVER_NO_AUTH"] == "1")
            configuration.localAthlete = localAthlete
            if let nodeName { configuration.nodeName = nodeName }
            guard configuration.maxBodyBytes > 0, (0...65535).contains(configuration.port), idleTimeout > 0 else {
                throw ValidationError("--port 0...65535, --max-body-bytes > 0, --idle-timeout > 0")
            }

            var logger = Logger(label: "workout-server")
            logger.logLevel = Logger.Level(rawValue: logLevel) ?? .info
            var metrics = PrometheusMetricsFactory(registry: PrometheusCollectorRegistry())
            metrics.durationHistogramBuckets["workout_frame_lateness_seconds"] =
                [1, 2, 5, 10, 20, 50, 100, 250, 1000].map { Duration.milliseconds($0) }
            MetricsSystem.bootstrap(metrics)

            let location = storeOption.location
            let store = try await storeOption.open()
            let journalChoice = journal ?? environment["WORKOUT_SERVER_JOURNAL"]
                ?? (location.hasPrefix("sqlite:") ? String(location.dropFirst("sqlite:".count)) + ".sessions" : "store")
            var liveNode: LiveSessions?
            let sessionJournal: any LiveSessionJournal
            switch journalChoice {
            case "none":
                sessionJournal = MemoryOnlyJournal()
            case "store":
                do {
                    let node = try await LiveSessions(
                        store: store, nodeID: configuration.nodeName, maximumAgeSeconds: configuration.sessionMaximumAgeSeconds, logger: logger)
                    liveNode = node
                    sessionJournal = StoreLiveSessionJournal(node: node, logger: logger)
                } catch {
                    await store.close()
                    FileHandle.standardError.write(Data("workout-server: error: live sessions in the store, node \(configuration.nodeName): \(error)\n".utf8))
                    throw ExitCode(69)
                }
            default:
                sessionJournal = FileLiveSessionJournal(
                    directory: journalChoice, nodeName: configuration.nodeName,
                    maximumAgeSeconds: configuration.sessionMaximumAgeSeconds, logger: logger)
            }
            let app = try await buildApplication(ServerDependencies(
                configuration: configuration, store: store, storeKind: location.hasPrefix("sqlite:") ? "sqlite" : "postgres",
                journal: sessionJournal, metrics: metrics.registry, logger: logger))
            logger.info("workout-server starting", metadata: [
                "address": "\(configuration.host):\(configuration.port)", "store": "\(location.hasPrefix("sqlite:") ? location : "postgres")",
                "journal": "\(journalChoice == "none" ? "memory only" : journalChoice)", "auth": "\(configuration.requiresAuthentication ? "tokens" : "off")",
                "node": "\(configuration.nodeName)",
            ])
            var groupConfiguration = ServiceGroupConfiguration(services: [app], gracefulShutdownSignals: [.sigterm, .sigint], logger: logger)
            groupConfiguration.maximumGracefulShutdownDuration = .seconds(configuration.shutdownGraceSeconds)
            let group = ServiceGroup(configuration: groupConfiguration)
            do {
                try await group.run()
            } catch {
                await liveNode?.shutdown()
                await store.close()
                throw error
            }
            // The registry released its sessions when the group shut down; the node's group commit and
            // liveness lock go before the store closes.
            await liveNode?.shutdown()
            await store.close()
            logger.info("workout-server stopped")
        }
    }

    struct Token: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Bearer tokens.", subcommands: [Create.self])

        struct Create: AsyncParsableCommand {
            static let configuration = CommandConfiguration(abstract: "Make a token for ATHLETE and print it (only its hash is stored).")

            @OptionGroup var storeOption: StoreOption
            @Argument(help: "The athlete the token acts for.")
            var athlete: String

            func validate() throws {
                guard !athlete.isEmpty, athlete.count <= 200, !athlete.contains(where: \.isNewline) else {
                    throw ValidationError("ATHLETE: 1 to 200 characters on one line")
                }
            }

            func run() async throws {
                let store = try await storeOption.open()
                do {
                    print(try await BearerTokens.create(athlete: athlete, in: store))
                } catch {
                    await store.close()
                    FileHandle.standardError.write(Data("workout-server: error: \(error)\n".utf8))
                    throw ExitCode(69)
                }
                await store.close()
            }
        }
    }
}
