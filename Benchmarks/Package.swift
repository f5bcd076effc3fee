// swift-tools-version: 6.1
// The benchmark package of WorkoutEngine. It is nested (`.package(path: "../")`) so that the main
// package's `swift build` and `swift test` never build the benchmark tooling.
//
//   cd Benchmarks && swift package benchmark --no-progress
//   cd Benchmarks && swift package benchmark thresholds check --no-progress   # CI: allocation counts only
//   Benchmarks/compare.sh                                                     # peers: gpxpy, gpsbabel, C + PROJ
import PackageDescription

let package = Package(
    name: "WorkoutEngineBenchmarks",
    platforms: [.macOS(.v14)],
    dependencies: [
        .package(name: "WorkoutEngine", path: "../"),
        // `MallocInterposer` only: the default `RuntimeInterposer` trait needs a package that is not mirrored here.
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
    ],
    targets: [
        // Deterministic synthetic tracks (the same formulas as scripts/tracks.py) and file helpers.
        .target(
            name: "SyntheticTracks",
            dependencies: [
                .product(name: "WorkoutEngine", package: "WorkoutEngine"),
            ]
        ),
        // A tiny release harness: the in-memory summary pipeline against the bare geodesic loop, on the
        // coordinates compare.sh generates (run by compare.sh; no benchmark tooling needed).
        .executableTarget(
            name: "pipeline-probe",
            dependencies: [
                "SyntheticTracks",
                .product(name: "WorkoutEngine", package: "WorkoutEngine"),
            ]
        ),
        // The live pipeline: real-time scheduler lateness and wake-ups, and as-fast-as-possible frame throughput.
        .executableTarget(
            name: "timeline-probe",
            dependencies: [
                "SyntheticTracks",
                .product(name: "WorkoutEngine", package: "WorkoutEngine"),
            ]
        ),
        // The journal: append throughput with the default durability policy, and recovery time.
        .executableTarget(
            name: "journal-probe",
            dependencies: [
                .product(name: "WorkoutEngine", package: "WorkoutEngine"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)

/// One ordo-one/benchmark suite per folder under `Benchmarks/`.
let suites: [(name: String, products: [String])] = [
    ("GPXParse", ["WorkoutEngine"]),
    ("FITParse", ["WorkoutEngine"]),
    ("JSONParse", ["WorkoutEngine"]),
    ("SummaryPipeline", ["WorkoutEngine"]),
    ("GeodesicDistance", ["WorkoutEngine"]),
    ("Simplification", ["WorkoutEngine"]),
]
for suite in suites {
    package.targets.append(
        .executableTarget(
            name: suite.name,
            dependencies: ["SyntheticTracks", .product(name: "Benchmark", package: "benchmark")]
                + suite.products.map { .product(name: $0, package: "WorkoutEngine") },
            path: "Benchmarks/\(suite.name)",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        )
    )
}
