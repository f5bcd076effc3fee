import Foundation
import Testing
import TestSupport
import WorkoutEngine

/// The journal is the truth and has one writer (issue 13): recovery trusts the journal, not the caller's
/// track; a session has one writer at a time; last-active comes from wall time, never from the samples;
/// what is not a regular journal is never opened for a blocking read.
struct JournalOwnershipTests {
    typealias F = PersistenceFixtures

    /// A journal of the first `count` samples of the bundled Garmin run, left as a crash would leave it.
    static func interruptedJournal(samples count: Int) throws -> (directory: String, samples: [Sample]) {
        let directory = try F.temporaryDirectory("ownership")
        let (_, samples) = try F.trackSamples()
        let recorder = F.recordSession(Array(samples.prefix(count)), directory: directory)
        #expect(recorder.close())
        return (directory, samples)
    }

    static func recoverOne(_ directory: String, now: Double = Date().timeIntervalSince1970) throws -> RecoveryOutcome {
        let outcomes = try SessionRecovery.recover(directory: directory, now: now, logger: F.quietLogger())
        try #require(outcomes.count == 1)
        return outcomes[0]
    }

    /// A track file holding `samples` as NDJSON, so the continuation reads exactly those samples.
    static func trackFile(_ samples: [Sample], in directory: String, name: String) throws -> String {
        var text = ""
        for sample in samples {
            text += try Self.ndjsonLine(sample) + "\n"
        }
        let path = "\(directory)/\(name).ndjson"
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    static func ndjsonLine(_ sample: Sample) throws -> String {
        func number(_ value: Double?) -> String { value.map { "\($0)" } ?? "null" }
        switch sample {
        case .location(let fix):
            return "{\"type\":\"location\",\"time\":\(number(fix.time)),\"latitude\":\(fix.latitude),\"longitude\":\(fix.longitude),\"altitude\":\(number(fix.altitudeMeters))}"
        case .heartRate(let reading):
            return "{\"type\":\"heartRate\",\"time\":\(number(reading.time)),\"bpm\":\(reading.beatsPerMinute)}"
        case .cadence(let reading):
            return "{\"type\":\"cadence\",\"time\":\(number(reading.time)),\"perMinute\":\(reading.perMinute)}"
        default:
            return "{\"type\":\"event\",\"time\":\(number(sample.time ?? 0)),\"event\":\"segment\"}"
        }
    }

    struct Discarding: ReplayOutput {
        var events = 0
        mutating func replay(_ event: ReplayEvent) throws { events += 1 }
    }

    /// The samples of an NDJSON track file as the reader gives them (what a continuation compares).
    static func readBack(_ path: String) throws -> [Sample] {
        var sink = CollectingSink()
        _ = try TrackReader.read(TrackInput(path: path), into: &sink)
        return sink.samples
    }

    @Test func aTrackThatIsNotTheJournaledOneIsRefusedAndTheJournalKept() throws {
        let directory = try F.temporaryDirectory("continue-check")
        let (_, all) = try F.trackSamples()
        let track = try Self.trackFile(Array(all.filter { if case .event = $0 { false } else { true } }.prefix(600)), in: directory, name: "run")
        let samples = try Self.readBack(track)
        let recorder = F.recordSession(Array(samples.prefix(400)), directory: directory)
        #expect(recorder.close())
        guard case .recovered(let session) = try Self.recoverOne(directory) else { Issue.record("not recovered"); return }
        #expect(session.journaledSampleCount == 400)

        // Shorter than the journal.
        let shorter = try Self.trackFile(Array(samples.prefix(300)), in: directory, name: "shorter")
        let configuration = TrackReplayConfiguration(options: session.builder.options, journalDirectory: directory)
        #expect(throws: TrackReplayError.trackShorterThanJournal(trackSamples: 300, journaledSamples: 400)) {
            _ = try TrackReplay<Discarding, UnpacedReplay>.run(
                TrackInput(path: shorter), format: nil, configuration: configuration, output: Discarding(),
                continuing: session, samplesToSkip: session.journaledSampleCount)
        }
        // Another track: its first location from sample 201 on moved by a metre.
        var other = samples
        let moved = try #require(other.indices.first { index in
            guard index >= 200, case .location = other[index] else { return false }
            return true
        })
        if case .location(var fix) = other[moved] { fix.latitude += 1e-5; other[moved] = .location(fix) }
        let otherPath = try Self.trackFile(other, in: directory, name: "other")
        guard case .recovered(let again) = try Self.recoverOne(directory) else { Issue.record("not recovered"); return }
        do {
            _ = try TrackReplay<Discarding, UnpacedReplay>.run(
                TrackInput(path: otherPath), format: nil, configuration: configuration, output: Discarding(),
                continuing: again, samplesToSkip: again.journaledSampleCount)
            Issue.record("another track was accepted")
        } catch let error as TrackReplayError {
            guard case .trackDiffersFromJournal(let index, _, _) = error else { Issue.record("\(error)"); return }
            #expect(index == moved)
        }
        // Nothing was closed out: the journal is still there with its 400 samples, and no summary.
        guard case .recovered(let kept) = try Self.recoverOne(directory) else { Issue.record("the journal is gone"); return }
        #expect(kept.journaledSampleCount == 400)
        #expect(!FileManager.default.fileExists(atPath: JournalFormat.summaryPath(directory: directory, sessionID: kept.sessionID)))

        // The right track continues and closes the session out; the result is the whole track's.
        let (result, _) = try TrackReplay<Discarding, UnpacedReplay>.run(
            TrackInput(path: track), format: nil, configuration: configuration, output: Discarding(),
            continuing: kept, samplesToSkip: kept.journaledSampleCount)
        #expect(result.journalFinished == true)
        #expect(result.summary.metrics.receivedLocationCount == samples.filter { if case .location = $0 { true } else { false } }.count)
        #expect(try SessionRecovery.recover(directory: directory, now: Date().timeIntervalSince1970, logger: F.quietLogger()).isEmpty)
    }

    @Test func oneWriterPerSession() throws {
        let (directory, _) = try Self.interruptedJournal(samples: 300)
        guard case .recovered(let session) = try Self.recoverOne(directory) else { Issue.record("not recovered"); return }
        let first = try PersistentSessionRecorder(continuing: session, logger: F.quietLogger())
        do {
            _ = try PersistentSessionRecorder(continuing: session, logger: F.quietLogger())
            Issue.record("a second writer took the session")
        } catch let error as FileSystemError {
            #expect(error.code == EWOULDBLOCK)
        }
        // Once the first writer lets go (a graceful shutdown, or its process died), another may take over.
        #expect(first.close())
        guard case .recovered(let again) = try Self.recoverOne(directory) else { Issue.record("not recovered"); return }
        let second = try PersistentSessionRecorder(continuing: again, logger: F.quietLogger())
        #expect(second.sync())
    }

    @Test func lastActiveComesFromWallTimeNotFromTheSamples() throws {
        // The Garmin run's samples are from 2017; its journal was written now.
        let (directory, _) = try Self.interruptedJournal(samples: 200)
        guard case .recovered(let session) = try Self.recoverOne(directory) else { Issue.record("expired by its samples' clock"); return }
        // Without a snapshot (missing, foreign or corrupt), the journal's modification time stands in.
        try FileManager.default.removeItem(atPath: JournalFormat.snapshotPath(directory: directory, sessionID: session.sessionID))
        guard case .recovered(let again) = try Self.recoverOne(directory) else { Issue.record("a good journal without a snapshot was discarded"); return }
        #expect(abs(again.lastActiveAt - Date().timeIntervalSince1970) < 600)
        try Data("{not json".utf8).write(to: URL(fileURLWithPath: JournalFormat.snapshotPath(directory: directory, sessionID: session.sessionID)))
        guard case .recovered = try Self.recoverOne(directory) else { Issue.record("a corrupt snapshot discarded a good journal"); return }
        // Seven hours later (by the file's clock), it has expired.
        let old = Date(timeIntervalSinceNow: -7 * 3600)
        try FileManager.default.setAttributes([.modificationDate: old], ofItemAtPath: session.journalPath)
        guard case .discarded(let discarded) = try Self.recoverOne(directory) else { Issue.record("not expired"); return }
        guard case .expired = discarded.reason else { Issue.record("\(discarded.reason)"); return }
    }

    @Test func whatIsNotARegularJournalIsNeverOpenedForABlockingRead() throws {
        let directory = try F.temporaryDirectory("not-regular")
        let fifo = "\(directory)/\(UUID().uuidString).wejournal"
        #expect(mkfifo(fifo, 0o644) == 0)
        try FileManager.default.createSymbolicLink(atPath: "\(directory)/\(UUID().uuidString).wejournal", withDestinationPath: "/dev/zero")
        // A 2 GB sparse file that is not a journal: refused from its first bytes.
        let sparse = "\(directory)/\(UUID().uuidString).wejournal"
        #expect(FileManager.default.createFile(atPath: sparse, contents: Data("not a journal".utf8)))
        #expect(truncate(sparse, 2 << 30) == 0)
        let outcomes = try SessionRecovery.recover(directory: directory, now: Date().timeIntervalSince1970, logger: F.quietLogger())
        let reasons = outcomes.compactMap { outcome -> RecoveryDiscardReason? in
            if case .discarded(let discarded) = outcome { return discarded.reason }
            return nil
        }
        #expect(reasons.count == 3)
        #expect(reasons.filter { $0 == .notARegularFile }.count == 2)
        #expect(reasons.contains(.unreadableHeader("not a WorkoutEngine journal (bad magic)")))
    }

    /// What a pacer was asked to wait for.
    final class WaitLog: @unchecked Sendable {
        var waits: [(seconds: Double, origin: Double)] = []
    }

    /// A pacer on a clock that never sleeps: it records when each session time is due.
    struct RecordingPacer: ReplayPacer {
        let log: WaitLog
        mutating func wait(untilSessionSeconds seconds: Double, origin: Double) { log.waits.append((seconds, origin)) }
        func dueSessionSeconds(origin: Double) -> Double? { nil }
    }

    @Test func aContinuedSessionStartsAtOnceNotAfterTheTimeItCovered() throws {
        let directory = try F.temporaryDirectory("continue-pace")
        let (_, all) = try F.trackSamples()
        let track = try Self.trackFile(Array(all.filter { if case .event = $0 { false } else { true } }.prefix(900)), in: directory, name: "run")
        let samples = try Self.readBack(track)
        let recorder = F.recordSession(Array(samples.prefix(800)), directory: directory)
        #expect(recorder.close())
        guard case .recovered(let session) = try Self.recoverOne(directory) else { Issue.record("not recovered"); return }
        let log = WaitLog()
        _ = try TrackReplay<Discarding, RecordingPacer>.runPaced(
            TrackInput(path: track), format: nil, configuration: TrackReplayConfiguration(options: session.builder.options, speed: 1),
            output: Discarding(), pacer: RecordingPacer(log: log), continuing: session, samplesToSkip: session.journaledSampleCount)
        // The journal covers 800 samples (about 25 minutes of track time): the first wait of the
        // continuation is for its own first moment, not 25 minutes after the track's start.
        let first = try #require(log.waits.first)
        #expect(first.seconds - first.origin < 10, "the first output waits \(first.seconds - first.origin) s")
        let firstNewTime = try #require(samples[800].time)
        #expect(first.origin == firstNewTime)
    }
}
