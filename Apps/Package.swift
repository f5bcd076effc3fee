// swift-tools-version: 6.1
import PackageDescription

// The applications built on WorkoutEngine: the `route-replay` CLI, the store and the `workout-server`
// service. A package of their own, so that the library's graph (the root package) never
// resolves or builds their dependencies.
let package = Package(
    name: "WorkoutEngineApps",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "route-replay", targets: ["route-replay"]),
        // Workouts in a database: one protocol, SQLite (GRDB) and PostgreSQL + PostGIS (postgres-nio).
        .library(name: "WorkoutStore", targets: ["WorkoutStore"]),
        // The HTTP service: uploads, queries and exports, live sessions over Server-Sent Events.
        .library(name: "WorkoutServer", targets: ["WorkoutServer"]),
        .executable(name: "workout-server", targets: ["workout-server"]),
    ],
    dependencies: [
        .package(name: "WorkoutEngine", path: ".."),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.5.0"),
        // The store: SQLite (embedded default) and PostgreSQL + PostGIS.
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.0.0"),
        // PostgresClient.withTransaction(logger:) is recent: the lowest version checked is the one in use.
        .package(url: "https://github.com/vapor/postgres-nio", from: "1.33.0"),
        // The content hash (SHA-256): already in the graph through postgres-nio, so named here at its range.
        .package(url: "https://github.com/apple/swift-crypto", "3.12.3"..<"5.0.0"),
        // The server (the versions checked in shared/STYLE-services.md).
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
        .package(url: "https://github.com/apple/swift-metrics", from: "2.13.0"),
        .package(url: "https://github.com/swift-server/swift-prometheus", from: "2.4.1"),
        // The server's tests: streamed request bodies and Server-Sent Events on the wire.
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
    ],
    targets: [
        // The store: import (read, build, hash, save in one transaction) and queries, behind `WorkoutStore`.
        .target(
            name: "WorkoutStore",
            dependencies: [
                .product(name: "WorkoutEngine", package: "WorkoutEngine"),
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .testTarget(
            name: "WorkoutStoreTests",
            dependencies: [
                "WorkoutStore",
                .product(name: "WorkoutEngine", package: "WorkoutEngine"),
                .product(name: "WorkoutEngineTestSupport", package: "WorkoutEngine"),
                // Straight to the databases, to damage a journal row as a disk would.
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
            ]
        ),
        // The server: routes and controllers over the store, live sessions behind one registry.
        .target(
            name: "WorkoutServer",
            dependencies: [
                "WorkoutStore",
                "WorkoutWebPages",
                .product(name: "WorkoutEngine", package: "WorkoutEngine"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Metrics", package: "swift-metrics"),
                .product(name: "Prometheus", package: "swift-prometheus"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // The web pages the server serves (Workouts, Workout, Live): static HTML, CSS and JavaScript as
        // resources, no build step.
        .target(
            name: "WorkoutWebPages",
            dependencies: [
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
            ],
            resources: [.copy("Pages")]
        ),
        // The executable: flags and environment, the metrics bootstrap, `token create`.
        .executableTarget(
            name: "workout-server",
            dependencies: [
                "WorkoutServer",
                "WorkoutStore",
                .product(name: "WorkoutEngine", package: "WorkoutEngine"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "UnixSignals", package: "swift-service-lifecycle"),
                .product(name: "Metrics", package: "swift-metrics"),
                .product(name: "Prometheus", package: "swift-prometheus"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .testTarget(
            name: "WorkoutServerTests",
            dependencies: [
                "WorkoutServer",
                "WorkoutStore",
                // Built for the tests that run real server processes (kill -9, token create).
                "workout-server",
                .product(name: "WorkoutEngine", package: "WorkoutEngine"),
                .product(name: "WorkoutEngineTestSupport", package: "WorkoutEngine"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "Metrics", package: "swift-metrics"),
                .product(name: "Prometheus", package: "swift-prometheus"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // The CLI: argument parsing and printing only; the session logic is the library's.
        .executableTarget(
            name: "route-replay",
            dependencies: [
                "WorkoutStore",
                .product(name: "WorkoutEngine", package: "WorkoutEngine"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .testTarget(
            name: "RouteReplayTests",
            dependencies: [
                "route-replay",
                .product(name: "WorkoutEngine", package: "WorkoutEngine"),
                .product(name: "WorkoutEngineTestSupport", package: "WorkoutEngine"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)

let sharedSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("MemberImportVisibility"),
]
for target in package.targets where [.executable, .test, .regular].contains(target.type) {
    target.swiftSettings = (target.swiftSettings ?? []) + sharedSettings
}
