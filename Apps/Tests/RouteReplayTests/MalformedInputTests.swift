import Foundation
import Testing
import TestSupport

/// Runs every case of ``MalformedInputCorpus`` through the real `route-replay summary` binary, several
/// at a time, under a hard timeout: each must end with its expected outcome (a JSON summary and exit 0,
/// or exit 65 with `<path>:<line>:<column>:`), and none may crash, hang or exit otherwise.
struct MalformedInputTests {
    /// Seconds before a case is killed and counted as a hang.
    static let timeoutSeconds = 60

    struct Observed: Sendable {
        var status: Int32
        var standardOutput: String
        var standardError: String
        var displayedPath: String
    }

    @Test func corpusHasAtLeastSixtyCasesWithUniqueNames() {
        let names = MalformedInputCorpus.all.map(\.name)
        #expect(names.count >= 60)
        #expect(Set(names).count == names.count, "duplicate case names")
        #expect(MalformedInputCorpus.all.contains { $0.expected == .summary })
        #expect(MalformedInputCorpus.all.contains { $0.expected == .malformed })
    }

    @Test func everyCaseEndsWithItsExpectedOutcome() throws {
        let binary = try #require(RouteReplayBinary.path, "route-replay was not built next to the tests")
        let directory = try TestPaths.temporaryDirectory("malformed")
        defer { try? FileManager.default.removeItem(at: directory) }
        let cases = MalformedInputCorpus.all
        let results = ResultBox(count: cases.count)
        // A few processes at a time: each case is a short process, so this keeps the test at a few seconds.
        DispatchQueue.concurrentPerform(iterations: cases.count) { index in
            results.set(index, Result { try Self.run(cases[index], binary: binary, directory: directory) })
        }
        for (index, testCase) in cases.enumerated() {
            switch results.get(index) {
            case .success(let observed): Self.check(testCase, observed)
            case .failure(let error): Issue.record("\(testCase.name): could not run: \(error)")
            case nil: Issue.record("\(testCase.name): no result")
            }
        }
    }

    static func run(_ testCase: MalformedInputCase, binary: String, directory: URL) throws -> Observed {
        let file = directory.appendingPathComponent("\(testCase.name).\(testCase.fileExtension ?? "stdin")")
        try Data(testCase.bytes).write(to: file)
        let displayedPath = testCase.fileExtension == nil ? "-" : file.path
        let arguments = ["summary", displayedPath] + testCase.extraArguments
        // `timeout -s KILL` ends a hung process; the shell feeds the exact bytes to standard input.
        let script = #"file="$1"; shift; exec timeout -s KILL "$@" < "$file""#
        let result = try runProcess("/bin/sh", ["-c", script, "sh", file.path, "\(timeoutSeconds)", binary] + arguments)
        return Observed(status: result.status, standardOutput: result.standardOutput, standardError: result.standardError, displayedPath: displayedPath)
    }

    static func check(_ testCase: MalformedInputCase, _ observed: Observed) {
        let context = "\(testCase.name): exit \(observed.status), stderr: \(observed.standardError.prefix(400))"
        #expect(observed.status == 0 || observed.status == 65, "crashed, hung or exited otherwise: \(context)")
        switch testCase.expected {
        case .summary:
            #expect(observed.status == 0, "expected a summary: \(context)")
            guard observed.status == 0 else { return }
            let isText = testCase.extraArguments.contains("text")
            if isText {
                #expect(observed.standardOutput.contains("Distance:"), "no text summary: \(context)")
            } else {
                let object = try? JSONSerialization.jsonObject(with: Data(observed.standardOutput.utf8))
                #expect(object is [String: Any], "stdout is not a JSON object: \(context)\nstdout: \(observed.standardOutput.prefix(400))")
            }
        case .malformed:
            #expect(observed.status == 65, "expected exit 65: \(context)")
            guard observed.status == 65 else { return }
            #expect(observed.standardOutput.isEmpty, "printed a summary anyway: \(context)")
            #expect(errorPosition(in: observed.standardError, path: observed.displayedPath) != nil,
                    "message does not name the file and a position: \(context)")
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
