import Foundation
import Testing
import TestSupport
@testable import TrackFormats
import WorkoutSamples

/// `ClockJumpWatch` in front of the GPX, TCX and JSON readers (`TrackReader.read` and every path built on
/// it): a fix dated far ahead of the ones around it loses its time, and only it; a later outing keeps its
/// times. The FIT reader's own use of the rule is tested in `FITReaderTests`.
struct ClockJumpTests {
    /// 2023-11-14T22:13:20Z.
    static let t0 = 1_700_000_000.0

    /// `times.count` fixes 1 s apart in time as given, 2.8e-5° north and 1.96e-5° east of each other.
    static func gpx(_ times: [Double]) -> [UInt8] {
        let points = times.enumerated().map { index, time in
            let latitude = 47.3769 + 2.8e-5 * Double(index), longitude = 8.5417 + 1.96e-5 * Double(index)
            return "<trkpt lat=\"\(latitude)\" lon=\"\(longitude)\"><time>\(iso(time))</time></trkpt>"
        }
        return Array(gpx11("<trk><trkseg>\(points.joined())</trkseg></trk>").utf8)
    }

    /// `seconds` since 1970 as ISO 8601 UTC, by Foundation (not the readers' own formatter).
    static func iso(_ seconds: Double) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.timeZone = TimeZone(identifier: "UTC")
        return formatter.string(from: Date(timeIntervalSince1970: seconds))
    }

    static func read(_ bytes: [UInt8], name: String = "track.gpx") throws -> (report: TrackReadReport, sink: RecordingSink) {
        var sink = RecordingSink()
        let report = try TrackReader.read(TrackInput(bytes: bytes, name: name), into: &sink)
        return (report, sink)
    }

    /// A fault in the input ends the read after the samples before it, the ones the watch still held too:
    /// nothing read is lost (a live session's stream that stalled kept none of its first three samples).
    @Test func samplesHeldWhenTheInputFailsAreDelivered() throws {
        let whole = String(decoding: Self.gpx([Self.t0, Self.t0, Self.t0]), as: UTF8.self)  // one time: all held
        let cut = whole.components(separatedBy: "</trkseg>")[0] + "<trkpt lat=\"abc\""
        var sink = RecordingSink()
        #expect(throws: TrackFormatError.self) {
            try TrackReader.read(TrackInput(bytes: Array(cut.utf8), name: "cut.gpx"), into: &sink)
        }
        #expect(sink.samples.filter { if case .location = $0 { true } else { false } }.count == 3)
    }

    /// Without the watch (a live session's stream) the first fix goes on at once, not held for the next one.
    @Test func withoutTheWatchNothingIsHeld() throws {
        var times = (0..<5).map { Self.t0 + Double($0) }
        times[0] = Self.t0 + 3600
        var sink = RecordingSink()
        let report = try TrackReader.read(TrackInput(bytes: Self.gpx(times), name: "live.gpx"),
                                          options: TrackReadOptions(watchesClock: false), into: &sink)
        #expect(sink.samples.compactMap(\.time) == times)
        #expect(report.skippedFields.isEmpty)
    }

    @Test("one fix dated a day ahead in the middle loses its time, the others keep theirs")
    func oneFixADayAhead() throws {
        var times = (0..<300).map { Self.t0 + Double($0) }
        times[10] = Self.t0 + 86_400
        let (report, sink) = try Self.read(Self.gpx(times))
        #expect(sink.locations.count == 300)
        var expected: [Double?] = (0..<300).map { Self.t0 + Double($0) }
        expected[10] = nil
        #expect(sink.locations.map(\.time) == expected)
        let skipped = try #require(report.skippedFields["time"])
        #expect(skipped.count == 1)
        // 86,391 s after fix 9, in whole hours.
        #expect(skipped.firstValue == "2023-11-15T22:13:20Z, 23 h after the sample before")
        #expect(report.locationCount == 300)
    }

    @Test("a run of fixes dated a year ahead loses its times")
    func aRunOfFixesAYearAhead() throws {
        let year = 365 * 86_400.0
        var times = (0..<300).map { Self.t0 + Double($0) }
        for index in 100..<105 { times[index] += year }
        let (report, sink) = try Self.read(Self.gpx(times))
        let expected: [Double?] = (0..<300).map { (100..<105).contains($0) ? nil : Self.t0 + Double($0) }
        #expect(sink.locations.map(\.time) == expected)
        #expect(report.skippedFields["time"]?.count == 5)
        #expect(report.skippedFields["time"]?.firstValue == "2024-11-13T22:15:00Z, 365 days after the sample before")
    }

    @Test("a first fix dated an hour ahead of the next loses its time")
    func aFirstFixAnHourAhead() throws {
        var times = (0..<300).map { Self.t0 + Double($0) }
        times[0] = Self.t0 + 3600
        let (report, sink) = try Self.read(Self.gpx(times))
        let expected: [Double?] = [nil] + (1..<300).map { Self.t0 + Double($0) }
        #expect(sink.locations.map(\.time) == expected)
        // 3,599 s ahead of the fix after it.
        #expect(report.skippedFields["time"]?.firstValue == "2023-11-14T23:13:20Z, 59 min ahead of the sample after")
        // A first fix a few seconds ahead keeps its time (the location filter leaves out the few fixes it
        // overtakes).
        var close = (0..<10).map { Self.t0 + Double($0) }
        close[0] = Self.t0 + 30
        let (closeReport, closeSink) = try Self.read(Self.gpx(close))
        #expect(closeSink.locations.map(\.time) == close.map { Optional($0) })
        #expect(closeReport.skippedFields.isEmpty)
    }

    @Test("a later outing in the same file, more than six hours on, keeps its times")
    func aLaterOutingKeepsItsTimes() throws {
        // 100 fixes, then 400 eight hours later: the watch holds the second outing's first 300 s, then
        // delivers them as they are.
        let times = (0..<100).map { Self.t0 + Double($0) } + (0..<400).map { Self.t0 + 8 * 3600 + Double($0) }
        let (report, sink) = try Self.read(Self.gpx(times))
        #expect(sink.locations.map(\.time) == times.map { Optional($0) })
        #expect(report.skippedFields.isEmpty)
        // One that ends within 300 s, with the file: delivered as it is too.
        let short = (0..<100).map { Self.t0 + Double($0) } + (0..<20).map { Self.t0 + 86_400 + Double($0) }
        let (shortReport, shortSink) = try Self.read(Self.gpx(short))
        #expect(shortSink.locations.map(\.time) == short.map { Optional($0) })
        #expect(shortReport.skippedFields.isEmpty)
    }

    @Test("TCX and NDJSON get the same rule, each counting under its own name for the time")
    func tcxAndNDJSON() throws {
        var times = (0..<40).map { Self.t0 + Double($0) }
        times[20] += 86_400
        let points = times.enumerated().map { index, time in
            "<Trackpoint><Time>\(Self.iso(time))</Time><Position><LatitudeDegrees>\(47.3769 + 2.8e-5 * Double(index))</LatitudeDegrees><LongitudeDegrees>8.5417</LongitudeDegrees></Position><HeartRateBpm><Value>140</Value></HeartRateBpm></Trackpoint>"
        }.joined()
        let document = tcx("<Activity Sport=\"Running\"><Id>\(Self.iso(Self.t0))</Id><Lap StartTime=\"\(Self.iso(Self.t0))\"><Track>\(points)</Track></Lap></Activity>")
        let (tcxReport, tcxSink) = try Self.read(Array(document.utf8), name: "track.tcx")
        var expected: [Double?] = (0..<40).map { Self.t0 + Double($0) }
        expected[20] = nil
        #expect(tcxSink.locations.map(\.time) == expected)
        // The fix and its heart rate.
        #expect(tcxSink.heartRates.map(\.time) == expected)
        #expect(tcxReport.skippedFields["Time"]?.count == 2)

        let lines = times.enumerated().map { index, time in
            "{\"type\":\"location\",\"time\":\(Int(time)),\"latitude\":\(47.3769 + 2.8e-5 * Double(index)),\"longitude\":8.5417}"
        }
        let (jsonReport, jsonSink) = try Self.read(Array(lines.joined(separator: "\n").utf8), name: "track.ndjson")
        #expect(jsonSink.locations.map(\.time) == expected)
        #expect(jsonReport.skippedFields["time"]?.count == 1)
    }

    @Test("events and untimed samples among the held ones keep their place")
    func eventsKeepTheirPlace() throws {
        var times = (0..<20).map { Self.t0 + Double($0) }
        times[5] += 86_400
        times[6] += 86_400
        var points = times.enumerated().map { index, time in
            "<trkpt lat=\"\(47.3769 + 2.8e-5 * Double(index))\" lon=\"8.5417\"><time>\(Self.iso(time))</time></trkpt>"
        }
        points.insert("</trkseg><trkseg>", at: 6)
        let (_, sink) = try Self.read(Array(gpx11("<trk><trkseg>\(points.joined())</trkseg></trk>").utf8))
        let kinds = sink.samples.map { sample -> String in
            if case .event = sample { return "segment" }
            return sample.time == nil ? "untimed" : "timed"
        }
        // Each `trkseg` opens with a segment event.
        #expect(kinds == ["segment"] + Array(repeating: "timed", count: 5) + ["untimed", "segment", "untimed"]
                + Array(repeating: "timed", count: 13))
    }

    @Test("every path of TrackReader applies it: read ahead, chunks, samples")
    func everyPath() async throws {
        var times = (0..<300).map { Self.t0 + Double($0) }
        times[10] = Self.t0 + 86_400
        let bytes = Self.gpx(times)
        let (plainReport, plain) = try Self.read(bytes)
        var ahead = RecordingSink()
        let aheadReport = try TrackReader.read(TrackInput(bytes: bytes, name: "track.gpx"), format: nil, options: TrackReadOptions(),
                                               readingAheadInto: &ahead, minimumBytes: 0)
        #expect(ahead.samples == plain.samples)
        #expect(aheadReport.skippedFields == plainReport.skippedFields)
        let chunks = stride(from: 0, to: bytes.count, by: 1000).map { Array(bytes[$0..<min($0 + 1000, bytes.count)]) }
        let (chunkReport, chunked) = try await TrackReader.read(chunks: AsyncStreamOfChunks(chunks), name: "track.gpx", into: SendableRecordingSink())
        #expect(chunked.samples == plain.samples)
        #expect(chunkReport.skippedFields == plainReport.skippedFields)
        var streamed: [Sample] = []
        for try await sample in TrackReader.samples(of: TrackInput(bytes: bytes, name: "track.gpx")) { streamed.append(sample) }
        #expect(streamed == plain.samples)
    }
}

/// `chunks` as an `AsyncSequence`.
private struct AsyncStreamOfChunks: AsyncSequence, Sendable {
    typealias Element = [UInt8]
    let chunks: [[UInt8]]
    init(_ chunks: [[UInt8]]) { self.chunks = chunks }
    struct AsyncIterator: AsyncIteratorProtocol {
        var rest: ArraySlice<[UInt8]>
        mutating func next() async -> [UInt8]? { rest.popFirst() }
    }
    func makeAsyncIterator() -> AsyncIterator { AsyncIterator(rest: chunks[...]) }
}

/// The samples, in order, in a sink that can cross to the reader's thread.
private struct SendableRecordingSink: TrackSampleSink, Sendable {
    var samples: [Sample] = []
    mutating func consume(_ sample: Sample) throws { samples.append(sample) }
}
