import Foundation
import Testing
import TestSupport
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
}
