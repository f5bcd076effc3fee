// swift-tools-version: 6.1
// The store's benchmark harness (Benchmarks/store.sh runs it): a package of its own, nested like
// Benchmarks/, so that neither the library nor the other benchmarks build GRDB and postgres-nio. It builds
// `store-probe` and, through its dependency on ../../Apps, the `route-replay` it times, in one release build.
//
//   Benchmarks/store.sh            # 1 000 one-hour 1 Hz GPX files imported with --jobs 2; 100 000 workouts queried
import PackageDescription

let package = Package(
    name: "WorkoutStoreBenchmarks",
    platforms: [.macOS(.v14)],
    dependencies: [
        .package(name: "WorkoutEngine", path: "../.."),
        .package(name: "WorkoutEngineApps", path: "../../Apps"),
    ],
    targets: [
        // Writes the import's GPX files, fills a store with many short workouts, and times bounding-box
        // queries through the store's own API.
        .executableTarget(
            name: "store-probe",
            dependencies: [
                .product(name: "WorkoutEngine", package: "WorkoutEngine"),
                .product(name: "WorkoutStore", package: "WorkoutEngineApps"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
