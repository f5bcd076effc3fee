import Foundation
import Logging
import Testing
import TestSupport
import TrackFormats
import WorkoutEngine
import WorkoutSamples

/// Inputs the fuzzers (Fuzz/, scripts/fuzz.sh) found to crash the engine, minimised by hand, plus the
/// raw crash files kept in Fuzz/regressions/. Each crashed the process (a trapping Double → Int64
/// conversion) before its fix; now each must print.
struct FuzzRegressionTests {
    /// Fuzz/regressions/ in the source tree (absent in an installed copy of the tests).
    static let regressionsDirectory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fuzz/regressions")

    static let extremes: [Double] = [1e300, -1e300, 9.3e15, -9.3e15, 1e19, -1e19, .greatestFiniteMagnitude, -.greatestFiniteMagnitude]

    // fuzz-journal, fuzz-json: a sample time of ±1e300 s trapped in `iso8601(secondsSince1970:)`.
    @Test(arguments: extremes)
    func iso8601OfAnUnrepresentableInstantDoesNotTrap(_ seconds: Double) {
        _ = ISO8601Text.string(secondsSince1970: seconds)
    }

    // fuzz-gpx: an elevation of 1e300 made the gain 1e300, which trapped in `fixed(_:digits:)` (text summary).
    @Test(arguments: extremes)
    func fixedOfAHugeValueDoesNotTrap(_ value: Double) {
        for digits in 0...3 { #expect(!DisplayFormatting.fixed(value, digits: digits).isEmpty) }
    }

    // Same family, found reading the code after the two above: durations and paces of absurd size.
    @Test(arguments: extremes)
    func durationsAndPacesOfHugeValuesDoNotTrap(_ seconds: Double) {
        _ = DisplayFormatting.duration(seconds: seconds)
        _ = DisplayFormatting.longDuration(seconds: seconds)
        _ = DisplayFormatting.pace(secondsPerUnit: seconds)
    }

    @Test func ordinaryValuesAreFormattedAsBefore() {
        #expect(ISO8601Text.string(secondsSince1970: 1_714_546_800.25) == "2024-05-01T07:00:00.250Z")
        #expect(DisplayFormatting.fixed(-3.14159, digits: 2) == "-3.14")
        #expect(DisplayFormatting.fixed(1234.5, digits: 0) == "1235")
    }

    static func summaryTexts(ofTrack path: String) throws -> (json: String, text: String) {
        let summary = try WorkoutSummary(contentsOfTrack: path)
        return (summary.jsonText(), summary.text())
    }

    @Test func sampleTimeOf1e300IsSummarised() throws {
        let directory = try TestPaths.temporaryDirectory("fuzz-regression")
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("huge-time.ndjson").path
        try Data(#"""
            {"type":"location","time":1e300,"latitude":47.37,"longitude":8.54}
            {"type":"location","time":1.5e300,"latitude":47.371,"longitude":8.54}
            {"type":"heartRate","time":-1e300,"bpm":120}

            """#.utf8).write(to: URL(fileURLWithPath: path))
        // Since issue 13 the reader refuses a time no output can write, naming the field and its place;
        #expect {
            _ = try Self.summaryTexts(ofTrack: path)
        } throws: { error in
            (error as? TrackFormatError)?.message == "record 1: field \"time\": 1e+300 is outside the years 0001 to 9999"
        }
        // samples made in code still reach the builder, and their summary is still valid JSON.
        let samples: [Sample] = [
            .location(LocationSample(time: 1e300, latitude: 47.37, longitude: 8.54)),
            .location(LocationSample(time: 1.5e300, latitude: 47.371, longitude: 8.54)),
            .heartRate(HeartRateSample(time: -1e300, beatsPerMinute: 120)),
        ]
        let json = try WorkoutSummary(samples: samples).jsonText()
        #expect(try JSONSerialization.jsonObject(with: Data(json.utf8)) is [String: Any])
    }

    @Test func elevationOf1e300IsSummarisedAsText() throws {
        let directory = try TestPaths.temporaryDirectory("fuzz-regression")
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("huge-elevation.gpx").path
        try Data("""
            <?xml version="1.0" encoding="UTF-8"?>
            <gpx version="1.1" creator="fuzz"><trk><trkseg>
            <trkpt lat="47.3700" lon="8.5400"><ele>0</ele><time>2024-05-01T07:00:00Z</time></trkpt>
            <trkpt lat="47.3703" lon="8.5400"><ele>1e300</ele><time>2024-05-01T07:00:05Z</time></trkpt>
            <trkpt lat="47.3706" lon="8.5400"><ele>0</ele><time>2024-05-01T07:00:10Z</time></trkpt>
            </trkseg></trk></gpx>
            """.utf8).write(to: URL(fileURLWithPath: path))
        let (json, text) = try Self.summaryTexts(ofTrack: path)
        #expect(try JSONSerialization.jsonObject(with: Data(json.utf8)) is [String: Any])
        #expect(text.contains("Elevation:"))
    }

    @Test func recoveredJournalWithAHugeTimeIsSummarised() throws {
        let directory = try TestPaths.temporaryDirectory("fuzz-regression")
        defer { try? FileManager.default.removeItem(at: directory) }
        let id = UUID()
        var bytes = JournalHeader(sessionID: id, options: WorkoutOptions(), startTime: 1e300).encoded()
        JournalRecord.sample(.location(LocationSample(time: 1e300, latitude: 47.37, longitude: 8.54))).encode(into: &bytes)
        JournalRecord.sample(.location(LocationSample(time: 1e300 + 1e285, latitude: 47.371, longitude: 8.54))).encode(into: &bytes)
        try Data(bytes).write(to: URL(fileURLWithPath: JournalFormat.journalPath(directory: directory.path, sessionID: id)))
        let outcomes = try SessionRecovery.recover(
            directory: directory.path, now: 1e300, maxAge: .infinity,
            logger: Logger(label: "fuzz-regression", factory: { _ in SwiftLogNoOpLogHandler() }))
        #expect(outcomes.count == 1)
        for case .recovered(let session) in outcomes {
            let json = try #require(session.summary).jsonText()
            #expect(try JSONSerialization.jsonObject(with: Data(json.utf8)) is [String: Any])
        }
    }

    // fuzz-tcx: a fix with an invalid coordinate dated a year after the last one counted as a GPS dropout
    // crossed at moving speed (its speed from the last fix is absurd), so the year became running time and
    // the analysis's 1 s grids ran for minutes. An invalid fix gives no speed: the gap is a pause.
    @Test func anInvalidFixAYearLaterAddsNoRunningTime() throws {
        let t0 = 1_356_557_393.0
        let samples: [Sample] = [
            .location(LocationSample(time: t0, latitude: 35.9518, longitude: -79.0931)),
            .location(LocationSample(time: t0 + 5, latitude: 35.9519, longitude: -79.0931)),
            .location(LocationSample(time: t0 + 365 * 86_400, latitude: 35915.6, longitude: -79.0931)),
        ]
        let summary = try WorkoutSummary(samples: samples, options: WorkoutOptions(activity: .running))
        #expect(summary.metrics.elapsedSeconds == 5)
        #expect(summary.metrics.rejections.nonZero.map(\.reason) == [.invalidCoordinate])
    }

    /// The raw crash inputs, as the fuzzers saved them.
    @Test func rawCrashInputsAreSummarised() throws {
        for kind in ["gpx", "tcx", "json", "ndjson", "fit"] {
            let directory = Self.regressionsDirectory.appendingPathComponent(kind)
            guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory.path) else { continue }
            for name in names.sorted() {
                let path = directory.appendingPathComponent(name).path
                do {
                    let summary = try WorkoutSummary(contentsOfTrack: path, format: TrackFormat(rawValue: kind))
                    #expect(try JSONSerialization.jsonObject(with: Data(summary.jsonText().utf8)) is [String: Any], "\(name)")
                    _ = summary.text()
                } catch is TrackFormatError {
                    // Rejected with a position: also fine; the regression was a crash.
                }
            }
        }
    }
}
