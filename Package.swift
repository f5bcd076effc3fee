// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "WorkoutEngine",
    platforms: [.macOS(.v14)],
    products: [
        // The whole library behind one import (every module below re-exported).
        .library(name: "WorkoutEngine", targets: ["WorkoutEngine"]),
        // Gym sessions, with no dependency on PROJ, GEOS or libxml2.
        .library(name: "StrengthTraining", targets: ["StrengthTraining"]),
        // Test helpers (sample-track paths, the geod reference, test doubles), for this repository's other
        // packages (Apps/, Benchmarks/); not for applications.
        .library(name: "WorkoutEngineTestSupport", targets: ["TestSupport"]),
    ],
    // The library depends on swift-log alone, at the lowest version its API needs. The CLI, the store and the
    // server (and their heavy dependencies) are the package in Apps/, so a backend that imports WorkoutEngine
    // never resolves or builds swift-argument-parser, GRDB, postgres-nio or Hummingbird.
    dependencies: [
        .package(url: "https://github.com/apple/swift-log", from: "1.5.0"),
    ],
    targets: [
        // C libraries from Debian (scripts/install-system-deps.sh installs them). PROJ, GEOS and libxml2 are
        // opened at run time (dlopen), not linked: libproj alone brings some forty libraries, most of a short
        // command's start-up, libxml2 brings ICU; CLibraryLoader opens them, CPROJ, CGEOS and CLibXML2Runtime
        // call through what it found (their headers). CLibXML2 gives libxml2's headers (types and constants).
        .target(name: "CLibraryLoader"),
        .target(name: "CPROJ", dependencies: ["CLibraryLoader"]),
        .target(name: "CGEOS", dependencies: ["CLibraryLoader"]),
        .systemLibrary(name: "CLibXML2", pkgConfig: "libxml-2.0", providers: [.apt(["libxml2-dev"]), .brew(["libxml2"])]),
        .target(name: "CLibXML2Runtime", dependencies: ["CLibXML2", "CLibraryLoader"]),

        // The data flow, one module per stage (README: "Architecture").
        // Sample types: what every stage passes on, and the sink a reader pushes into.
        .target(name: "WorkoutSamples"),
        // The small base: session clock, file-system seam, atomic writes, CRC-32C.
        .target(name: "SessionSupport", dependencies: [.product(name: "Logging", package: "swift-log")]),
        // Safe Swift over PROJ: WGS84 geodesics, batch distance, local metric projection.
        .target(name: "Geodesy", dependencies: ["CPROJ", "CLibraryLoader"]),
        // Safe Swift over GEOS: line strings, simplification, bounds, encoded polyline, GeoJSON.
        .target(name: "RouteGeometry", dependencies: ["CGEOS", "CPROJ", "CLibraryLoader", "Geodesy", "WorkoutSamples"]),
        // Streaming readers: GPX, TCX, FIT, JSON and NDJSON.
        .target(name: "TrackFormats", dependencies: ["WorkoutSamples", "CLibXML2", "CLibXML2Runtime", "CLibraryLoader"]),
        // The builder: clock, filter, smoother, route, metrics, physiology, summaries.
        .target(name: "WorkoutCore", dependencies: ["WorkoutSamples", "SessionSupport", "Geodesy", "RouteGeometry"]),
        // Live: display throttle, frame timeline, timeline scheduler, session actor, replay driver.
        .target(name: "WorkoutLive", dependencies: ["WorkoutCore", "WorkoutSamples", "SessionSupport"]),
        // Persistence: journal, snapshot, recovery.
        .target(
            name: "WorkoutPersistence",
            dependencies: ["WorkoutCore", "WorkoutSamples", "SessionSupport", .product(name: "Logging", package: "swift-log")]
        ),
        // Exports: GPX, CSV, GeoJSON, maps and charts.
        .target(name: "WorkoutExports", dependencies: ["WorkoutCore", "WorkoutSamples", "Geodesy", "RouteGeometry"]),
        // The umbrella: every stage behind `import WorkoutEngine`, plus reading a file into a stage.
        .target(
            name: "WorkoutEngine",
            dependencies: [
                "WorkoutSamples", "SessionSupport", "Geodesy", "RouteGeometry", "TrackFormats", "WorkoutCore", "WorkoutLive",
                "WorkoutPersistence", "WorkoutExports",
            ]
        ),
        // Gym sessions: sets, weight cascade, rest timer, resume state; the base module's clock and atomic writes.
        .target(name: "StrengthTraining", dependencies: ["SessionSupport", .product(name: "Logging", package: "swift-log")]),
        // Helpers shared by the test targets (paths of sample tracks, the geod reference, tolerances, test doubles).
        .target(name: "TestSupport", dependencies: ["SessionSupport", .product(name: "Logging", package: "swift-log")], path: "Tests/TestSupport"),
        .testTarget(name: "GeodesyTests", dependencies: ["Geodesy", "TestSupport"]),
        .testTarget(name: "RouteGeometryTests", dependencies: ["RouteGeometry", "TestSupport"]),
        // References/ is read from the source tree by path (TCXTestHelpers), not bundled.
        .testTarget(name: "TrackFormatsTests", dependencies: ["TrackFormats", "TestSupport"], exclude: ["References"]),
        .testTarget(
            name: "WorkoutEngineTests",
            dependencies: [
                "WorkoutEngine", "WorkoutCore", "WorkoutLive", "WorkoutPersistence", "WorkoutExports", "TestSupport",
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // The README's code blocks, compiled as written (ReadmeExampleTests checks the text is the same).
        .testTarget(name: "ReadmeExampleTests", dependencies: ["WorkoutEngine", "StrengthTraining", "TestSupport"]),
        .testTarget(
            name: "StrengthTrainingTests",
            dependencies: ["StrengthTraining", "SessionSupport", "TestSupport", .product(name: "Logging", package: "swift-log")]
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

// Documentation (scripts/docs.sh): with WORKOUTENGINE_DOCS=1 the package also depends on swift-docc-plugin, for
// `swift package generate-documentation`. Only then, so that the library's dependency graph, and every package
// that depends on it, never resolves or builds the plugin (GRDB does the same with SPI_BUILDER=1).
if Context.environment["WORKOUTENGINE_DOCS"] == "1" {
    package.dependencies.append(.package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.4.0"))
}
