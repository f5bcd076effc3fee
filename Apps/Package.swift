// swift-tools-version: 6.1
import PackageDescription

// The applications built on WorkoutEngine: the `route-replay` CLI (and, as they land, the store and the
// `workout-server` service). A package of their own, so that the library's graph (the root package) never
// resolves or builds their dependencies.
let package = Package(
    name: "WorkoutEngineApps",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "route-replay", targets: ["route-replay"]),
    ],
    dependencies: [
        .package(name: "WorkoutEngine", path: ".."),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.5.0"),
    ],
    targets: [
        // The CLI: argument parsing and printing only; the session logic is the library's.
        .executableTarget(
            name: "route-replay",
            dependencies: [
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
