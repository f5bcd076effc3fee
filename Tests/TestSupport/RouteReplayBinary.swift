import Foundation

/// The `route-replay` executable built next to the test bundle (the test target depends on it, so
/// `swift build --build-tests` builds it).
public enum RouteReplayBinary {
    public static var path: String? { BuiltProduct.path(named: "route-replay") }

    /// Runs `route-replay` with `arguments`, feeding `input` to standard input; `environment` is added to
    /// this process's.
    public static func run(_ arguments: [String], input: String? = nil, environment: [String: String] = [:]) throws -> ProcessResult {
        guard let path else { throw RouteReplayBinaryError.notBuilt }
        return try runProcess(path, arguments, input: input, environment: environment)
    }
}

public enum RouteReplayBinaryError: Error, CustomStringConvertible {
    case notBuilt
    public var description: String { "route-replay was not found next to the test bundle; run `swift build --build-tests` first" }
}

/// An executable built next to the test bundle (a test target that depends on the product gets it built by
/// `swift build --build-tests`).
public enum BuiltProduct {
    /// The executable `name` in the test bundle's build directory, if it is there.
    public static func path(named name: String) -> String? {
        var candidates: [URL] = []
        candidates.append(Bundle.main.bundleURL)
        candidates.append(Bundle.main.bundleURL.deletingLastPathComponent())
        if let first = CommandLine.arguments.first {
            candidates.append(URL(fileURLWithPath: first).deletingLastPathComponent())
        }
        for directory in candidates {
            let url = directory.appendingPathComponent(name)
            if FileManager.default.isExecutableFile(atPath: url.path) { return url.path }
        }
        return nil
    }
}
