import Foundation
import Testing
import TestSupport

/// `route-replay convert`: the samples as read, against fitdecode's reading of the FIT files
/// (`Tests/Reference/fit-reference.json`) and against the summaries of the originals.
struct ConvertCommandTests {
    static let fit = TestPaths.sampleTrack("run-garmin-fr920xt-hr-cad-laps-devfields.fit").path

    static func reference(_ file: String, _ key: String) throws -> Double? {
        let url = TestPaths.repositoryRoot.appendingPathComponent("Tests/Reference/fit-reference.json")
        let object = try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: [String: Any]]
        return (object?[file]?[key] as? NSNumber)?.doubleValue
    }

    /// A point per record with a position (fitdecode's count), and one warning line for what GPX cannot hold.
    @Test func fitToGPXOnStandardOutput() throws {
        let result = try CLI.run(["convert", Self.fit, "--to", "gpx"])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.hasPrefix("<?xml"))
        let points = result.standardOutput.components(separatedBy: "<trkpt ").count - 1
        #expect(Double(points) == (try Self.reference("run-garmin-fr920xt-hr-cad-laps-devfields.fit", "recordsWithPosition")))
        let warnings = result.standardError.split(separator: "\n")
        #expect(warnings.count == 1 && warnings[0].contains("GPX has no place for") && warnings[0].contains(" lap"), "\(result.standardError)")
    }

    /// NDJSON written with `-o` summarises as the FIT file does.
    @Test func fitToNDJSONSummarisesAsTheFile() throws {
        let directory = try TestPaths.temporaryDirectory("convert-cli")
        defer { try? FileManager.default.removeItem(at: directory) }
        let output = directory.appendingPathComponent("run.ndjson").path
        let result = try CLI.run(["convert", Self.fit, "--to", "ndjson", "-o", output])
        #expect(result.status == 0 && result.standardOutput.isEmpty && result.standardError.isEmpty, "\(result.standardError)")
        let original = try CLI.summary(Self.fit), converted = try CLI.summary(output)
        for key in ["distanceMeters", "elapsedSeconds", "movingSeconds", "pauseCount", "lapCount", "elevationGainMeters", "activeEnergyKilocalories"] {
            #expect(original[key] as? Double == converted[key] as? Double, "\(key)")
        }
    }

    /// A track without times cannot be NDJSON: exit 65, a message that says so, and no file left behind.
    @Test func anUntimedTrackIsNotWrittenAsNDJSON() throws {
        let directory = try TestPaths.temporaryDirectory("convert-untimed")
        defer { try? FileManager.default.removeItem(at: directory) }
        let track = TestPaths.sampleTrack("route-alltrails-rte-no-time.gpx").path
        let output = directory.appendingPathComponent("route.ndjson").path
        let result = try CLI.run(["convert", track, "--to", "ndjson", "-o", output])
        #expect(result.status == 65)
        #expect(result.standardError.contains("has no time"), "\(result.standardError)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).isEmpty)
        // As GPX it converts.
        let gpx = try CLI.run(["convert", track, "--to", "gpx"])
        #expect(gpx.status == 0 && gpx.standardOutput.contains("<trkpt "), "\(gpx.standardError)")
    }

    @Test func aMissingInputIsExit66AndWritesNothing() throws {
        let directory = try TestPaths.temporaryDirectory("convert-missing")
        defer { try? FileManager.default.removeItem(at: directory) }
        let output = directory.appendingPathComponent("out.gpx").path
        let result = try CLI.run(["convert", directory.appendingPathComponent("nope.fit").path, "--to", "gpx", "-o", output])
        #expect(result.status == 66, "\(result.standardError)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).isEmpty)
    }

    @Test func theInputIsNotOverwritten() throws {
        let result = try CLI.run(["convert", Self.fit, "--to", "gpx", "-o", Self.fit])
        #expect(result.status == 64, "\(result.standardError)")
    }
}
