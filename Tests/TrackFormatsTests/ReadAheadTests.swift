import Foundation
import Testing
import TestSupport
@testable import TrackFormats
import WorkoutSamples
#if canImport(Glibc)
import Glibc
#endif

/// `TrackReader.read(_:format:options:readingAheadInto:)`: the parse on a second thread hands the sink the
/// very calls, in the same order, that a read on one thread does, and its faults and the sink's too.
struct ReadAheadTests {
    /// Everything a sink is told, in order; throws `Refused` at sample `refusingAt` (counted from 0).
    struct EventLog: TrackSampleSink {
        struct Refused: Error, Equatable {}
        enum Event: Hashable {
            case activity(String)
            case timerEvents
            case sample(Sample)
        }

        var events: [Event] = []
        var refusingAt: Int?
        var sampleCount = 0

        mutating func trackActivity(named name: String) throws { events.append(.activity(name)) }
        mutating func trackHasTimerEvents() throws { events.append(.timerEvents) }
        mutating func consume(_ sample: Sample) throws {
            if sampleCount == refusingAt { throw Refused() }
            sampleCount += 1
            events.append(.sample(sample))
        }
    }

    /// The read on one thread, then the read ahead (threshold 0: every file goes to the second thread).
    static func bothReads(_ bytes: [UInt8], name: String, refusingAt: Int? = nil)
        -> (plain: (EventLog, Result<TrackReadReport, any Error>), ahead: (EventLog, Result<TrackReadReport, any Error>)) {
        var plain = EventLog(refusingAt: refusingAt)
        let plainResult = Result { try TrackReader.read(TrackInput(bytes: bytes, name: name), into: &plain) }
        var ahead = EventLog(refusingAt: refusingAt)
        let aheadResult = Result {
            try TrackReader.read(TrackInput(bytes: bytes, name: name), format: nil, options: TrackReadOptions(),
                                 readingAheadInto: &ahead, minimumBytes: 0)
        }
        return ((plain, plainResult), (ahead, aheadResult))
    }

    static let sampleFiles = [
        "run-garmin-connect-hr-cadence.gpx", "run-suunto-ambit-hr-cad-pauses.gpx", "ride-garmin-edge530-hr-cad-power.fit",
        "run-garmin-fr920xt-hr-cad-laps-devfields.fit", "run-garmin-fr410-hr-3laps.tcx", "other-garmin-vivoactive-xcski-2laps.tcx",
    ]

    @Test(arguments: sampleFiles)
    func theSinkIsToldTheSameAsOnOneThread(_ name: String) throws {
        let bytes = try [UInt8](Data(contentsOf: TestPaths.sampleTrack(name)))
        let (plain, ahead) = Self.bothReads(bytes, name: name)
        let plainReport = try plain.1.get(), aheadReport = try ahead.1.get()
        #expect(plainReport == aheadReport)
        #expect(plain.0.events.count > 1000, "a file of more than one batch")
        #expect(plain.0.events == ahead.0.events)
    }

    /// A GPX file whose point `bad` has no latitude: the points before it reach the sink, then the error.
    static func gpx(points: Int, bad: Int? = nil) -> [UInt8] {
        var text = #"<?xml version="1.0" encoding="UTF-8"?>"# + "\n"
        text += #"<gpx version="1.1" creator="test" xmlns="http://www.topografix.com/GPX/1/1"><trk><trkseg>"# + "\n"
        for k in 0..<points {
            let lat = k == bad ? "" : #"lat="\#(47 + Double(k) * 1e-5)" "#
            let time = String(format: "%02d:%02d:%02d", k / 3600, k / 60 % 60, k % 60)
            text += #"<trkpt \#(lat)lon="8.0"><ele>400</ele><time>2024-01-01T\#(time)Z</time></trkpt>"# + "\n"
        }
        text += "</trkseg></trk></gpx>\n"
        return Array(text.utf8)
    }

    @Test func aFaultInTheFileComesAfterTheSamplesBeforeIt() throws {
        let bytes = Self.gpx(points: 3000, bad: 2500)
        let (plain, ahead) = Self.bothReads(bytes, name: "bad.gpx")
        #expect(plain.0.sampleCount > 2000)
        #expect(plain.0.events == ahead.0.events)
        guard case .failure(let plainError) = plain.1, case .failure(let aheadError) = ahead.1 else {
            Issue.record("both reads must fail: \(plain.1), \(ahead.1)")
            return
        }
        #expect("\(aheadError)" == "\(plainError)")
        #expect("\(aheadError)".contains("bad.gpx:"), "\(aheadError)")
    }

    @Test(arguments: [0, 1, 1023, 1024, 2500, 2999])
    func aSinkThatFailsStopsTheReader(_ refusingAt: Int) throws {
        let bytes = Self.gpx(points: 3000)
        let (plain, ahead) = Self.bothReads(bytes, name: "run.gpx", refusingAt: refusingAt)
        #expect(plain.0.events == ahead.0.events)
        #expect(ahead.0.sampleCount == refusingAt)
        #expect(throws: EventLog.Refused.self) { try plain.1.get() }
        #expect(throws: EventLog.Refused.self) { try ahead.1.get() }
    }

    /// A sink that fails early in a file of many batches (more than the channel holds) stops the reader,
    /// which would otherwise wait for room that never comes: the call returns, and the reader has not read
    /// the file to its end.
    @Test(.timeLimit(.minutes(1)))
    func aSinkThatFailsEarlyInALargeFileStopsTheReader() throws {
        let bytes = Self.gpx(points: 20_000)
        let input = TrackInput(bytes: bytes, name: "run.gpx")
        var log = EventLog(refusingAt: 10)
        #expect(throws: EventLog.Refused.self) {
            try TrackReader.read(input, format: nil, options: TrackReadOptions(), readingAheadInto: &log, minimumBytes: 0)
        }
        #expect(log.sampleCount == 10)
        #expect(input.bytesRead < bytes.count, "read \(input.bytesRead) of \(bytes.count) bytes")
    }

    /// Which thread reads the bytes: the input's observer runs where the reader reads.
    static func readingThreadIsTheCaller(bytes: [UInt8], options: TrackReadOptions, minimumBytes: Int) throws -> Bool {
        let caller = pthread_self()
        let input = TrackInput(bytes: bytes, name: "run.gpx")
        let seen = ThreadList()
        input.observeBytes { _ in seen.append(pthread_self()) }
        var log = EventLog()
        _ = try TrackReader.read(input, format: nil, options: options, readingAheadInto: &log, minimumBytes: minimumBytes)
        let threads = seen.threads
        #expect(!threads.isEmpty && log.sampleCount > 3000)
        return threads.allSatisfy { pthread_equal($0, caller) != 0 }
    }

    final class ThreadList: @unchecked Sendable {
        private let lock = NSLock()
        private var list: [pthread_t] = []
        func append(_ thread: pthread_t) { lock.withLock { list.append(thread) } }
        var threads: [pthread_t] { lock.withLock { list } }
    }

    @Test func onlyALargeRandomAccessInputIsReadAhead() throws {
        let bytes = Self.gpx(points: 3000)
        #expect(try !Self.readingThreadIsTheCaller(bytes: bytes, options: TrackReadOptions(), minimumBytes: 0))
        #expect(try Self.readingThreadIsTheCaller(bytes: bytes, options: TrackReadOptions(), minimumBytes: bytes.count + 1))
        #expect(try Self.readingThreadIsTheCaller(bytes: bytes, options: TrackReadOptions(readsAhead: false), minimumBytes: 0))
        #expect(bytes.count < TrackReader.readAheadMinimumBytes, "the public threshold keeps this file on the caller's thread")
    }
}
