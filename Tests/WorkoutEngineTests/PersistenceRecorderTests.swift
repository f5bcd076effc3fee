import Foundation
import Logging
import Testing
import TestSupport
import WorkoutEngine
import WorkoutSamples

struct PersistenceRecorderTests {
    typealias F = PersistenceFixtures

    static func location(_ second: Int, base: Double = 1_700_000_000) -> Sample {
        .location(LocationSample(time: base + Double(second), latitude: 47.37 + Double(second) * 2e-5, longitude: 8.54, altitudeMeters: 400, horizontalAccuracyMeters: 4))
    }

    static func recover(_ directory: String, fileSystem: any SessionFileSystem = POSIXFileSystem()) throws -> RecoveredSession {
        let outcomes = try SessionRecovery.recover(directory: directory, now: Date().timeIntervalSince1970, maxAge: .infinity, includeSamples: true, fileSystem: fileSystem, logger: F.quietLogger())
        guard outcomes.count == 1, case .recovered(let session) = outcomes[0] else {
            throw RecoveryTestError.notRecovered("\(outcomes)")
        }
        return session
    }

    enum RecoveryTestError: Error { case notRecovered(String) }

    @Test func syncsEverySecondOfTrackTimeWithOneWriteAndOneFsync() throws {
        let directory = try F.temporaryDirectory("policy-time")
        let fileSystem = FaultInjectingFileSystem()
        let recorder = RecordingSession(directory: directory, activity: .running, fileSystem: fileSystem)
        recorder.start(at: 1_700_000_000)
        let startSyncs = fileSystem.callCount(.synchronize)
        let startWrites = fileSystem.callCount(.write)
        // 10 s at 1 Hz, three records a second.
        for second in 1...10 {
            recorder.record(Self.location(second))
            recorder.record(.heartRate(HeartRateSample(time: 1_700_000_000 + Double(second), beatsPerMinute: 150)))
            recorder.record(.cadence(CadenceSample(time: 1_700_000_000 + Double(second), perMinute: 170)))
        }
        let journalWrites = fileSystem.callCount(.write) - startWrites
        // One journal write per second, plus the snapshot's write at the 10 s mark.
        #expect(journalWrites >= 10 && journalWrites <= 11)
        #expect(fileSystem.callCount(.synchronize) - startSyncs >= 10)
        // At most the records of the current second are not durable.
        #expect(recorder.durableSampleCount >= 28)
        #expect(recorder.pendingByteCount < 200)
        #expect(recorder.status == .ok)
    }

    @Test func syncsAfterSixtyFourUntimedRecordsAndAtPause() throws {
        let directory = try F.temporaryDirectory("policy-count")
        let recorder = RecordingSession(directory: directory, activity: .cycling)
        recorder.start(at: 0)
        for _ in 0..<63 { recorder.record(.power(PowerSample(time: nil, watts: 250))) }
        #expect(recorder.durableSampleCount == 0)
        recorder.record(.power(PowerSample(time: nil, watts: 250)))
        #expect(recorder.durableSampleCount == 64)
        recorder.record(.power(PowerSample(time: nil, watts: 251)))
        #expect(recorder.durableSampleCount == 64)
        recorder.recordEvent(.pause, at: 0.5)
        #expect(recorder.durableSampleCount == 65)
        #expect(recorder.pendingByteCount == 0)
        let journalPath = try #require(recorder.journalPath)
        let size = try #require(try POSIXFileSystem().fileSize(journalPath))
        #expect(recorder.durableOffset == size)
        // The snapshot is there and says so.
        let id = try #require(recorder.sessionID)
        let snapshot = try #require(SessionSnapshot.decode(try POSIXFileSystem().readFile(JournalFormat.snapshotPath(directory: directory, sessionID: id))))
        #expect(snapshot.journalDurableOffset == size)
        #expect(snapshot.sampleCount == 65)
        #expect(snapshot.state == .paused)
    }

    @Test(arguments: [ENOSPC, EROFS, EIO])
    func writeFailureKeepsTheSessionGoingAndLosesNothing(code: Int32) throws {
        let directory = try F.temporaryDirectory("write-failure")
        let fileSystem = FaultInjectingFileSystem()
        let (logger, log) = F.capturingLogger()
        let wall = TestWallClock(5_000)
        let recorder = RecordingSession(directory: directory, activity: .running, fileSystem: fileSystem, logger: logger, now: { wall.now })
        recorder.start(at: 1_700_000_000)
        var samples: [Sample] = []
        for second in 1...20 {
            let sample = Self.location(second)
            samples.append(sample)
            recorder.record(sample)
        }
        let durableBefore = recorder.durableSampleCount
        // The disk fails: half-written batches, failing fsyncs, failing snapshot renames.
        fileSystem.inject(FaultInjectingFileSystem.Fault(operations: [.write], code: code, partialWriteFraction: 0.5))
        fileSystem.inject(code, on: [.synchronize, .rename, .open, .truncate])
        wall.now = 5_010
        for second in 21...80 {
            let sample = Self.location(second)
            samples.append(sample)
            recorder.record(sample)
        }
        recorder.recordEvent(.pause, at: 1_700_000_080)
        #expect(recorder.durableSampleCount == durableBefore)
        guard case .failing(let error, let since) = recorder.status else {
            Issue.record("status is \(recorder.status)")
            return
        }
        #expect(error.code == code)
        #expect(since == 5_010)
        #expect(recorder.pendingByteCount > 0)
        #expect(log.count(atLeast: .error) == 1)  // one line on the change of health, not one per retry
        #expect(recorder.sync() == false)

        // What a crash now would recover: at most what was durable before the failure, never garbage.
        let during = try Self.recover(directory)
        #expect(during.journaledSampleCount == durableBefore)
        #expect(F.samePrefix(during.samples, of: samples))

        // The disk comes back: the next sync writes everything kept in memory.
        fileSystem.clearFaults()
        wall.now = 5_020
        recorder.recordEvent(.resume, at: 1_700_000_081)
        let sample = Self.location(82)
        samples.append(sample)
        recorder.record(sample)
        #expect(recorder.sync())
        #expect(recorder.status == .recovered(after: error, at: 5_020))
        #expect(recorder.pendingByteCount == 0)
        #expect(recorder.droppedRecordCount == 0)
        #expect(log.messages.contains { $0.contains("succeed again") })

        let session = try Self.recover(directory)
        #expect(session.droppedTailBytes == 0)
        #expect(session.journaledSampleCount == samples.count)
        #expect(F.samePrefix(session.samples, of: samples) && session.samples.count == samples.count)
        #expect(session.recordCount == 1 + samples.count + 2)  // start, samples, pause, resume
    }

    /// A disk that stays full for an hour and a half: every snapshot retry fails on a new temporary file
    /// (so with a new error text), yet the log gets one line, not one per retry (issue 13, item 14).
    @Test func aDiskThatStaysFullLogsOneLine() throws {
        let directory = try F.temporaryDirectory("full-disk")
        let fileSystem = FaultInjectingFileSystem()
        let (logger, log) = F.capturingLogger()
        let recorder = RecordingSession(directory: directory, activity: .running, fileSystem: fileSystem, logger: logger)
        recorder.start(at: 1_700_000_000)
        fileSystem.inject(ENOSPC, on: [.write, .open], pathContaining: ".tmp")
        fileSystem.inject(FaultInjectingFileSystem.Fault(operations: [.write], code: ENOSPC, remaining: 3, partialWriteFraction: 0.3))
        for second in 1...5400 { recorder.record(Self.location(second)) }
        #expect(fileSystem.failureCount(.write) + fileSystem.failureCount(.open) > 100)
        #expect(!recorder.status.isHealthy)
        #expect(log.messages.count == 1, "\(log.messages)")
        #expect(log.count(atLeast: .error) == 1)
    }

    @Test func readOnlyDirectoryFromTheStart() throws {
        let directory = try F.temporaryDirectory("read-only") + "/journals"
        let fileSystem = FaultInjectingFileSystem()
        fileSystem.inject(EROFS, on: [.createDirectory, .open])
        let recorder = RecordingSession(directory: directory, activity: .walking, fileSystem: fileSystem)
        recorder.start(at: 100)
        for second in 1...5 { recorder.record(Self.location(second, base: 100)) }
        #expect(!recorder.status.isHealthy)
        #expect(!FileManager.default.fileExists(atPath: directory))
        fileSystem.clearFaults()
        #expect(recorder.sync())
        let session = try Self.recover(directory)
        #expect(session.journaledSampleCount == 5)
        #expect(session.activity == .walking)
    }

    @Test func memoryCapKeepsAnExactPrefix() throws {
        let directory = try F.temporaryDirectory("cap")
        let fileSystem = FaultInjectingFileSystem()
        let policy = JournalDurabilityPolicy(maximumPendingBytes: 2_000)
        let recorder = RecordingSession(directory: directory, activity: .running, policy: policy, fileSystem: fileSystem)
        recorder.start(at: 1_700_000_000)
        fileSystem.inject(ENOSPC, on: [.write])
        var samples: [Sample] = []
        for second in 1...200 {
            let sample = Self.location(second)
            samples.append(sample)
            recorder.record(sample)
        }
        #expect(recorder.droppedRecordCount > 0)
        #expect(recorder.pendingByteCount <= 2_000)
        fileSystem.clearFaults()
        #expect(recorder.sync() == false)  // synced what it kept, but records were dropped
        let session = try Self.recover(directory)
        #expect(session.journaledSampleCount == 200 - recorder.droppedRecordCount)
        #expect(F.samePrefix(session.samples, of: samples))
    }

    @Test func continuingARecoveredSessionReplaysToTheSameState() throws {
        let directory = try F.temporaryDirectory("continue")
        let samples = (1...120).map { Self.location($0) }
        let first = F.recordSession(Array(samples[..<60]), directory: directory)
        #expect(first.sync())
        let path = try #require(first.journalPath)
        #expect(first.close())  // as the crash would: the lock goes with the process
        // Simulate a torn tail after the crash.
        let handle = try #require(FileHandle(forWritingAtPath: path))
        handle.seekToEndOfFile()
        handle.write(Data([0x20, 0, 0, 0, 0x01, 0xAA]))
        try handle.close()

        let recovered = try Self.recover(directory)
        #expect(recovered.droppedTailBytes == 6)
        #expect(recovered.builder.clock.state == .paused)
        let pausedAt = try #require(recovered.pausedAt)

        // Continue: same journal, the torn tail is cut, the recovery pause is journaled.
        var builder = recovered.builder
        let second = try PersistentSessionRecorder(continuing: recovered, logger: F.quietLogger())
        second.record(builder.resume(at: pausedAt + 30))
        for sample in samples[recovered.journaledSampleCount...] {
            let shifted: Sample
            if case .location(var fix) = sample { fix.time = (fix.time ?? 0) + 30; shifted = .location(fix) } else { shifted = sample }
            second.record(builder.add(shifted))
        }
        #expect(second.sync())
        let again = try Self.recover(directory)
        #expect(again.droppedTailBytes == 0)
        #expect(again.journaledSampleCount == 120)
        builder.pause(at: again.lastRecordTime)
        #expect(again.builder.snapshot == builder.snapshot)
        #expect(again.builder.snapshot.pauseCount == 2)
    }

    /// The journal opens when the session starts; what came before (a segment marker, the activity the
    /// input named) is held and written right after the header, so the journal still holds every input.
    @Test func inputsBeforeTheStartAreHeldAndJournaledAfterTheHeader() throws {
        let directory = try F.temporaryDirectory("held")
        let id = UUID()
        let options = WorkoutOptions(activity: .running)
        var builder = WorkoutBuilder(options: options)
        let recorder = PersistentSessionRecorder(directory: directory, options: options, sessionID: id, logger: F.quietLogger())
        if let adopted = builder.adoptActivity(.hiking) { recorder.record(adopted) }
        recorder.record(builder.add(.event(WorkoutEventSample(time: nil, kind: .segmentStart))))
        #expect(recorder.journalPath == nil)
        #expect(recorder.sync() == false)
        #expect(recorder.finish(summaryJSON: "{}") == false)
        for second in 1...3 { recorder.record(builder.add(Self.location(second, base: 1))) }
        #expect(recorder.sessionID == id)
        #expect(recorder.sync())
        let recovered = try Self.recover(directory)
        #expect(recovered.activity == .hiking)
        #expect(recovered.journaledSampleCount == 4)
        #expect(recovered.recordCount == 5)
    }
}
