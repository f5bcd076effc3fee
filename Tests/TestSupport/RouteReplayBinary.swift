import Foundation

/// The `route-replay` executable built next to the test bundle (the test target depends on it, so
/// `swift build --build-tests` builds it).
public enum RouteReplayBinary {
    public static var path: String? {
        var candidates: [URL] = []
        candidates.append(Bundle.main.bundleURL)
        candidates.append(Bundle.main.bundleURL.deletingLastPathComponent())
        if let first = CommandLine.arguments.first {
            candidates.append(URL(fileURLWithPath: first).deletingLastPathComponent())
        }
        for directory in candidates {
            let url = directory.appendingPathComponent("route-replay")
            if FileManager.default.isExecutableFile(atPath: url.path) { return url.path }
        }
        return nil
    }

    /// Runs `route-replay` with `arguments`, feeding `input` to standard input.
    public static func run(_ arguments: [String], input: String? = nil) throws -> ProcessResult {
        guard let path else { throw RouteReplayBinaryError.notBuilt }
        return try runProcess(path, arguments, input: input)
    }
}

public enum RouteReplayBinaryError: Error, CustomStringConvertible {
    case notBuilt
    public var description: String { "route-replay was not found next to the test bundle; run `swift build --build-tests` first" }
}
