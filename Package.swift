// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "WorkoutEngine",
    platforms: [.macOS(.v14)],
    products: [
        .library(name: "WorkoutEngine", targets: ["WorkoutEngine"]),
        .library(name: "TrackFormats", targets: ["TrackFormats"]),
        .library(name: "Geodesy", targets: ["Geodesy"]),
        .library(name: "RouteGeometry", targets: ["RouteGeometry"]),
        .library(name: "StrengthTraining", targets: ["StrengthTraining"]),
        .executable(name: "route-replay", targets: ["route-replay"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
    ],
    targets: [
        // C libraries from Debian, reached through pkg-config (scripts/install-system-deps.sh installs them).
        .systemLibrary(name: "CPROJ", pkgConfig: "proj", providers: [.apt(["libproj-dev"]), .brew(["proj"])]),
        .systemLibrary(name: "CGEOS", pkgConfig: "geos", providers: [.apt(["libgeos-dev"]), .brew(["geos"])]),
        .systemLibrary(name: "CLibXML2", pkgConfig: "libxml-2.0", providers: [.apt(["libxml2-dev"]), .brew(["libxml2"])]),

        // Shared value types: samples, activity types, source positions.
        .target(name: "WorkoutSamples"),
        // Safe Swift over PROJ: WGS84 geodesics, batch distance, local metric projection.
        .target(name: "Geodesy", dependencies: ["CPROJ"]),
        // Safe Swift over GEOS: line strings, simplification, bounds, encoded polyline, GeoJSON.
        .target(name: "RouteGeometry", dependencies: ["CGEOS", "Geodesy", "WorkoutSamples"]),
        // Streaming readers: GPX 1.0/1.1 (libxml2 SAX2), JSON and NDJSON.
        .target(name: "TrackFormats", dependencies: ["WorkoutSamples", "CLibXML2"]),
        // The engine: activity rules, session clock, filters, metrics, summaries.
        .target(
            name: "WorkoutEngine",
            dependencies: ["WorkoutSamples", "Geodesy", "RouteGeometry", "TrackFormats", .product(name: "Logging", package: "swift-log")]
        ),
        // Gym sessions: sets, weight cascade, rest timer, resume state; reuses the engine's clock and atomic writes.
        .target(name: "StrengthTraining", dependencies: ["WorkoutEngine", .product(name: "Logging", package: "swift-log")]),
        // The CLI: argument parsing and printing only.
        .executableTarget(
            name: "route-replay",
            dependencies: [
                "WorkoutEngine", "TrackFormats", "WorkoutSamples",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),

        // Helpers shared by the test targets (paths of sample tracks, the geod reference, tolerances).
        .target(name: "TestSupport", dependencies: [.product(name: "Logging", package: "swift-log")], path: "Tests/TestSupport"),
        .testTarget(name: "GeodesyTests", dependencies: ["Geodesy", "TestSupport"]),
        .testTarget(name: "RouteGeometryTests", dependencies: ["RouteGeometry", "TestSupport"]),
        .testTarget(name: "TrackFormatsTests", dependencies: ["TrackFormats", "TestSupport"]),
        .testTarget(
            name: "WorkoutEngineTests",
            dependencies: ["WorkoutEngine", "TrackFormats", "TestSupport", .product(name: "Logging", package: "swift-log")]
        ),
        .testTarget(name: "RouteReplayTests", dependencies: ["route-replay", "WorkoutEngine", "TrackFormats", "TestSupport"]),
        .testTarget(
            name: "StrengthTrainingTests",
            dependencies: ["StrengthTraining", "WorkoutEngine", "TestSupport", .product(name: "Logging", package: "swift-log")]
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
