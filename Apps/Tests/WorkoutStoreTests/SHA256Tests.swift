import Foundation
import Testing
import TestSupport
import WorkoutEngine
@testable import WorkoutStore

/// The SHA-256 against `sha256sum` (coreutils), an independent implementation.
@Suite struct SHA256Tests {
    static func reference(_ bytes: [UInt8]) throws -> String {
        let url = try TestPaths.temporaryDirectory("sha").appendingPathComponent("input")
        try Data(bytes).write(to: url)
        let result = try runProcess("/usr/bin/sha256sum", [url.path])
        return String(result.standardOutput.prefix(64))
    }

    /// Lengths around the padding boundaries (55, 56, 64 bytes) and a few blocks.
    @Test(arguments: [0, 1, 3, 55, 56, 57, 63, 64, 65, 119, 120, 127, 128, 1000, 70_001])
    func matchesSha256sum(length: Int) throws {
        var state: UInt32 = 0x1234_5678 &+ UInt32(length)
        let bytes = (0..<length).map { _ -> UInt8 in
            state = state &* 1_664_525 &+ 1_013_904_223
            return UInt8(truncatingIfNeeded: state >> 24)
        }
        #expect(SHA256.hexDigest(of: bytes) == (try Self.reference(bytes)))
        // Fed in uneven pieces, byte by byte and buffer by buffer, the digest is the same.
        var hash = SHA256()
        let split = length / 3
        hash.update(bytes[0..<split])
        bytes[split...].withUnsafeBytes { hash.update(buffer: $0) }
        #expect(SHA256.hex(hash.finalize()) == (try Self.reference(bytes)))
    }

    @Test func knownVector() {
        // FIPS 180-4 example "abc" (NIST CSRC examples).
        #expect(SHA256.hexDigest(of: Array("abc".utf8)) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
    }

    @Test func everySampleTrackMatches() throws {
        let directory = TestPaths.repositoryRoot.appendingPathComponent("SampleTracks")
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasSuffix(".gpx") }
        #expect(names.count >= 8)
        for name in names {
            let url = directory.appendingPathComponent(name)
            let result = try runProcess("/usr/bin/sha256sum", [url.path])
            #expect(SHA256.hexDigest(of: [UInt8](try Data(contentsOf: url))) == String(result.standardOutput.prefix(64)), "\(name)")
        }
    }

    /// A file imported from disk is hashed as it is read, in one pass: every byte once, whatever the reader
    /// did (a FIT reader stops at the end of its data, a GPX file the fast path hands back to libxml2 is read
    /// twice, bytes after a GPX document are left to the hash alone). Every sample track, and a GPX whose last
    /// point has an unreadable `<speed>` (read to its end, then again) followed by blank lines.
    @Test func importedFilesHashEveryByteOnce() throws {
        let directory = TestPaths.repositoryRoot.appendingPathComponent("SampleTracks")
        var paths = try FileManager.default.contentsOfDirectory(atPath: directory.path)
            .filter { ["gpx", "tcx", "fit"].contains(($0 as NSString).pathExtension) }
            .sorted().map { directory.appendingPathComponent($0).path }
        let point = #"<trkpt lat="46.5" lon="6.6"><ele>400</ele><time>2024-05-01T10:00:00Z</time></trkpt>"#
        var body = ""
        for second in 0..<3000 {
            body += point.replacingOccurrences(of: "6.6", with: "6.6\(String(format: "%04d", second))")
                .replacingOccurrences(of: "10:00:00", with: String(format: "10:%02d:%02d", second / 60 % 60, second % 60))
        }
        body += #"<trkpt lat="46.6" lon="6.7"><time>2024-05-01T11:00:00Z</time><speed>n/a</speed></trkpt>"#
        let fallback = try TestPaths.temporaryDirectory("hash-import").appendingPathComponent("fallback.gpx")
        let document = #"<?xml version="1.0" encoding="UTF-8"?><gpx version="1.1" creator="t" xmlns="http://www.topografix.com/GPX/1/1"><trk><trkseg>"#
            + body + "</trkseg></trk></gpx>" + String(repeating: "\n", count: 70_000)
        try Data(document.utf8).write(to: fallback)
        paths.append(fallback.path)
        #expect(paths.count >= 15)
        for path in paths {
            let workout = try ImportedWorkout(contentsOf: path, athlete: "ana")
            let result = try runProcess("/usr/bin/sha256sum", [path])
            #expect(workout.contentHash == String(result.standardOutput.prefix(64)), "\(path)")
            let size = try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int
            #expect(workout.sourceSizeBytes == size, "\(path)")
        }
        let fallbackWorkout = try ImportedWorkout(contentsOf: fallback.path, athlete: "ana")
        let summary = try JSONSerialization.jsonObject(with: Data(fallbackWorkout.summary.jsonText().utf8)) as? [String: Any]
        #expect(summary?["skippedFields"] as? [String: Int] == ["speed": 1])
    }
}
