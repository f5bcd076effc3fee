import Foundation
import Testing
import TestSupport

/// Runs `route-replay` and parses its JSON output.
enum CLI {
    static func run(_ arguments: [String], input: String? = nil, environment: [String: String] = [:]) throws -> ProcessResult {
        try RouteReplayBinary.run(arguments, input: input, environment: environment)
    }

    /// `route-replay summary <path> --format json …` as a dictionary; fails the test on a non-zero exit.
    static func summary(_ path: String, _ extra: [String] = []) throws -> [String: Any] {
        let result = try run(["summary", path, "--format", "json"] + extra)
        #expect(result.status == 0, "stderr: \(result.standardError)")
        let object = try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8))
        return try #require(object as? [String: Any])
    }

    /// Writes `text` to a temporary file with `name` and returns its path.
    static func temporaryFile(_ name: String, _ text: String) throws -> String {
        try temporaryFile(name, Data(text.utf8))
    }

    static func temporaryFile(_ name: String, _ data: Data) throws -> String {
        let url = try TestPaths.temporaryDirectory("cli").appendingPathComponent(name)
        try data.write(to: url)
        return url.path
    }
}

/// Latitude/longitude of every `trkpt` (or `rtept`), grouped by segment, read with a regular expression:
/// an independent reading of the file for reference distances.
enum GPXCoordinates {
    static func segments(of url: URL, element: String = "trkpt") throws -> [[(Double, Double)]] {
        let text = try String(contentsOf: url, encoding: .utf8)
        let splitter = element == "trkpt" ? "<trkseg" : "<rte>"
        let pointPattern = try NSRegularExpression(pattern: "<\(element)\\s+([^>]*)>")
        let latPattern = try NSRegularExpression(pattern: "lat=\"([^\"]+)\"")
        let lonPattern = try NSRegularExpression(pattern: "lon=\"([^\"]+)\"")
        var result: [[(Double, Double)]] = []
        for chunk in text.components(separatedBy: splitter).dropFirst() {
            var points: [(Double, Double)] = []
            let ns = chunk as NSString
            for match in pointPattern.matches(in: chunk, range: NSRange(location: 0, length: ns.length)) {
                let attributes = ns.substring(with: match.range(at: 1)) as NSString
                let range = NSRange(location: 0, length: attributes.length)
                guard let lat = latPattern.firstMatch(in: attributes as String, range: range),
                      let lon = lonPattern.firstMatch(in: attributes as String, range: range),
                      let latitude = Double(attributes.substring(with: lat.range(at: 1))),
                      let longitude = Double(attributes.substring(with: lon.range(at: 1))) else { continue }
                points.append((latitude, longitude))
            }
            if !points.isEmpty { result.append(points) }
        }
        return result
    }
}
