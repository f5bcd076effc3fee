import Foundation
import Testing
import TestSupport
@testable import TrackFormats
import WorkoutSamples

/// `TCXReader` on every real TCX recording, against the figures Python's xml.etree reads from the same
/// files (`scripts/tcx-reference.py`, output committed in `References/tcx-reference.json`).
struct TCXSampleTrackTests {
    /// The permissive files in `SampleTracks/`, and the GPL/AGPL or large ones read from `../shared/tracks`.
    static let bundled = [
        "run-garmin-fr410-hr-3laps.tcx", "ride-garmin-edge500-hr.tcx", "other-garmin-vivoactive-xcski-2laps.tcx",
    ]
    static let shared = [
        "ride-garmin-edge305-hr.tcx", "ride-garmin-edge520-hr-11k.tcx", "run-polar-v800-hr-cad-leading-whitespace.tcx",
    ]

    static func url(_ name: String) -> URL? {
        bundled.contains(name) ? TestPaths.sampleTrack(name) : TestPaths.sharedTrack(name)
    }

    @Test(arguments: bundled + shared)
    func readerMatchesTheReference(name: String) throws {
        guard let url = Self.url(name) else {
            print("skipped: ../shared/tracks/\(name) is not present")
            return
        }
        let reference = try #require(try TCXReference.all()[name])
        let (report, sink) = try TCXTestReading.read(url)
        let counts = reference.counts

        #expect(report.format == .tcx)
        #expect(report.locationCount == counts.withPosition)
        #expect(sink.locations.count == counts.withPosition)
        #expect(sink.heartRates.count == counts.heartRate)
        // No file has both a trackpoint Cadence and a TPX RunCadence, so the cadence samples are their sum.
        #expect(counts.cadence == 0 || counts.runCadence == 0)
        #expect(sink.cadences.count == counts.cadence + counts.runCadence)
        #expect(sink.powers.count == counts.watts)
        #expect(sink.distances.count == counts.distance)
        #expect(sink.locations.filter { $0.speedMetersPerSecond != nil }.count == counts.speed)
        // A segment at the activity's first Track and at a lap's second one; a lap's first Track after an
        // earlier lap's goes on with the segment (Garmin writes one Track per lap while recording on).
        #expect(sink.segmentStarts == counts.segments)
        #expect(report.skippedFields.isEmpty)

        // Times: the first sample carries the first trackpoint's time; the last lap ends at the last one.
        #expect(sink.samples.first(where: { $0.time != nil })?.time == reference.firstTime)
        #expect(sink.laps.last?.time == reference.lastTime)

        // Laps: one event per lap, with its trigger, where the device's lap ends: the earlier of its
        // StartTime + TotalTimeSeconds and the next lap's StartTime, when that lies from its last trackpoint
        // to 60 s after it; else (the last lap, a pause in the lap) at its last trackpoint.
        func expectedEnd(_ index: Int) -> Double? {
            let lap = reference.laps[index]
            guard let last = lap.lastTrackpointTime, index + 1 < reference.laps.count,
                  let next = reference.laps[index + 1].startTime, let start = lap.startTime,
                  let seconds = lap.totalTimeSeconds else { return lap.lastTrackpointTime }
            let candidate = min(next, start + seconds)
            return candidate >= last && candidate - last <= 60 ? candidate : last
        }
        #expect(sink.laps.count == reference.laps.count)
        #expect(report.deviceLaps.count == reference.laps.count)
        for (index, lap) in reference.laps.enumerated() where index < min(sink.laps.count, report.deviceLaps.count) {
            let trigger = lap.triggerMethod.map { $0 == "Location" ? "position" : $0.prefix(1).lowercased() + $0.dropFirst() }
            #expect(sink.laps[index].time == expectedEnd(index), "lap \(index)")
            #expect(sink.laps[index].lapTrigger?.rawValue == trigger, "lap \(index)")
            let device = report.deviceLaps[index]
            #expect(device.startTime == lap.startTime, "lap \(index)")
            #expect(device.timerSeconds == lap.totalTimeSeconds, "lap \(index)")
            #expect(device.distanceMeters == lap.distanceMeters, "lap \(index)")
            #expect(device.trigger?.rawValue == trigger, "lap \(index)")
        }

        // The device's record: sums over the laps, computed here from the reference's laps.
        let device = try #require(report.device)
        #expect(device.product == reference.creator)
        #expect(device.sport == reference.sport)
        #expect(report.activityName == reference.sport)
        #expect(sink.activities == [reference.sport].compactMap { $0 })
        #expect(device.manufacturer == nil)
        #expect(device.ascentMeters == nil && device.descentMeters == nil)
        let distance = reference.laps.compactMap(\.distanceMeters).reduce(0, +)
        let timer = reference.laps.compactMap(\.totalTimeSeconds).reduce(0, +)
        let calories = reference.laps.compactMap(\.calories).reduce(0, +)
        #expect(try #require(device.distanceMeters).isApproximatelyEqual(to: distance, relativeTolerance: 1e-12))
        #expect(try #require(device.timerSeconds).isApproximatelyEqual(to: timer, relativeTolerance: 1e-12))
        #expect(device.kilocalories == calories)
        #expect(device.maximumHeartRate == reference.laps.compactMap(\.maximumHeartRate).max())
        let weighted = reference.laps.reduce(0.0) { $0 + ($1.averageHeartRate ?? 0) * ($1.totalTimeSeconds ?? 0) }
        #expect(try #require(device.averageHeartRate).isApproximatelyEqual(to: weighted / timer, relativeTolerance: 1e-12))
        let first = try #require(reference.firstTime), last = try #require(reference.lastTime)
        #expect(try #require(device.elapsedSeconds).isApproximatelyEqual(to: last - first, relativeTolerance: 1e-12))
    }

    /// Chunk boundaries fall everywhere (inside names, numbers, the leading white space): the samples,
    /// the laps and the device record do not change.
    @Test func oneByteChunksGiveIdenticalOutput() throws {
        let url = TestPaths.sampleTrack("run-garmin-fr410-hr-3laps.tcx")
        let reference = try TCXTestReading.read(url)
        let chunked = try TCXTestReading.read(url, chunkSize: 1)
        #expect(chunked.report == reference.report)
        #expect(chunked.sink.entries == reference.sink.entries)
    }

    @Test(arguments: bundled + shared)
    func chunkSizeDoesNotChangeOutput(name: String) throws {
        guard let url = Self.url(name) else {
            print("skipped: ../shared/tracks/\(name) is not present")
            return
        }
        let reference = try TCXTestReading.read(url)
        for chunkSize in [3, 4093] {
            let chunked = try TCXTestReading.read(url, chunkSize: chunkSize)
            #expect(chunked.report == reference.report, "chunk size \(chunkSize)")
            #expect(chunked.sink.entries == reference.sink.entries, "chunk size \(chunkSize)")
        }
    }

    /// The Polar export starts with white space before `<?xml` (expat refuses it); a later error's
    /// position still counts the skipped lines and columns.
    @Test func leadingWhiteSpaceKeepsPositionsTrue() throws {
        let text = "\n   \n      <?xml version=\"1.0\"?><TrainingCenterDatabase xmlns=\"http://www.garmin.com/xmlschemas/TrainingCenterDatabase/v2\"><Activities><Activity Sport=\"Running\"><Lap><Track><Trackpoint><Time>nope</Time></Trackpoint></Track></Lap></Activity></Activities></TrainingCenterDatabase>"
        let error = try #require(TCXTestReading.formatError(text))
        #expect(error.position.line == 3)
        #expect(error.message == #"Time: "nope" is not a valid ISO 8601 date-time"#)
        // The column of the `>` that ends `<Time>`, as for every value's error.
        let column = text.split(separator: "\n", omittingEmptySubsequences: false)[2].utf8.count
            - "nope</Time></Trackpoint></Track></Lap></Activity></Activities></TrainingCenterDatabase>".utf8.count
        #expect(error.position.column == column)
    }

    /// The public entry point: by extension, and by content whatever the extension says.
    @Test func trackReaderDetectsTCXByRootElement() throws {
        let source = TestPaths.sampleTrack("other-garmin-vivoactive-xcski-2laps.tcx")
        var direct = RecordingSink()
        let byExtension = try TrackReader.read(TrackInput(path: source.path), into: &direct)
        #expect(byExtension.format == .tcx)
        let bytes = try [UInt8](Data(contentsOf: source))
        for name in ["activity.gpx", "activity", "activity.xml"] {
            let copy = try TCXTestReading.write(bytes, name: name)
            defer { try? FileManager.default.removeItem(at: copy.deletingLastPathComponent()) }
            var sink = RecordingSink()
            let report = try TrackReader.read(TrackInput(path: copy.path), into: &sink)
            #expect(report == byExtension, "\(name)")
            #expect(sink.entries == direct.entries, "\(name)")
        }
        // A GPX file named .tcx is read as GPX.
        let gpxBytes = try [UInt8](Data(contentsOf: TestPaths.sampleTrack("patho-caltopo-2tracks-repeated-timestamps.gpx")))
        let misnamed = try TCXTestReading.write(gpxBytes, name: "track.tcx")
        defer { try? FileManager.default.removeItem(at: misnamed.deletingLastPathComponent()) }
        var gpxSink = RecordingSink()
        #expect(try TrackReader.read(TrackInput(path: misnamed.path), into: &gpxSink).format == .gpx)
        // An explicit format is obeyed: TCX forced on a GPX document is a wrong root.
        var forced = RecordingSink()
        #expect(throws: TrackFormatError.self) {
            try TrackReader.read(TrackInput(path: misnamed.path), format: .tcx, into: &forced)
        }
    }
}
