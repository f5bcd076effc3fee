import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Paths shared by the test targets. Tests read the repository's `SampleTracks/` through a path built
/// from `#filePath`, as SwiftPM resources must live inside a target's folder.
public enum TestPaths {
    /// The repository root (the folder holding `Package.swift`).
    public static let repositoryRoot: URL = {
        URL(fileURLWithPath: #filePath)  // …/Tests/TestSupport/TestSupport.swift
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    }()

    /// `SampleTracks/<name>`.
    public static func sampleTrack(_ name: String) -> URL {
        repositoryRoot.appendingPathComponent("SampleTracks").appendingPathComponent(name)
    }

    /// `../shared/tracks/<name>` next to the repository: real recordings whose licenses (GPL, AGPL) keep them
    /// out of the repository. `nil` when that folder or the file is not there (tests then skip).
    public static func sharedTrack(_ name: String) -> URL? {
        let url = repositoryRoot.deletingLastPathComponent().appendingPathComponent("shared/tracks").appendingPathComponent(name)
        return FileManager.default.fileExists(atPath: url.path) ? url : nil
    }

    /// Whether `../shared/tracks` is next to the repository.
    public static var sharedTracksAvailable: Bool {
        FileManager.default.fileExists(atPath: repositoryRoot.deletingLastPathComponent().appendingPathComponent("shared/tracks").path)
    }

    /// A fresh temporary directory for one test.
    public static func temporaryDirectory(_ label: String = "test") throws -> URL {
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("WorkoutEngineTests-\(label)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}

/// The result of running an external program.
public struct ProcessResult: Sendable {
    public var status: Int32
    public var standardOutput: String
    public var standardError: String
}

/// Runs an external program (found on `PATH` when `executable` has no slash), feeding `input` to its
/// standard input, and waits for it. `environment` is added to (or replaces variables of) this process's.
public func runProcess(
    _ executable: String, _ arguments: [String], input: String? = nil, environment: [String: String] = [:]
) throws -> ProcessResult {
    let process = Process()
    if !environment.isEmpty {
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { _, added in added }
    }
    if executable.contains("/") {
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
    } else {
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [executable] + arguments
    }
    let stdinPipe = Pipe(), stdoutPipe = Pipe(), stderrPipe = Pipe()
    process.standardInput = stdinPipe
    process.standardOutput = stdoutPipe
    process.standardError = stderrPipe
    try process.run()
    // Read both pipes concurrently with writing, so a large output cannot dead-lock the child.
    let outputs = OutputCollector()
    let group = DispatchGroup()
    for (index, pipe) in [stdoutPipe, stderrPipe].enumerated() {
        group.enter()
        DispatchQueue.global().async {
            let data = pipe.fileHandleForReading.readDataToEndOfFile()
            outputs.set(index, data)
            group.leave()
        }
    }
    if let input {
        stdinPipe.fileHandleForWriting.write(Data(input.utf8))
    }
    try? stdinPipe.fileHandleForWriting.close()
    group.wait()
    process.waitUntilExit()
    return ProcessResult(
        status: process.terminationStatus,
        standardOutput: String(decoding: outputs.get(0), as: UTF8.self),
        standardError: String(decoding: outputs.get(1), as: UTF8.self)
    )
}

private final class OutputCollector: @unchecked Sendable {
    private let lock = NSLock()
    private var data: [Int: Data] = [:]
    func set(_ index: Int, _ value: Data) { lock.lock(); data[index] = value; lock.unlock() }
    func get(_ index: Int) -> Data { lock.lock(); defer { lock.unlock() }; return data[index] ?? Data() }
}

extension Double {
    /// `true` when `self` and `other` differ by at most `relativeTolerance` of the larger magnitude
    /// (or both are within `absoluteTolerance` of each other).
    public func isApproximatelyEqual(to other: Double, relativeTolerance: Double, absoluteTolerance: Double = 0) -> Bool {
        let difference = Swift.abs(self - other)
        return difference <= absoluteTolerance || difference <= relativeTolerance * Swift.max(Swift.abs(self), Swift.abs(other))
    }
}

/// Geodesic reference values from PROJ's own `geod` CLI (package proj-bin), independent of our code.
public enum GeodReference {
    /// Runs `geod +ellps=WGS84 -I -F %.9f` on the pairs of consecutive coordinates and returns the
    /// distance in metres for each pair (the third column of `geod`'s output).
    public static func inverseDistancesMeters(latitudes: [Double], longitudes: [Double]) throws -> [Double] {
        precondition(latitudes.count == longitudes.count)
        guard latitudes.count >= 2 else { return [] }
        var lines = ""
        lines.reserveCapacity(latitudes.count * 80)
        for i in 1..<latitudes.count {
            lines += "\(latitudes[i - 1]) \(longitudes[i - 1]) \(latitudes[i]) \(longitudes[i])\n"
        }
        // -I: inverse problem; -F: distance format (default %.3f is too coarse for 1e-9); input is "lat1 lon1 lat2 lon2" in decimal degrees.
        let result = try runProcess("geod", ["+ellps=WGS84", "-I", "-F", "%.9f"], input: lines)
        guard result.status == 0 else {
            throw GeodReferenceError.failed(result.standardError)
        }
        return result.standardOutput.split(separator: "\n").compactMap { line in
            line.split(whereSeparator: { $0 == " " || $0 == "\t" }).last.flatMap { Double($0) }
        }
    }
}

extension GeodReference {
    /// Runs `geod +ellps=WGS84 -f %.12f` (the direct problem) from one point along one azimuth and
    /// returns the point at each of `distancesMeters`: points on one geodesic at known distances along it.
    public static func directPoints(latitude: Double, longitude: Double, azimuthDegrees: Double,
                                    distancesMeters: [Double]) throws -> [(latitude: Double, longitude: Double)] {
        var lines = ""
        lines.reserveCapacity(distancesMeters.count * 48)
        for distance in distancesMeters { lines += "\(latitude) \(longitude) \(azimuthDegrees) \(distance)\n" }
        let result = try runProcess("geod", ["+ellps=WGS84", "-f", "%.12f"], input: lines)
        guard result.status == 0 else { throw GeodReferenceError.failed(result.standardError) }
        return result.standardOutput.split(separator: "\n").compactMap { line in
            let fields = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
            guard fields.count >= 2, let lat = Double(fields[0]), let lon = Double(fields[1]) else { return nil }
            return (lat, lon)
        }
    }
}

public enum GeodReferenceError: Error, CustomStringConvertible {
    case failed(String)
    public var description: String {
        switch self { case .failed(let message): "geod failed: \(message)" }
    }
}

/// A loopback port nobody listens on: one the kernel hands out for 127.0.0.1, bound then closed (a free
/// port for a server a test starts, or a closed one for a connection that must fail).
public func freeLoopbackPort() -> Int {
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    defer { close(fd) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    address.sin_port = 0
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    _ = withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) } }
    _ = withUnsafeMutablePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) } }
    return Int(UInt16(bigEndian: address.sin_port))
}
