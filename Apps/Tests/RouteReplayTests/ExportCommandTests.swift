import Foundation
import Testing
import TestSupport

/// Width and height from a PNG's IHDR chunk (bytes 16...23, big-endian), after checking the signature.
private func pngSize(_ data: Data) -> (width: Int, height: Int)? {
    let bytes = [UInt8](data.prefix(24))
    guard bytes.count == 24, bytes[0..<8] == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A],
          bytes[12..<16] == Array("IHDR".utf8)[...] else { return nil }
    func int(_ at: Int) -> Int { bytes[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
    return (int(16), int(20))
}

struct ExportCommandTests {
    static let run = TestPaths.sampleTrack("run-garmin-connect-hr-cadence.gpx").path
    static let pauses = TestPaths.sampleTrack("run-suunto-ambit-hr-cad-pauses.gpx").path

    @Test func gpxToStandardOutputReadsBackWithTheSameSummary() throws {
        let result = try CLI.run(["export", Self.run, "--to", "gpx", "--filter", "none"])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.hasPrefix("<?xml"))
        let path = try CLI.temporaryFile("exported.gpx", result.standardOutput)
        let original = try CLI.summary(Self.run, ["--filter", "none"])
        let exported = try CLI.summary(path, ["--filter", "none"])
        #expect(original["distanceMeters"] as? Double == exported["distanceMeters"] as? Double)
        #expect(original["elapsedSeconds"] as? Double == exported["elapsedSeconds"] as? Double)
    }

    @Test func textFormatsWriteToAFileWithDashO() throws {
        let directory = try TestPaths.temporaryDirectory("export-cli")
        for (format, check) in [("geojson", "FeatureCollection"), ("csv", "time,elapsed_s"), ("polyline", "\n"), ("svg", "<svg")] {
            let output = directory.appendingPathComponent("out.\(format)").path
            let result = try CLI.run(["export", Self.pauses, "--to", format, "-o", output])
            #expect(result.status == 0, "\(format): \(result.standardError)")
            #expect(result.standardOutput.isEmpty)
            let text = try String(contentsOfFile: output, encoding: .utf8)
            #expect(!text.isEmpty && text.contains(check), "\(format)")
        }
    }

    @Test func standardInputWorks() throws {
        let text = try String(contentsOfFile: Self.run, encoding: .utf8)
        let result = try CLI.run(["export", "-", "--input-format", "gpx", "--to", "polyline"], input: text)
        #expect(result.status == 0, "\(result.standardError)")
        let fromFile = try CLI.run(["export", Self.run, "--to", "polyline"])
        #expect(result.standardOutput == fromFile.standardOutput)
    }

    @Test(arguments: [["--chart", "map", "--color-by", "heartRate"], ["--chart", "elevation"], ["--chart", "stat", "--height", "300"]])
    func pngHasTheExpectedSize(_ extra: [String]) throws {
        let directory = try TestPaths.temporaryDirectory("export-png")
        let png = directory.appendingPathComponent("picture.png").path
        let svgPath = directory.appendingPathComponent("picture.svg").path
        let common = ["export", Self.pauses, "--width", "640"] + extra
        let svgResult = try CLI.run(common + ["--to", "svg", "-o", svgPath])
        #expect(svgResult.status == 0, "\(svgResult.standardError)")
        let svg = try String(contentsOfFile: svgPath, encoding: .utf8)
        let height = try #require(svg.firstMatch(of: /<svg[^>]* height="(\d+)"/).map { Int($0.1) } ?? nil)
        let result = try CLI.run(common + ["--to", "png", "-o", png, "--scale", "2"])
        #expect(result.status == 0, "\(result.standardError)")
        let size = try #require(pngSize(try Data(contentsOf: URL(fileURLWithPath: png))))
        #expect(size.width == 1280)
        #expect(size.height == 2 * height)
    }

    @Test func pngWithoutDashOUsesADefaultName() throws {
        let directory = try TestPaths.temporaryDirectory("export-default")
        let binary = try #require(RouteReplayBinary.path)
        let result = try runProcess("/bin/sh", ["-c", "cd \"$1\" && \"$2\" export \"$3\" --to png --chart elevation", "sh",
                                                directory.path, binary, Self.run])
        #expect(result.status == 0, "\(result.standardError)")
        let expected = directory.appendingPathComponent("run-garmin-connect-hr-cadence-elevation.png").path
        #expect(FileManager.default.fileExists(atPath: expected))
        #expect(result.standardError.contains("wrote run-garmin-connect-hr-cadence-elevation.png"))
    }

    /// A device as the output (`-o /dev/null`, a benchmark's habit): written in place, as text exports are;
    /// rsvg-convert's own `--output` refuses anything but a regular file, which was exit 70.
    @Test func pngToADeviceIsWritten() throws {
        let result = try CLI.run(["export", Self.run, "--to", "png", "-o", "/dev/null"])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(!result.standardError.contains("error"), "\(result.standardError)")
    }

    @Test func missingRendererIsAClearError() throws {
        let binary = try #require(RouteReplayBinary.path)
        let directory = try TestPaths.temporaryDirectory("export-missing")
        let result = try runProcess("/usr/bin/env", ["RSVG_CONVERT=/nonexistent/rsvg-convert", binary, "export", Self.run,
                                                     "--to", "png", "-o", directory.appendingPathComponent("x.png").path])
        #expect(result.status == 69)
        #expect(result.standardError.contains("rsvg-convert not found"))
        #expect(result.standardError.contains("librsvg2-bin"))
    }

    @Test func usageErrors() throws {
        let chartWithGPX = try CLI.run(["export", Self.run, "--to", "gpx", "--chart", "pace"])
        #expect(chartWithGPX.status == 64)
        let badSimplify = try CLI.run(["export", Self.run, "--to", "polyline", "--simplify", "-1"])
        #expect(badSimplify.status == 64)
        let missing = try CLI.run(["export", "/nonexistent/track.gpx", "--to", "gpx"])
        #expect(missing.status == 66)
        let noHeartRate = try CLI.temporaryFile("nohr.gpx", """
            <gpx version="1.1" xmlns="http://www.topografix.com/GPX/1/1"><trk><trkseg>
            <trkpt lat="47" lon="8"><time>2020-01-01T00:00:00Z</time></trkpt>
            <trkpt lat="47.0001" lon="8"><time>2020-01-01T00:00:05Z</time></trkpt>
            </trkseg></trk></gpx>
            """)
        let chart = try CLI.run(["export", noHeartRate, "--to", "svg", "--chart", "heartRate"])
        #expect(chart.status == 65)
        #expect(chart.standardError.contains("no heart rate"))
        let unwritable = try CLI.run(["export", Self.run, "--to", "csv", "-o", "/nonexistent/dir/out.csv"])
        #expect(unwritable.status == 73)
    }
}
