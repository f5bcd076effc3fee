import Foundation
import Testing
import TestSupport

/// Runs every case of ``MalformedInputCorpus`` through every command of the real `route-replay` binary
/// (`summary`, `replay --as-fast-as-possible`, `export` to each format), several at a time, under a hard
/// timeout: each must end with its expected outcome (exit 0 with a summary, frames or an export; or exit
/// 65 with `<path>:<line>:<column>:`), and none may crash, hang or exit otherwise.
struct MalformedInputTests {
    /// Seconds before a case is killed and counted as a hang.
    static let timeoutSeconds = 60

    struct Observed: Sendable {
        var status: Int32
        var standardOutput: String
        var standardError: String
        var displayedPath: String
    }

    /// The commands each case runs through.
    enum Command: Sendable, CaseIterable, CustomStringConvertible {
        case summary, replay
        case export(String)
        case convert(String)

        static var allCases: [Command] {
            [.summary, .replay] + ["gpx", "geojson", "polyline", "csv", "svg", "png"].map { .export($0) }
                + ["gpx", "ndjson"].map { .convert($0) }
        }

        var description: String {
            switch self {
            case .summary: "summary"
            case .replay: "replay"
            case .export(let format): "export --to \(format)"
            case .convert(let format): "convert --to \(format)"
            }
        }

        func arguments(path: String, case testCase: MalformedInputCase, directory: URL) -> [String] {
            switch self {
            case .summary:
                return ["summary", path] + testCase.extraArguments
            case .replay:
                return ["replay", path, "--as-fast-as-possible", "--fps", "1"] + testCase.extraArguments.filter { $0 != "--format" && $0 != "text" }
            case .export(let format):
                let extra = testCase.extraArguments.filter { $0 != "--format" && $0 != "text" }
                let output = format == "png" ? ["-o", directory.appendingPathComponent("\(testCase.name).png").path] : []
                return ["export", path, "--to", format] + output + extra
            case .convert(let format):
                // The reader's options only: a conversion runs no engine.
                var reading: [String] = []
                var arguments = testCase.extraArguments[...]
                while let argument = arguments.popFirst() {
                    if argument == "--strict" { reading.append(argument) }
                    if argument == "--input-format", let value = arguments.popFirst() { reading += [argument, value] }
                }
                return ["convert", path, "--to", format] + reading
            }
        }
    }

    @Test func corpusHasAtLeastSixtyCasesWithUniqueNames() {
        let names = MalformedInputCorpus.all.map(\.name)
        #expect(names.count >= 60)
        #expect(Set(names).count == names.count, "duplicate case names")
        #expect(MalformedInputCorpus.all.contains { $0.expected == .summary })
        #expect(MalformedInputCorpus.all.contains { $0.expected == .malformed })
    }

    @Test func everyCaseEndsWithItsExpectedOutcomeInEveryCommand() throws {
        let binary = try #require(RouteReplayBinary.path, "route-replay was not built next to the tests")
        let directory = try TestPaths.temporaryDirectory("malformed")
        defer { try? FileManager.default.removeItem(at: directory) }
        let runs = MalformedInputCorpus.all.flatMap { testCase in Command.allCases.map { (testCase, $0) } }
        let results = ResultBox(count: runs.count)
        // A few processes at a time: each run is a short process, so this keeps the test at seconds.
        DispatchQueue.concurrentPerform(iterations: runs.count) { index in
            results.set(index, Result { try Self.run(runs[index].0, command: runs[index].1, binary: binary, directory: directory) })
        }
        for (index, (testCase, command)) in runs.enumerated() {
            switch results.get(index) {
            case .success(let observed): Self.check(testCase, command: command, observed)
            case .failure(let error): Issue.record("\(testCase.name) (\(command)): could not run: \(error)")
            case nil: Issue.record("\(testCase.name) (\(command)): no result")
            }
        }
    }

    static func run(_ testCase: MalformedInputCase, command: Command, binary: String, directory: URL) throws -> Observed {
        let file = directory.appendingPathComponent("\(testCase.name).\(testCase.fileExtension ?? "stdin")")
        if !FileManager.default.fileExists(atPath: file.path) { try Data(testCase.bytes).write(to: file) }
        let displayedPath = testCase.fileExtension == nil ? "-" : file.path
        let arguments = command.arguments(path: displayedPath, case: testCase, directory: directory)
        // `timeout -s KILL` ends a hung process; the shell feeds the exact bytes to standard input.
        let script = #"file="$1"; shift; exec timeout -s KILL "$@" < "$file""#
        let result = try runProcess("/bin/sh", ["-c", script, "sh", file.path, "\(timeoutSeconds)", binary] + arguments)
        return Observed(status: result.status, standardOutput: result.standardOutput, standardError: result.standardError, displayedPath: displayedPath)
    }

    static func check(_ testCase: MalformedInputCase, command: Command, _ observed: Observed) {
        let context = "\(testCase.name) (\(command)): exit \(observed.status), stderr: \(observed.standardError.prefix(400))"
        #expect(observed.status == 0 || observed.status == 65, "crashed, hung or exited otherwise: \(context)")
        switch testCase.expected {
        case .summary:
            switch command {
            case .summary:
                #expect(observed.status == 0, "expected a summary: \(context)")
                guard observed.status == 0 else { return }
                if testCase.extraArguments.contains("text") {
                    #expect(observed.standardOutput.contains("Distance:"), "no text summary: \(context)")
                } else {
                    let object = try? JSONSerialization.jsonObject(with: Data(observed.standardOutput.utf8))
                    #expect(object is [String: Any], "stdout is not a JSON object: \(context)\nstdout: \(observed.standardOutput.prefix(400))")
                }
            case .replay:
                #expect(observed.status == 0, "expected frames and a summary: \(context)")
                let last = observed.standardOutput.split(separator: "\n").last.map(String.init) ?? ""
                #expect(last.hasPrefix(#"{"type":"summary""#), "the replay does not end with its summary: \(context)")
            case .export, .convert:
                // An export of a valid track succeeds, or says there is nothing to export (an empty route)
                // without pointing at a place in the input; so does a conversion (an untimed sample has no
                // place in NDJSON).
                if observed.status == 65 {
                    #expect(errorPosition(in: observed.standardError, path: observed.displayedPath) == nil, "a valid input reported as malformed: \(context)")
                }
            }
        case .malformed:
            #expect(observed.status == 65, "expected exit 65: \(context)")
            guard observed.status == 65 else { return }
            if case .summary = command {
                #expect(observed.standardOutput.isEmpty, "printed a summary anyway: \(context)")
            }
            #expect(errorPosition(in: observed.standardError, path: observed.displayedPath) != nil,
                    "message does not name the file and a position: \(context)")
            if let message = testCase.expectedMessage {
                #expect(observed.standardError.contains(message), "expected \"\(message)\": \(context)")
            }
        }
    }

    /// The `(line, column)` in `route-replay: error: <path>:<line>:<column>: <what>`, both at least 1.
    static func errorPosition(in standardError: String, path: String) -> (line: Int, column: Int)? {
        let prefix = "route-replay: error: \(path):"
        guard let line = standardError.split(separator: "\n").first(where: { $0.hasPrefix(prefix) }) else { return nil }
        let fields = line.dropFirst(prefix.count).split(separator: ":", maxSplits: 2, omittingEmptySubsequences: false)
        guard fields.count == 3, let row = Int(fields[0]), let column = Int(fields[1]), row >= 1, column >= 1,
              fields[2].hasPrefix(" "), fields[2].count > 1 else { return nil }
        return (row, column)
    }
}

/// Results written from `concurrentPerform`'s threads.
private final class ResultBox: @unchecked Sendable {
    private let lock = NSLock()
    private var results: [Result<MalformedInputTests.Observed, any Error>?]

    init(count: Int) { results = Array(repeating: nil, count: count) }

    func set(_ index: Int, _ result: Result<MalformedInputTests.Observed, any Error>) {
        lock.withLock { results[index] = result }
    }

    func get(_ index: Int) -> Result<MalformedInputTests.Observed, any Error>? {
        lock.withLock { results[index] }
    }
}
