import Foundation
import Testing
import TestSupport

/// Every command reads FIT files as it reads GPX: summary, replay, export (GPX with heart rate, cadence,
/// temperature and power), detection by content, damage and `--strict`.
struct FITCommandTests {
    static let ride = TestPaths.sampleTrack("ride-garmin-edge530-hr-cad-power.fit").path
    static let fitFiles = [
        "ride-garmin-edge530-hr-cad-power.fit", "run-garmin-fr920xt-hr-cad-laps-devfields.fit",
        "run-polar-marathon-nogps-44laps.fit", "run-polar-treadmill-12km.fit",
    ]

    @Test("summary of every FIT sample track", arguments: fitFiles)
    func summary(_ file: String) throws {
        let summary = try CLI.summary(TestPaths.sampleTrack(file).path)
        #expect((summary["distanceMeters"] as? Double ?? 0) > 10_000, "\(file)")
        #expect(summary["activity"] as? String == (file.hasPrefix("ride") ? "cycling" : "running"))
        #expect(summary["damage"] == nil)
        let text = try CLI.run(["summary", TestPaths.sampleTrack(file).path, "--format", "text"])
        #expect(text.status == 0)
        #expect(text.standardOutput.contains("Heart rate:"))
    }

    @Test func fitIsDetectedByContentAndByOption() throws {
        let data = try Data(contentsOf: URL(fileURLWithPath: Self.ride))
        let path = try CLI.temporaryFile("ride.data", data)
        let detected = try CLI.summary(path)
        let byOption = try CLI.summary(path, ["--input-format", "fit"])
        let byExtension = try CLI.summary(Self.ride)
        #expect(detected["distanceMeters"] as? Double == byExtension["distanceMeters"] as? Double)
        #expect(byOption["distanceMeters"] as? Double == byExtension["distanceMeters"] as? Double)
        // From standard input too (one pass: the sport comes from the file's sport message).
        let binary = try #require(RouteReplayBinary.path)
        let piped = try runProcess("/bin/sh", ["-c", "\"$0\" summary - --format json < \"$1\"", binary, Self.ride])
        #expect(piped.status == 0, "\(piped.standardError)")
        #expect(piped.standardOutput.contains("\"activity\":\"cycling\""))
    }

    @Test func replayAsFastAsPossible() throws {
        let result = try CLI.run(["replay", TestPaths.sampleTrack("run-polar-treadmill-12km.fit").path, "--as-fast-as-possible"])
        #expect(result.status == 0, "\(result.standardError)")
        let lines = result.standardOutput.split(separator: "\n")
        #expect(lines.count > 10)
        #expect(lines.allSatisfy { $0.hasPrefix("{") })
    }

    @Test func gpxExportOfARideCarriesHeartRateCadenceTemperatureAndPower() throws {
        let result = try CLI.run(["export", Self.ride, "--to", "gpx"])
        #expect(result.status == 0, "\(result.standardError)")
        let gpx = result.standardOutput
        for element in ["<gpxtpx:hr>", "<gpxtpx:cad>", "<gpxtpx:atemp>", "<power>"] {
            #expect(gpx.contains(element), "missing \(element)")
        }
        // Read back: the same heart rate and power come out of the GPX.
        let path = try CLI.temporaryFile("ride.gpx", gpx)
        let original = try CLI.summary(Self.ride)
        let exported = try CLI.summary(path)
        #expect(exported["activity"] as? String == "cycling")
        let powerOriginal = try #require(original["averagePowerWatts"] as? Double)
        let powerExported = try #require(exported["averagePowerWatts"] as? Double)
        #expect(abs(powerOriginal - powerExported) < 0.05 * powerOriginal)
        let heartOriginal = try #require((original["heartRate"] as? [String: Any])?["averageBPM"] as? Double)
        let heartExported = try #require((exported["heartRate"] as? [String: Any])?["averageBPM"] as? Double)
        #expect(abs(heartOriginal - heartExported) < 2)
    }

    @Test func otherExports() throws {
        let directory = try TestPaths.temporaryDirectory("fit-export")
        for format in ["geojson", "png", "csv"] {
            let output = directory.appendingPathComponent("ride.\(format)").path
            let result = try CLI.run(["export", Self.ride, "--to", format, "-o", output])
            #expect(result.status == 0, "\(format): \(result.standardError)")
            #expect(FileManager.default.fileExists(atPath: output))
        }
    }

    @Test func damagedFileGivesDamageOrExit65WithStrict() throws {
        let data = try Data(contentsOf: TestPaths.sampleTrack("run-polar-treadmill-12km.fit"))
        let path = try CLI.temporaryFile("cut.fit", data.prefix(40_000))
        let summary = try CLI.summary(path)
        let damage = try #require(summary["damage"] as? [String: Any])
        let offset = try #require(damage["byteOffset"] as? Int)
        #expect((damage["reason"] as? String)?.contains("truncated") == true)
        let strict = try CLI.run(["summary", path, "--strict"])
        #expect(strict.status == 65)
        #expect(strict.standardError.contains("\(path):byte \(offset): truncated"), "\(strict.standardError)")
        // Replay and export keep what came before the damage, and say so on standard error (summary too:
        // its JSON has `damage`, its text or an export none); --strict refuses it.
        let kept = "\(path):byte \(offset): truncated"
        for command in [["summary", path], ["replay", path, "--as-fast-as-possible"], ["export", path, "--to", "gpx"]] {
            let result = try CLI.run(command)
            #expect(result.status == 0, "\(command)")
            #expect(result.standardError.contains("route-replay: warning: \(kept)") && result.standardError.contains("what came before it is kept"),
                    "\(command): \(result.standardError)")
        }
        for command in [["replay", path, "--as-fast-as-possible", "--strict"], ["export", path, "--to", "gpx", "--strict"]] {
            let result = try CLI.run(command)
            #expect(result.status == 65, "\(command)")
            #expect(result.standardError.contains("\(path):byte \(offset): truncated"), "\(command): \(result.standardError)")
        }
        // A bad file CRC.
        var bad = data
        bad[bad.count - 1] ^= 0xFF
        let badPath = try CLI.temporaryFile("crc.fit", bad)
        #expect(try CLI.summary(badPath)["damage"] != nil)
        let badStrict = try CLI.run(["summary", badPath, "--strict"])
        #expect(badStrict.status == 65)
        #expect(badStrict.standardError.contains("\(badPath):byte \(data.count - 2): file CRC mismatch"))
    }

    @Test func unreadableFITIsExit65WithTheByteOffset() throws {
        let path = try CLI.temporaryFile("junk.fit", Data("this is not a FIT file at all".utf8))
        let result = try CLI.run(["summary", path])
        #expect(result.status == 65)
        #expect(result.standardError.contains("\(path):byte 8: not a FIT file"), "\(result.standardError)")
        for command in [["replay", path, "--as-fast-as-possible"], ["export", path, "--to", "gpx"]] {
            let other = try CLI.run(command)
            #expect(other.status == 65, "\(command): \(other.standardError)")
        }
    }
}
