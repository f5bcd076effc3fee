import Foundation
import Testing
import TestSupport
import WorkoutEngine
import WorkoutSamples

struct RecoveryTests {
    typealias F = PersistenceFixtures

    static func recovered(_ outcomes: [RecoveryOutcome]) -> [RecoveredSession] {
        outcomes.compactMap { if case .recovered(let session) = $0 { session } else { nil } }
    }

    static func discarded(_ outcomes: [RecoveryOutcome]) -> [DiscardedJournal] {
        outcomes.compactMap { if case .discarded(let discarded) = $0 { discarded } else { nil } }
    }

    @Test func recoversARealTrackExactly() throws {
        let (activity, samples) = try F.trackSamples()
        #expect(samples.count > 900)
        let directory = try F.temporaryDirectory("recover-real")
        let recorder = F.recordSession(samples, activity: activity ?? .running, directory: directory)
        #expect(recorder.sync())

        let (logger, log) = F.capturingLogger()
        let outcomes = try SessionRecovery.recover(directory: directory, now: Date().timeIntervalSince1970, includeSamples: true, logger: logger)
        let sessions = Self.recovered(outcomes)
        let session = try #require(sessions.first)
        #expect(outcomes.count == 1)
        #expect(session.sessionID == recorder.sessionID)
        #expect(session.droppedTailBytes == 0 && session.damage == nil)
        #expect(session.journaledSampleCount == samples.count)
        #expect(session.samples.count == samples.count)
        #expect(F.samePrefix(session.samples, of: samples))
        #expect(session.builder.clock.state == .paused)
        #expect(session.pausedAt == samples.compactMap(\.time).max())

        let reference = F.referenceBuilder(samples, activity: activity ?? .running)
        #expect(session.builder.snapshot == reference.snapshot)
        #expect(session.summary == (try reference.summary()))
        #expect(session.summary?.metrics.distanceMeters ?? 0 > 1000)
        #expect(log.messages.contains { $0.contains("recovered") })
    }

    /// ≥ 200 random corruptions of a journal written from a real track: flipped bytes, truncations and
    /// appended garbage. Recovery never crashes, never returns a record that was not written, returns
    /// every record before the first damaged byte, or discards the journal with a clear reason.
    /// A session configured with auto-pause (``WorkoutSessionConfiguration``'s default) and a recorder made
    /// with options that have none, as the documentation's example does: the journal keeps the session's
    /// options, so recovery rebuilds the session as it ran (its auto-pause in the standstill included).
    @Test func theJournalKeepsTheSessionsOwnOptions() async throws {
        let directory = try F.temporaryDirectory("recover-session-options")
        let options = WorkoutOptions(activity: .running)
        let configuration = WorkoutSessionConfiguration(options: options)
        #expect(configuration.options.autoPause != options.autoPause)
        let recorder = PersistentSessionRecorder(directory: directory, options: options, logger: F.quietLogger())
        let session = WorkoutSession(configuration: configuration, recorder: recorder)
        #expect(recorder.options == configuration.options)
        // 10 min at 3 m/s north, with 2 min standing still from minute 5.
        var latitude = 46.0
        for second in 0...600 {
            if !(300..<420).contains(second), second > 0 { latitude += 3.0 / 111_000 }
            _ = await session.ingest(.location(LocationSample(time: 1_700_000_000 + Double(second), latitude: latitude, longitude: 7)))
        }
        let live = await session.snapshot
        #expect(await session.stateChanges.contains { $0.isAutomatic }, "the standstill auto-paused the live session")
        #expect(recorder.sync())

        let outcomes = try SessionRecovery.recover(directory: directory, now: 1_700_000_700, includeSamples: false, logger: F.quietLogger())
        let recovered = try #require(Self.recovered(outcomes).first)
        #expect(recovered.header.options == configuration.options)
        #expect(recovered.builder.snapshot.elapsedSeconds == live.elapsedSeconds)
        #expect(recovered.builder.snapshot.distanceMeters.isApproximatelyEqual(to: live.distanceMeters, relativeTolerance: 1e-6))
    }

    @Test func randomCorruptionGivesAPrefixOrAClearDiscard() throws {
        let (_, samples) = try F.trackSamples()
        let directory = try F.temporaryDirectory("corrupt-source")
        let recorder = F.recordSession(samples, directory: directory)
        #expect(recorder.sync())
        let journalPath = try #require(recorder.journalPath)
        let original = try POSIXFileSystem().readFile(journalPath)
        let (cleanScan, originalRecords) = try JournalReader.records(in: original)
        #expect(cleanScan.damage == nil)

        // Record boundaries, to know how many records lie wholly before a damaged offset.
        var ends: [Int] = []
        var offset = JournalHeader.encodedLength
        for record in originalRecords {
            offset += record.encoded().count
            ends.append(offset)
        }
        #expect(offset == original.count)

        var rng = SplitMix64(seed: 2024)
        var prefixes = 0, discards = 0, cut = 0
        for iteration in 0..<400 {
            var bytes = original
            var firstDamage = bytes.count
            switch iteration % 4 {
            case 0:  // flip 1-3 random bits
                for _ in 0..<Int.random(in: 1...3, using: &rng) {
                    let at = Int.random(in: 0..<bytes.count, using: &rng)
                    bytes[at] ^= UInt8(1 << Int.random(in: 0..<8, using: &rng))
                    firstDamage = min(firstDamage, at)
                }
            case 1:  // truncate anywhere
                let at = Int.random(in: 0..<bytes.count, using: &rng)
                bytes.removeSubrange(at...)
                firstDamage = at
            case 2:  // append garbage
                let count = Int.random(in: 1...300, using: &rng)
                bytes += (0..<count).map { _ in UInt8.random(in: 0...255, using: &rng) }
            default:  // overwrite a random run with random bytes (a torn page), then maybe truncate
                let at = Int.random(in: 0..<bytes.count, using: &rng)
                let count = min(Int.random(in: 1...64, using: &rng), bytes.count - at)
                for i in at..<(at + count) { bytes[i] = UInt8.random(in: 0...255, using: &rng) }
                firstDamage = at
                if Bool.random(using: &rng) { bytes.removeSubrange(Int.random(in: at...(bytes.count - 1), using: &rng)...) }
            }
            do {
                let (scan, records) = try JournalReader.records(in: bytes)
                prefixes += 1
                if scan.droppedTailBytes > 0 { cut += 1 }
                #expect(records.count <= originalRecords.count)
                for (index, record) in records.enumerated() where record.encoded() != originalRecords[index].encoded() {
                    Issue.record("iteration \(iteration): record \(index) differs from the original")
                    break
                }
                let intact = ends.prefix { $0 <= firstDamage }.count
                #expect(records.count >= intact, "iteration \(iteration): lost valid records before the damage")
                #expect(scan.validLength + scan.droppedTailBytes == bytes.count)
            } catch let error as JournalHeader.DecodingError {
                discards += 1
                #expect(firstDamage < JournalHeader.encodedLength, "iteration \(iteration): header rejected (\(error)) though undamaged")
            }
        }
        #expect(prefixes + discards == 400)
        #expect(cut > 100)

        // The same damage through the full recovery path (builder replay, files on disk).
        for iteration in 0..<24 {
            let dir = try F.temporaryDirectory("corrupt-\(iteration)")
            var bytes = original
            let at = Int.random(in: 0..<bytes.count, using: &rng)
            if iteration % 2 == 0 { bytes[at] ^= 0x5A } else { bytes.removeSubrange(at...) }
            let id = UUID()
            try Data(bytes).write(to: URL(fileURLWithPath: JournalFormat.journalPath(directory: dir, sessionID: id)))
            let outcomes = try SessionRecovery.recover(directory: dir, now: Date().timeIntervalSince1970, maxAge: .infinity, includeSamples: true, logger: F.quietLogger())
            #expect(outcomes.count == 1)
            switch outcomes.first {
            case .recovered(let session):
                #expect(F.samePrefix(session.samples, of: samples))
                #expect(session.validJournalLength + session.droppedTailBytes == bytes.count)
                if session.droppedTailBytes > 0 { #expect(session.damage != nil) }
                let reference = F.referenceBuilder(session.samples)
                #expect(session.builder.snapshot == reference.snapshot)
            case .discarded(let discarded):
                switch discarded.reason {
                case .unreadableHeader, .unknownFormatVersion: #expect(at < JournalHeader.encodedLength)
                default: Issue.record("unexpected discard \(discarded.reason)")
                }
            case nil:
                Issue.record("no outcome")
            }
        }
    }

    @Test func expiryUsesTheInjectedClock() throws {
        let directory = try F.temporaryDirectory("expiry")
        let wall = TestWallClock(1_800_000_000)
        let samples = (0..<30).map { Sample.location(LocationSample(time: 1_700_000_000 + Double($0), latitude: 47 + Double($0) * 1e-4, longitude: 8)) }
        let recorder = F.recordSession(samples, directory: directory, now: { wall.now })
        #expect(recorder.sync())
        let sixHours = SessionRecovery.defaultMaximumAgeSeconds
        let logger = F.quietLogger()

        let fresh = try SessionRecovery.recover(directory: directory, now: 1_800_000_000 + sixHours - 1, logger: logger)
        #expect(Self.recovered(fresh).count == 1)
        #expect(Self.recovered(fresh).first?.lastActiveAt == 1_800_000_000)

        let (capturing, log) = F.capturingLogger()
        let stale = try SessionRecovery.recover(directory: directory, now: 1_800_000_000 + sixHours + 1, logger: capturing)
        let discard = try #require(Self.discarded(stale).first)
        #expect(discard.reason == .expired(lastActiveAt: 1_800_000_000, maximumAgeSeconds: sixHours))
        #expect(discard.sessionID == recorder.sessionID)
        #expect(log.messages.contains { $0.contains("not recovered") })

        let custom = try SessionRecovery.recover(directory: directory, now: 1_800_000_000 + 120, maxAge: 60, logger: logger)
        #expect(Self.discarded(custom).count == 1)

        // Without a snapshot, the journal file's modification time (wall time) is what expiry measures
        // from, never the samples' clock (issue 13: a replayed track's times are years old).
        let id = try #require(recorder.sessionID)
        try FileManager.default.removeItem(atPath: JournalFormat.snapshotPath(directory: directory, sessionID: id))
        let journalPath = JournalFormat.journalPath(directory: directory, sessionID: id)
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSince1970: 1_750_000_000)], ofItemAtPath: journalPath)
        let fromFile = try SessionRecovery.recover(directory: directory, now: 1_750_000_000 + 100, logger: logger)
        #expect(Self.recovered(fromFile).first?.lastActiveAt == 1_750_000_000)
        #expect(Self.discarded(try SessionRecovery.recover(directory: directory, now: 1_750_000_000 + sixHours + 1, logger: logger)).count == 1)
    }

    @Test func severalSessionsInOneDirectory() throws {
        let directory = try F.temporaryDirectory("several")
        var expected: [UUID: Int] = [:]
        for n in 1...3 {
            let samples = (0..<(n * 20)).map { Sample.heartRate(HeartRateSample(time: 1_000 + Double($0), beatsPerMinute: 100 + Double(n))) }
            let recorder = F.recordSession(samples, directory: directory)
            #expect(recorder.sync())
            if let id = recorder.sessionID { expected[id] = samples.count }
        }
        // One journal of a future version, one with a damaged header, one that is not a journal at all,
        // and a leftover temporary file, which is ignored.
        var future = JournalHeader(sessionID: UUID(), options: WorkoutOptions(), startTime: 0).encoded()
        future[8] = 9
        try Data(future).write(to: URL(fileURLWithPath: "\(directory)/\(UUID().uuidString).wejournal"))
        var damaged = JournalHeader(sessionID: UUID(), options: WorkoutOptions(), startTime: 0).encoded()
        damaged[20] ^= 1
        try Data(damaged).write(to: URL(fileURLWithPath: "\(directory)/\(UUID().uuidString).wejournal"))
        try Data("hello".utf8).write(to: URL(fileURLWithPath: "\(directory)/notes.wejournal"))
        try Data("x".utf8).write(to: URL(fileURLWithPath: "\(directory)/.abc.wesnapshot.1234.tmp"))

        let outcomes = try SessionRecovery.recover(directory: directory, now: Date().timeIntervalSince1970, maxAge: .infinity, logger: F.quietLogger())
        #expect(outcomes.count == 6)
        let sessions = Self.recovered(outcomes)
        #expect(Dictionary(uniqueKeysWithValues: sessions.map { ($0.sessionID, $0.journaledSampleCount) }) == expected)
        let reasons = Self.discarded(outcomes).map(\.reason)
        #expect(reasons.contains(.unknownFormatVersion(9)))
        #expect(reasons.filter { if case .unreadableHeader = $0 { true } else { false } }.count == 2)
        #expect(outcomes.map(\.file) == outcomes.map(\.file).sorted())
    }

    @Test func finishedSessionIsNotOffered() throws {
        let directory = try F.temporaryDirectory("finished")
        let samples = (0..<10).map { Sample.cadence(CadenceSample(time: 50 + Double($0), perMinute: 170)) }
        let recorder = F.recordSession(samples, directory: directory)
        recorder.recordEvent(.end, at: 60)
        #expect(recorder.finish(summaryJSON: "{\"ok\":true}"))
        let id = try #require(recorder.sessionID)
        let names = try FileManager.default.contentsOfDirectory(atPath: directory)
        #expect(names == ["\(id.uuidString).summary.json"])
        #expect(try String(contentsOfFile: JournalFormat.summaryPath(directory: directory, sessionID: id), encoding: .utf8) == "{\"ok\":true}")
        #expect(try SessionRecovery.recover(directory: directory, now: 100, maxAge: .infinity, logger: F.quietLogger()).isEmpty)
        // Later records are ignored; finishing twice is harmless.
        recorder.record(samples[0])
        #expect(recorder.finish(summaryJSON: "{}"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory).count == 1)

        // A crash after the summary was written but before the journal was removed: not offered either.
        let second = F.recordSession(samples, directory: directory)
        #expect(second.sync())
        let secondID = try #require(second.sessionID)
        try POSIXFileSystem().writeAtomically(Array("{}".utf8), to: JournalFormat.summaryPath(directory: directory, sessionID: secondID))
        let outcomes = try SessionRecovery.recover(directory: directory, now: 100, maxAge: .infinity, logger: F.quietLogger())
        #expect(Self.discarded(outcomes).map(\.reason) == [.alreadyFinished])

        // An ended session whose summary was never written is offered, ended, so its summary can be saved.
        let third = F.recordSession(samples, directory: directory)
        third.recordEvent(.end, at: 59.5)
        let thirdOutcomes = try SessionRecovery.recover(directory: directory, now: 100, maxAge: .infinity, logger: F.quietLogger())
        let ended = try #require(Self.recovered(thirdOutcomes).first { $0.sessionID == third.sessionID })
        #expect(ended.builder.clock.state == .ended)
        #expect(ended.pausedAt == nil)
    }

    @Test func snapshotWrittenTwiceIsHarmless() throws {
        let directory = try F.temporaryDirectory("snapshot")
        let fileSystem = POSIXFileSystem()
        let path = "\(directory)/a.wesnapshot"
        let snapshot = SessionSnapshot(
            sessionID: UUID(), activity: .hiking, state: .paused, accumulatedSeconds: 12.5, openIntervalStart: nil,
            startTime: 3, recordCount: 4, sampleCount: 3, lastRecordTime: 20, lastActiveAt: 99, journalDurableOffset: 200)
        try fileSystem.writeAtomically(try snapshot.encoded(), to: path)
        try fileSystem.writeAtomically(try snapshot.encoded(), to: path)
        #expect(SessionSnapshot.decode(try fileSystem.readFile(path)) == snapshot)
        #expect(try fileSystem.contentsOfDirectory(directory) == ["a.wesnapshot"])

        // A failing rename leaves the old contents and no temporary file.
        let faulty = FaultInjectingFileSystem()
        faulty.inject(EIO, on: [.rename])
        var changed = snapshot
        changed.recordCount = 5
        #expect(throws: FileSystemError.self) { try faulty.writeAtomically(try changed.encoded(), to: path) }
        #expect(SessionSnapshot.decode(try fileSystem.readFile(path)) == snapshot)
        #expect(try fileSystem.contentsOfDirectory(directory) == ["a.wesnapshot"])
        faulty.clearFaults()
        try faulty.writeAtomically(try changed.encoded(), to: path)
        #expect(SessionSnapshot.decode(try fileSystem.readFile(path)) == changed)
    }

    /// A directory that does not exist yet (a fresh deployment, before the first session) holds nothing to
    /// recover; one that exists but cannot be listed is an error.
    @Test func aMissingDirectoryHoldsNothingAndAnUnreadableOneThrows() throws {
        #expect(try SessionRecovery.recover(directory: "/nonexistent/\(UUID())", now: 0, logger: F.quietLogger()).isEmpty)
        let directory = try F.temporaryDirectory("not-yet")
        #expect(try SessionRecovery.recover(directory: "\(directory)/journals", now: 0, logger: F.quietLogger()).isEmpty)

        let denied = FaultInjectingFileSystem()
        denied.inject(EACCES, on: [.contentsOfDirectory])
        #expect(throws: FileSystemError(operation: "opendir", path: directory, code: EACCES)) {
            try SessionRecovery.recover(directory: directory, now: 0, fileSystem: denied, logger: F.quietLogger())
        }
        let file = "\(directory)/a-file"
        try POSIXFileSystem().writeAtomically(Array("x".utf8), to: file)
        #expect(throws: FileSystemError(operation: "opendir", path: file, code: ENOTDIR)) {
            try SessionRecovery.recover(directory: file, now: 0, logger: F.quietLogger())
        }
    }

    @Test func unreadableJournalsAreReported() throws {
        let directory = try F.temporaryDirectory("unreadable")
        let recorder = F.recordSession([.power(PowerSample(time: 1, watts: 200))], directory: directory)
        #expect(recorder.sync())
        let faulty = FaultInjectingFileSystem()
        faulty.inject(EIO, on: [.readFile, .openForReading, .readFromFile], pathContaining: ".wejournal")
        let outcomes = try SessionRecovery.recover(directory: directory, now: 1, fileSystem: faulty, logger: F.quietLogger())
        guard case .discarded(let discarded)? = outcomes.first, case .unreadableFile = discarded.reason else {
            Issue.record("expected an unreadable-file discard, got \(outcomes)")
            return
        }
    }
}
