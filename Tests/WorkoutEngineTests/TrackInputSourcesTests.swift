import Foundation
import Testing
import TestSupport
import WorkoutEngine

/// A track from memory and from a stream of chunks (an HTTP body) gives exactly what the same file gives;
/// a file's samples as an `AsyncSequence`; a recorded track replayed as if live (issue 16).
struct TrackInputSourcesTests {
    static let gpx = TestPaths.sampleTrack("run-suunto-ambit-hr-cad-pauses.gpx")

    /// Splits `bytes` into chunks of `size` bytes, delivered by an `AsyncStream`.
    static func chunks(_ bytes: [UInt8], size: Int) -> AsyncStream<[UInt8]> {
        AsyncStream { continuation in
            var offset = 0
            while offset < bytes.count {
                continuation.yield(Array(bytes[offset..<min(bytes.count, offset + size)]))
                offset += size
            }
            continuation.finish()
        }
    }

    @Test(arguments: ["run-suunto-ambit-hr-cad-pauses.gpx", "hike-garmin-gpsmap64s-2seg-elevation.gpx"])
    func bytesAndChunksGiveTheFilesSummary(name: String) async throws {
        let url = TestPaths.sampleTrack(name)
        let fromFile = try WorkoutSummary(contentsOfTrack: url.path).jsonText()
        let bytes = try [UInt8](Data(contentsOf: url))
        #expect(try WorkoutSummary(trackBytes: bytes, name: name).jsonText() == fromFile)
        #expect(try WorkoutSummary(trackBytes: Data(bytes), name: name).jsonText() == fromFile)
        for size in [7, 4096, 1 << 20] {
            let streamed = try await WorkoutSummary(trackChunks: Self.chunks(bytes, size: size), name: name)
            #expect(streamed.jsonText() == fromFile, "chunks of \(size) bytes")
            // Its size stated (an HTTP Content-Length): kept as it arrives, read by the fast path.
            let stated = try await WorkoutSummary(trackChunks: Self.chunks(bytes, size: size), name: name, expectedSizeBytes: bytes.count)
            #expect(stated.jsonText() == fromFile, "chunks of \(size) bytes, size stated")
        }
    }

    /// A FIT ride uploaded in chunks without a stated size is a ride, as the file is: its sport comes in its
    /// last messages, so the stream is received whole and read twice (before, it was measured as a run:
    /// 27 fixes rejected as too fast for one, best efforts of a runner).
    @Test(arguments: ["ride-garmin-edge500-late-gps-4laps.fit", "ride-garmin-edge530-hr-cad-power.fit"])
    func aFITRideInChunksIsARide(name: String) async throws {
        let url = TestPaths.sampleTrack(name)
        let fromFile = try WorkoutSummary(contentsOfTrack: url.path)
        #expect(fromFile.metrics.activity == .cycling)
        let bytes = try [UInt8](Data(contentsOf: url))
        for size in [1, 4096, 1 << 20] {
            let streamed = try await WorkoutSummary(trackChunks: Self.chunks(bytes, size: size), name: name)
            #expect(streamed.jsonText() == fromFile.jsonText(), "chunks of \(size) bytes")
            let stated = try await WorkoutSummary(trackChunks: Self.chunks(bytes, size: size), name: "upload", format: .fit)
            #expect(stated.jsonText() == fromFile.jsonText(), "chunks of \(size) bytes, format stated")
        }
    }

    /// The activity a track names, for a session fed from ``TrackReader/samples(of:format:options:)`` (which
    /// holds samples only): the FIT ride's `sport` from its last messages, a GPX `trk/type`, none for a track
    /// that names none. The names are the files' own (read here with a regular expression and fitdecode).
    @Test func theActivityATrackNames() throws {
        func named(_ file: String) throws -> String? {
            try TrackReader.activityName(of: TrackInput(path: TestPaths.sampleTrack(file).path))
        }
        #expect(try named("ride-garmin-edge530-hr-cad-power.fit") == "cycling")
        #expect(try named("ride-garmin-edge500-hr.tcx") == "Biking")
        let gpx = try String(contentsOf: Self.gpx, encoding: .utf8)
        let type = gpx.firstMatch(of: /<type>([^<]+)<\/type>/).map { String($0.output.1) }
        #expect(try named("run-suunto-ambit-hr-cad-pauses.gpx") == type)
        #expect(try TrackReader.activityName(of: TrackInput(bytes: Array(#"{"type":"heartRate","time":1,"bpm":90}"#.utf8), name: "a.ndjson")) == nil)
    }

    /// A file of more than 1 MiB is parsed on a second thread while the engine works: the same summary as
    /// on one thread, from a file and from bytes in memory.
    @Test(arguments: ["gpx", "ndjson"])
    func aLargeFileReadAheadGivesTheSameSummary(format: String) throws {
        let track = SyntheticTrack.run(seed: 11, durationSeconds: 7200)
        let text = format == "gpx" ? SyntheticTrack.gpx(track.noisy) : SyntheticTrack.ndjson(track.noisy)
        #expect(text.utf8.count > TrackReader.readAheadMinimumBytes)
        let directory = try TestPaths.temporaryDirectory("read-ahead")
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("run.\(format)").path
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        let oneThread = try WorkoutSummary(contentsOfTrack: path, readOptions: TrackReadOptions(readsAhead: false)).jsonText()
        #expect(try WorkoutSummary(contentsOfTrack: path).jsonText() == oneThread)
        #expect(try WorkoutSummary(trackBytes: Array(text.utf8), name: "run.\(format)").jsonText() == oneThread)
        let exportOneThread = try ExportTrack(contentsOfTrack: path, readOptions: TrackReadOptions(readsAhead: false)).writeCSV(to: "")
        #expect(try ExportTrack(contentsOfTrack: path).writeCSV(to: "") == exportOneThread)
    }

    @Test func ndjsonChunksWithoutAnExtensionAreSniffed() async throws {
        let track = SyntheticTrack.run(seed: 3, durationSeconds: 600)
        let text = SyntheticTrack.ndjson(track.noisy)
        let expected = try WorkoutSummary(trackBytes: Array(text.utf8), name: "a.ndjson").jsonText()
        let streamed = try await WorkoutSummary(trackChunks: Self.chunks(Array(text.utf8), size: 13), name: "upload")
        #expect(streamed.jsonText() == expected)
    }

    @Test func aMalformedStreamNamesItsPlace() async throws {
        let text = "<gpx xmlns=\"http://www.topografix.com/GPX/1/1\"><trk><trkseg>\n<trkpt lat=\"abc\" lon=\"8\"/>\n</trkseg></trk></gpx>"
        do {
            _ = try await WorkoutSummary(trackChunks: Self.chunks(Array(text.utf8), size: 5), name: "upload.gpx")
            Issue.record("no error")
        } catch let error as TrackFormatError {
            #expect(error.file == "upload.gpx")
            #expect(error.position.line == 2)
        }
    }

    struct BodyFailed: Error {}

    @Test func aFailingStreamThrowsItsOwnError() async throws {
        let bytes = try [UInt8](Data(contentsOf: Self.gpx))
        let failing = AsyncThrowingStream<[UInt8], any Error> { continuation in
            continuation.yield(Array(bytes[0..<10_000]))
            continuation.finish(throwing: BodyFailed())
        }
        await #expect(throws: BodyFailed.self) {
            _ = try await WorkoutSummary(trackChunks: failing, name: "upload.gpx")
        }
    }

    @Test func aFileSamplesAsAnAsyncSequenceAreTheReadersSamples() async throws {
        var collector = CollectedSamples()
        _ = try TrackReader.read(TrackInput(path: Self.gpx.path), into: &collector)
        var streamed: [Sample] = []
        for try await sample in TrackReader.samples(of: try TrackInput(path: Self.gpx.path)) { streamed.append(sample) }
        #expect(streamed.count == collector.samples.count)
        #expect(streamed == collector.samples)
        // Stopping early stops the reader (the test would hang otherwise), and a bad file throws after
        // the samples before its damage.
        var first: [Sample] = []
        for try await sample in TrackReader.samples(of: try TrackInput(path: Self.gpx.path)) {
            first.append(sample)
            if first.count == 10 { break }
        }
        #expect(first == Array(collector.samples.prefix(10)))
        let broken = Array(try String(contentsOf: Self.gpx, encoding: .utf8).utf8.prefix(20_000))
        var beforeDamage = 0
        await #expect(throws: TrackFormatError.self) {
            for try await _ in TrackReader.samples(of: TrackInput(bytes: broken, name: "cut.gpx")) { beforeDamage += 1 }
        }
        #expect(beforeDamage > 0)
    }

    @Test func aRecordedTrackReplaysLiveOnAClock() async throws {
        let clock = ManualClock()
        let samples: [Sample] = (0..<5).map { .heartRate(HeartRateSample(time: 1_000 + Double($0) * 10, beatsPerMinute: 120)) }
        let feed = AsyncStream<Sample> { continuation in
            for sample in samples { continuation.yield(sample) }
            continuation.finish()
        }
        let received = ReceivedSamples()
        let consumer = Task {
            for try await sample in feed.replayedLive(startingAt: 1_700_000_000, on: clock) { received.append(sample) }
        }
        // The first sample comes at once; the next only when 10 s have passed on the clock.
        try await waitUntil { received.count == 1 && clock.sleeperCount == 1 }
        #expect(received.count == 1)
        _ = clock.advance(by: .seconds(9))
        #expect(received.count == 1)
        _ = clock.advance(by: .seconds(1))
        try await waitUntil { received.count == 2 }
        for _ in 0..<3 {
            try await waitUntil { clock.sleeperCount == 1 }
            _ = clock.advance(by: .seconds(10))
        }
        try await consumer.value
        #expect(received.all.map(\.time) == [1_700_000_000, 1_700_000_010, 1_700_000_020, 1_700_000_030, 1_700_000_040])
    }

    /// A replay whose first sample was due 5 s before it began (a session whose time axis was fixed
    /// then): the first sample comes at once, and each later one at the start instant + its offset, so
    /// the second (10 s in) comes 5 s after the replay began.
    @Test func aReplayFromAGivenStartInstantKeepsToIt() async throws {
        let clock = ManualClock()
        _ = clock.advance(by: .seconds(100))
        let samples: [Sample] = (0..<3).map { .heartRate(HeartRateSample(time: 1_000 + Double($0) * 10, beatsPerMinute: 120)) }
        let feed = AsyncStream<Sample> { continuation in
            for sample in samples { continuation.yield(sample) }
            continuation.finish()
        }
        let received = ReceivedSamples()
        let start = clock.now.advanced(by: .seconds(-5))
        let consumer = Task {
            for try await sample in feed.replayedLive(startingAt: 1_700_000_000, at: start, on: clock) { received.append(sample) }
        }
        try await waitUntil { received.count == 1 && clock.sleeperCount == 1 }
        _ = clock.advance(by: .seconds(4))
        #expect(received.count == 1)
        _ = clock.advance(by: .seconds(1))
        try await waitUntil { received.count == 2 }
        try await waitUntil { clock.sleeperCount == 1 }
        _ = clock.advance(by: .seconds(10))
        try await consumer.value
        #expect(received.all.map(\.time) == [1_700_000_000, 1_700_000_010, 1_700_000_020])
    }

    @Test func shiftingTimesMovesEveryTimedSample() async throws {
        let feed = AsyncStream<Sample> { continuation in
            continuation.yield(.heartRate(HeartRateSample(time: 1_000, beatsPerMinute: 120)))
            continuation.yield(.event(WorkoutEventSample(time: nil, kind: .segmentStart)))
            continuation.yield(.power(PowerSample(time: 1_002.5, watts: 200)))
            continuation.finish()
        }
        var times: [Double?] = []
        for await sample in feed.shiftingTimes(by: -1_000) { times.append(sample.time) }
        #expect(times == [0, nil, 2.5])
    }

    /// Polls `condition` (a hang guard of 10 s, not a timing assertion).
    func waitUntil(_ condition: () -> Bool) async throws {
        for _ in 0..<10_000 where !condition() { try await Task.sleep(for: .milliseconds(1)) }
        #expect(condition())
    }
}

/// Samples a consumer task received, read from the test.
final class ReceivedSamples: @unchecked Sendable {
    private let lock = NSLock()
    private var samples: [Sample] = []
    func append(_ sample: Sample) { lock.withLock { samples.append(sample) } }
    var count: Int { lock.withLock { samples.count } }
    var all: [Sample] { lock.withLock { samples } }
}

/// Every sample a reader hands over, in order.
private struct CollectedSamples: TrackSampleSink {
    var samples: [Sample] = []
    mutating func consume(_ sample: Sample) throws { samples.append(sample) }
}
