import Foundation
import Testing
import TestSupport
import WorkoutEngine

/// A track that gives the engine nothing to measure says so in the summary's warnings (and `route-replay`
/// on standard error), so that an empty result does not pass for a short workout: before, a TCX course
/// or a GPX file of waypoints summarised as 0 km without a word.
struct NothingToMeasureTests {
    static func summary(of text: String, named name: String) throws -> WorkoutSummary {
        let directory = try TestPaths.temporaryDirectory("nothing")
        defer { try? FileManager.default.removeItem(at: directory) }
        let url = directory.appendingPathComponent(name)
        try Data(text.utf8).write(to: url)
        return try WorkoutSummary(contentsOfTrack: url.path)
    }

    @Test func aFileOfWaypointsOnlyIsNothingToMeasure() throws {
        var summary = try Self.summary(of: """
            <?xml version="1.0"?><gpx version="1.1" creator="t" xmlns="http://www.topografix.com/GPX/1/1">
            <wpt lat="46.5" lon="7.5"><name>hut</name></wpt></gpx>
            """, named: "waypoints.gpx")
        #expect(summary.metrics.warnings == [WorkoutSummary.nothingToMeasureWarning])
        // Taking the report in again does not say it twice.
        var builder = WorkoutBuilder()
        let report = try TrackReader.read(TrackInput(bytes: Array("{\"samples\": []}".utf8), name: "empty.json"), into: &builder)
        summary.include(report)
        #expect(summary.metrics.warnings == [WorkoutSummary.nothingToMeasureWarning])
    }

    /// Timer stops the reader left out as dated long before the records it had read (a FIT file that writes
    /// them after its records) are said once in the warnings, with their count.
    @Test func lateTimerEventsAreSaid() throws {
        let t0 = 1_700_000_000.0
        let samples = (0..<30).map { Sample.location(LocationSample(time: t0 + Double($0), latitude: 46.5 + Double($0) * 2.7e-5, longitude: 7.5)) }
        var summary = try WorkoutSummary(samples: samples, options: WorkoutOptions(activity: .running))
        var report = TrackReadReport(format: .fit, sampleCount: 30, locationCount: 30)
        report.lateTimerStopCount = 2
        summary.include(report)
        summary.include(report)
        #expect(summary.metrics.warnings.filter { $0.hasPrefix("2 timer stops were dated long before the records already read") }.count == 1, "\(summary.metrics.warnings)")
    }

    @Test func anEmptySegmentIsNothingToMeasure() throws {
        let summary = try WorkoutSummary(contentsOfTrack: TestPaths.sampleTrack("patho-empty-trkseg-oregon400t.gpx").path)
        #expect(summary.metrics.warnings == [WorkoutSummary.nothingToMeasureWarning])
    }

    /// Events alone (a FIT file of timer events only: they give the session its time) are nothing to
    /// measure either.
    @Test func eventsAloneAreNothingToMeasure() throws {
        let summary = try Self.summary(of: """
            {"type":"event","event":"pause","time":"2020-01-01T00:00:00Z"}
            {"type":"event","event":"resume","time":"2020-01-01T00:10:00Z"}
            {"type":"event","event":"lap","time":"2020-01-01T01:00:00Z"}
            """, named: "events.ndjson")
        #expect(summary.metrics.elapsedSeconds != nil)
        #expect(summary.metrics.warnings == [WorkoutSummary.nothingToMeasureWarning])
    }

    /// One untimed position, or heart rate with a time and no position, is something to measure.
    @Test func onePositionOrOneTimedReadingIsSomething() throws {
        let position = try Self.summary(of: """
            <?xml version="1.0"?><gpx version="1.1" creator="t" xmlns="http://www.topografix.com/GPX/1/1">
            <trk><trkseg><trkpt lat="46.5" lon="7.5"/></trkseg></trk></gpx>
            """, named: "one.gpx")
        #expect(position.metrics.warnings.isEmpty)
        let heartRate = try Self.summary(of: """
            {"type":"heartRate","time":"2020-01-01T00:00:00Z","bpm":120}
            {"type":"heartRate","time":"2020-01-01T00:00:05Z","bpm":121}
            """, named: "hr.ndjson")
        #expect(heartRate.metrics.elapsedSeconds == 5)
        #expect(heartRate.metrics.warnings.isEmpty)
    }

    /// Fixes that came and were all left out by the filter (gpxpy's test files of one point with an `hdop`
    /// of 101 or 300) say so, with the reasons counted; `--filter none` takes them. Fixes with invalid
    /// coordinates alone get no such advice: no filter takes them.
    @Test func fixesTheFilterLeftAllOutAreSaid() throws {
        let text = """
            <?xml version="1.0"?><gpx version="1.1" creator="t" xmlns="http://www.topografix.com/GPX/1/1"><trk><trkseg>
            <trkpt lat="10.1" lon="-20.2"><time>2013-01-01T12:00:04Z</time><hdop>101</hdop></trkpt>
            <trkpt lat="10.1001" lon="-20.2"><time>2013-01-01T12:00:09Z</time><hdop>300.1</hdop></trkpt>
            </trkseg></trk></gpx>
            """
        let summary = try Self.summary(of: text, named: "dilution.gpx")
        #expect(summary.metrics.locationCount == 0)
        #expect(summary.metrics.warnings == ["all 2 fixes were left out by the location filter (poorAccuracy 2): without the filter every fix with valid coordinates counts"])
        var unfiltered = WorkoutBuilder(options: WorkoutOptions(filterMode: .none))
        let report = try TrackReader.read(TrackInput(bytes: Array(text.utf8), name: "dilution.gpx"), into: &unfiltered)
        let taken = try unfiltered.summary(reading: report)
        #expect(taken.metrics.locationCount == 2)
        #expect(taken.metrics.warnings.isEmpty)
    }
}
