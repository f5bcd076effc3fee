import SessionSupport
import WorkoutCore
public import Foundation
public import Logging
import WorkoutSamples

/// Finds interrupted sessions in a directory and rebuilds them from their journals.
public enum SessionRecovery {
    /// Six hours: a session last active longer ago is discarded as expired.
    public static let defaultMaximumAgeSeconds: Double = 6 * 60 * 60

    /// Recovers every session journal (`*.wejournal`) in `directory`, in file-name order.
    ///
    /// Each journal's header is checked, then its records are replayed into a fresh ``/WorkoutCore/WorkoutBuilder``
    /// built with the header's options; replay stops at the first record that is torn, fails its
    /// checksum, or is of an unknown type, and the bytes after it are reported as dropped (never
    /// loaded). A session whose last record left it running is paused at that record's time. Recovery
    /// only reads: it never changes or removes a file (see ``removeFiles(of:in:fileSystem:)``).
    ///
    /// - Parameters:
    ///   - directory: the directory holding the journals (every `*.wejournal` in it is read).
    ///   - now: the current wall-clock time, seconds since 1970.
    ///   - maxAge: sessions last active longer ago than this are discarded as expired.
    ///   - includeSamples: keep the replayed samples in ``RecoveredSession/samples`` (memory grows with
    ///     the journal).
    ///   - fileSystem: the file layer (``/SessionSupport/POSIXFileSystem`` by default; a fault-injecting one in tests).
    ///   - logger: where recovery logs what it found in each journal; by default nowhere.
    /// - Returns: one outcome per journal; finished sessions whose files were removed give none. A
    ///   directory that does not exist (yet: nothing was ever journaled in it) holds nothing to recover, and
    ///   gives none either.
    /// - Throws: ``/SessionSupport/FileSystemError`` only when the directory exists but cannot be listed
    ///   (permission denied, not a directory, an I/O error).
    /// - Complexity: O(total journal bytes), plus the builder's cost per replayed sample.
    public static func recover(
        directory: String,
        now: Double,
        maxAge: Double = defaultMaximumAgeSeconds,
        includeSamples: Bool = false,
        fileSystem: any SessionFileSystem = POSIXFileSystem(),
        logger: Logger = .quiet
    ) throws -> [RecoveryOutcome] {
        let entries: [String]
        do {
            entries = try fileSystem.contentsOfDirectory(directory)
        } catch let error as FileSystemError where error.code == ENOENT {
            // A fresh deployment: the recorder creates the directory with the first session.
            logger.debug("recovery: no journal directory, nothing to recover", metadata: ["directory": "\(directory)"])
            return []
        }
        let names = entries
            .filter { $0.hasSuffix("." + JournalFormat.journalExtension) && !$0.hasPrefix(".") }
            .sorted()
        return names.map { name in
            let outcome = recoverJournal(directory: directory, name: name, now: now, maxAge: maxAge, includeSamples: includeSamples, fileSystem: fileSystem)
            log(outcome, to: logger)
            return outcome
        }
    }

    /// Rebuilds a session from a journal held in memory, exactly as ``recover(directory:now:maxAge:includeSamples:fileSystem:logger:)``
    /// does from a file: the header is checked, the records are replayed into a fresh builder until the first
    /// torn, corrupt or unknown one, and a session whose last record left it running is paused there. A store
    /// keeps a live session's journal this way: the same header and framed records, in rows.
    ///
    /// - Parameters:
    ///   - journal: the journal's bytes (header, then records).
    ///   - name: what names the journal in the outcome (``RecoveredSession/journalPath``, ``DiscardedJournal/file``),
    ///     for example `live_sessions/<id>`; ``RecoveredSession/directory`` is empty.
    ///   - sessionID: the id the journal is kept under, when known: a header of another session is unreadable.
    ///   - lastActiveAt: when the session was last active (wall-clock seconds since 1970: its last commit).
    ///   - now: the current wall-clock time, seconds since 1970.
    ///   - maxAge: a session last active longer ago than this is discarded as expired.
    ///   - includeSamples: keep the replayed samples in ``RecoveredSession/samples``.
    ///   - logger: where recovery logs what it found; by default nowhere.
    /// - Complexity: O(journal bytes), plus the builder's cost per replayed sample.
    public static func recover(
        journal: [UInt8], name: String, sessionID: UUID? = nil, lastActiveAt: Double, now: Double,
        maxAge: Double = defaultMaximumAgeSeconds, includeSamples: Bool = false, logger: Logger = .quiet
    ) -> RecoveryOutcome {
        func discard(_ reason: RecoveryDiscardReason, id: UUID? = sessionID, dropped: Int = 0) -> RecoveryOutcome {
            .discarded(DiscardedJournal(file: name, sessionID: id, reason: reason, droppedTailBytes: dropped))
        }
        let outcome: RecoveryOutcome = journal.withUnsafeBytes { bytes in
            let header: JournalHeader
            do throws(JournalHeader.DecodingError) {
                header = try JournalHeader.decode(bytes)
            } catch {
                return discard(reason(for: error))
            }
            if let sessionID, header.sessionID != sessionID {
                return discard(.unreadableHeader("the header is of session \(header.sessionID), not \(sessionID)"))
            }
            if !(now - lastActiveAt <= maxAge) {
                let dropped = (try? JournalReader.scan(bytes))?.droppedTailBytes ?? 0
                return discard(.expired(lastActiveAt: lastActiveAt, maximumAgeSeconds: maxAge), id: header.sessionID, dropped: dropped)
            }
            // The header decoded, so the scan cannot throw (its visitor does not).
            guard let replayed = try? replay(header: header, includeSamples: includeSamples, scan: { visit in try JournalReader.scan(bytes, visit: visit) }) else {
                return discard(.unreadableHeader("the journal could not be scanned"), id: header.sessionID)
            }
            return .recovered(replayed.session(directory: "", journalPath: name, lastActiveAt: lastActiveAt, snapshot: nil))
        }
        log(outcome, to: logger)
        return outcome
    }

    /// Logs what recovery found in one journal.
    private static func log(_ outcome: RecoveryOutcome, to logger: Logger) {
        switch outcome {
        case .recovered(let session):
            var metadata: Logger.Metadata = ["session": "\(session.sessionID)", "records": "\(session.recordCount)"]
            if session.droppedTailBytes > 0 {
                metadata["droppedTailBytes"] = "\(session.droppedTailBytes)"
                metadata["damage"] = "\(session.damage.map { "\($0)" } ?? "-")"
                logger.warning("recovery: journal tail cut at the last valid record", metadata: metadata)
            } else {
                logger.info("recovery: session recovered", metadata: metadata)
            }
            if let snapshot = session.snapshot, snapshot.journalDurableOffset > session.validJournalLength {
                logger.warning("recovery: the journal is shorter than its snapshot says was durable", metadata: [
                    "session": "\(session.sessionID)", "snapshotOffset": "\(snapshot.journalDurableOffset)",
                    "validLength": "\(session.validJournalLength)",
                ])
            }
        case .discarded(let discarded):
            logger.warning("recovery: journal not recovered", metadata: [
                "file": "\(discarded.file)", "reason": "\(discarded.reason)", "droppedTailBytes": "\(discarded.droppedTailBytes)",
            ])
        }
    }

    /// Why a journal whose header did not decode is discarded.
    private static func reason(for error: JournalHeader.DecodingError) -> RecoveryDiscardReason {
        switch error {
        case .unknownFormatVersion(let version): .unknownFormatVersion(version)
        case .unreadable(let why): .unreadableHeader(why)
        }
    }

    /// A journal's records replayed into a fresh builder.
    private struct Replayed {
        var header: JournalHeader
        var builder: WorkoutBuilder
        var samples: [Sample]
        var scan: JournalScan
        var pausedAt: Double?

        func session(directory: String, journalPath: String, lastActiveAt: Double, snapshot: SessionSnapshot?) -> RecoveredSession {
            RecoveredSession(
                header: header, directory: directory, journalPath: journalPath, builder: builder,
                recordCount: scan.recordCount, journaledSampleCount: scan.sampleCount, samples: samples,
                droppedTailBytes: scan.droppedTailBytes, damage: scan.damage, validJournalLength: scan.validLength,
                lastRecordTime: scan.lastRecordTime, lastActiveAt: lastActiveAt, pausedAt: pausedAt, snapshot: snapshot)
        }
    }

    /// Replays every record `scan` visits into a builder made with the header's options, then pauses the
    /// session at its last record if it was left running.
    private static func replay(
        header: JournalHeader, includeSamples: Bool, scan: ((JournalRecord) throws -> Void) throws -> JournalScan
    ) throws -> Replayed {
        var builder = WorkoutBuilder(options: header.options)
        var samples: [Sample] = []
        let result = try scan { record in
            builder.apply(record)
            if includeSamples, case .sample(let sample) = record { samples.append(sample) }
        }
        var pausedAt: Double?
        if builder.clock.state == .running {
            let at = result.lastRecordTime
            builder.pause(at: at)
            pausedAt = at ?? builder.snapshot.endTime
        }
        return Replayed(header: header, builder: builder, samples: samples, scan: result, pausedAt: pausedAt)
    }

    /// Removes a session's journal, snapshot and summary (those that exist), for example after the user
    /// dismissed a recovered or discarded session.
    /// - Throws: ``/SessionSupport/FileSystemError`` from the first removal that fails.
    public static func removeFiles(of sessionID: UUID, in directory: String, fileSystem: any SessionFileSystem = POSIXFileSystem()) throws {
        for path in [
            JournalFormat.journalPath(directory: directory, sessionID: sessionID),
            JournalFormat.snapshotPath(directory: directory, sessionID: sessionID),
            JournalFormat.summaryPath(directory: directory, sessionID: sessionID),
        ] where try fileSystem.fileSize(path) != nil {
            try fileSystem.removeFile(path)
        }
        try fileSystem.synchronizeDirectory(directory)
    }

    private static func recoverJournal(
        directory: String, name: String, now: Double, maxAge: Double, includeSamples: Bool, fileSystem: any SessionFileSystem
    ) -> RecoveryOutcome {
        let path = "\(directory)/\(name)"
        let nameID = UUID(uuidString: String(name.dropLast(JournalFormat.journalExtension.count + 1)))
        func discard(_ reason: RecoveryDiscardReason, id: UUID? = nameID, dropped: Int = 0) -> RecoveryOutcome {
            .discarded(DiscardedJournal(file: path, sessionID: id, reason: reason, droppedTailBytes: dropped))
        }
        if let nameID, (try? fileSystem.fileSize(JournalFormat.summaryPath(directory: directory, sessionID: nameID))) != nil {
            return discard(.alreadyFinished)
        }
        // What is not a regular file (a FIFO, a device, a link to one) is never opened for a blocking read.
        let status: FileStatus
        do {
            guard let found = try fileSystem.status(path) else { return discard(.unreadableFile("no such file")) }
            status = found
        } catch {
            return discard(.unreadableFile("\(error)"))
        }
        guard status.isRegularFile else { return discard(.notARegularFile) }

        // The header, from the file's first bytes only.
        let header: JournalHeader
        do {
            header = try JournalReader.scan(path: path, fileSystem: fileSystem, headerOnly: true).header
        } catch let error as JournalHeader.DecodingError {
            return discard(reason(for: error))
        } catch {
            return discard(.unreadableFile("\(error)"))
        }

        // Last active: the wall-clock time the session's own files record (its snapshot's sync time, the
        // journal's modification time), never the samples' clock (a replayed track's times are years old).
        var snapshot: SessionSnapshot?
        let snapshotPath = JournalFormat.snapshotPath(directory: directory, sessionID: header.sessionID)
        if let snapshotBytes = try? fileSystem.read(snapshotPath, offset: 0, count: 64 * 1024),
           let decoded = SessionSnapshot.decode(snapshotBytes), decoded.sessionID == header.sessionID {
            snapshot = decoded
        }
        let lastActiveAt = max(snapshot?.lastActiveAt ?? -.infinity, status.modificationTime)
        if !(now - lastActiveAt <= maxAge) {
            let dropped = (try? JournalReader.scan(path: path, fileSystem: fileSystem))?.droppedTailBytes ?? 0
            return discard(.expired(lastActiveAt: lastActiveAt, maximumAgeSeconds: maxAge), id: header.sessionID, dropped: dropped)
        }

        do {
            let replayed = try replay(header: header, includeSamples: includeSamples) { visit in
                try JournalReader.scan(path: path, fileSystem: fileSystem, visit: visit)
            }
            return .recovered(replayed.session(directory: directory, journalPath: path, lastActiveAt: lastActiveAt, snapshot: snapshot))
        } catch {
            return discard(.unreadableFile("\(error)"), id: header.sessionID)
        }
    }
}
