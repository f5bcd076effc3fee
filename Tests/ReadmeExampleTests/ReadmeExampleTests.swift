import Foundation
import Testing
import TestSupport
import WorkoutEngine

/// Every Swift code block of the README is compiled in this target (`ReadmeEngineExamples.swift`,
/// `ReadmeStrengthExample.swift`), or, for the store's, in the `Apps/` package's tests
/// (`Apps/Tests/WorkoutStoreTests/ReadmeStoreExample.swift`): this test checks that the README holds exactly
/// the compiled text, and runs the examples that need nothing from outside.
struct ReadmeExampleTests {
    /// The README's Swift blocks, without `import` lines and leading blank lines; manifest fragments
    /// (blocks starting `// Package.swift`) are not Swift a test target can compile.
    static func readmeBlocks() throws -> [String] {
        let readme = try String(contentsOf: TestPaths.repositoryRoot.appendingPathComponent("README.md"), encoding: .utf8)
        var blocks: [String] = []
        var current: [String]?
        for line in readme.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            if current == nil, line == "```swift" {
                current = []
            } else if var lines = current, line == "```" {
                if lines.first?.hasPrefix("// Package.swift") != true {
                    lines.removeAll { $0.hasPrefix("import ") }
                    while lines.first?.trimmingCharacters(in: .whitespaces).isEmpty == true { lines.removeFirst() }
                    blocks.append(lines.joined(separator: "\n"))
                }
                current = nil
            } else if current != nil {
                current?.append(line)
            }
        }
        return blocks
    }

    /// The regions between `// README:begin` and `// README:end` of the compiled example files, dedented.
    static func compiledRegions() throws -> [String] {
        var regions: [String] = []
        for path in ["Tests/ReadmeExampleTests/ReadmeEngineExamples.swift", "Tests/ReadmeExampleTests/ReadmeStrengthExample.swift",
                     "Apps/Tests/WorkoutStoreTests/ReadmeStoreExample.swift"] {
            let text = try String(contentsOf: TestPaths.repositoryRoot.appendingPathComponent(path), encoding: .utf8)
            var current: [String]?
            for line in text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
                let trimmed = line.trimmingCharacters(in: .whitespaces)
                if trimmed == "// README:begin" {
                    current = []
                } else if trimmed == "// README:end", let lines = current {
                    let indent = lines.filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
                        .map { $0.prefix { $0 == " " }.count }.min() ?? 0
                    regions.append(lines.map { $0.count >= indent ? String($0.dropFirst(indent)) : "" }.joined(separator: "\n"))
                    current = nil
                } else {
                    current?.append(line)
                }
            }
        }
        return regions
    }

    @Test func theReadmeHoldsExactlyTheCompiledExamples() throws {
        let blocks = try Self.readmeBlocks()
        let regions = try Self.compiledRegions()
        #expect(blocks.count >= 6)
        #expect(blocks.count == regions.count, "README has \(blocks.count) Swift blocks, the tests compile \(regions.count)")
        for (index, block) in blocks.enumerated() {
            #expect(regions.contains(block), "README Swift block \(index + 1) is not compiled as written:\n\(block)")
        }
        for region in regions {
            #expect(blocks.contains(region), "a compiled example is not in the README:\n\(region)")
        }
    }

    /// The first example measures what its samples say: two fixes 3.3 m apart one second apart.
    @Test func theFirstExampleRuns() async throws {
        let track = TestPaths.sampleTrack("run-garmin-connect-hr-cadence.gpx")
        let bytes = try [UInt8](Data(contentsOf: track))
        let body = AsyncStream<[UInt8]> { continuation in
            continuation.yield(bytes)
            continuation.finish()
        }
        let feed = AsyncStream<Sample> { $0.finish() }
        // `ride.gpx` is not in the working directory: the example stops there, after the in-memory part ran.
        await #expect(throws: TrackInputError.self) {
            try await ReadmeEngineExamples.recordedWorkout(uploadedBytes: bytes, requestBody: body, watchFeed: feed)
        }
    }
}
