public import Foundation
public import Logging
public import WorkoutSamples

/// A session rebuilt from its journal: the builder holds exactly the state of the last valid record.
public struct RecoveredSession: Sendable {
    /// What the journal's header says (session id, options, start time).
    public var header: JournalHeader
    /// The journal file.
    public var journalPath: String
    /// A builder that replayed every valid record, then was paused at ``pausedAt`` if it was running.
    /// Its state is `paused`, or `ended` when the journal holds an `end` record (the session ended but
    /// its summary was never saved), or `notStarted` when no timed sample arrived.
    public var builder: WorkoutBuilder
    /// `builder.summary()`, computed when asked (simplifying a long route costs more than recovering it);
    /// `nil` only if the route could not be summarised (a GEOS failure).
    public var summary: WorkoutSummary? { try? builder.summary() }
    /// Valid records replayed.
    public var recordCount: Int
    /// Sample records among them: the number of input samples a replay can skip to continue.
    public var journaledSampleCount: Int
    /// The replayed samples in order; empty unless recovery was asked to keep them.
    public var samples: [Sample]
    /// Bytes after the last valid record, cut (torn write, corruption or garbage).
    public var droppedTailBytes: Int
    /// Why the journal's valid part ends early; `nil` when the whole file was valid.
    public var damage: JournalTailDamage?
    /// Bytes from the start of the journal to the end of the last valid record.
    public var validJournalLength: Int
    /// The latest time among the valid records.
    public var lastRecordTime: Double?
    /// When the session was last active (what expiry was measured from): the snapshot's `lastActiveAt`,
    /// else the last record's time, else the start time.
    public var lastActiveAt: Double
    /// The time at which recovery paused the session because its last record left it running
    /// (the last record's time); `nil` when it was already paused or ended.
    public var pausedAt: Double?
    /// The snapshot found next to the journal, if it was readable and of this session.
    public var snapshot: SessionSnapshot?

    /// The session's id.
    public var sessionID: UUID { header.sessionID }
    /// The session's activity (after any activity record).
    public var activity: ActivityType { builder.options.activity }
    /// The location samples among ``samples``.
    public var locations: [LocationSample] {
        samples.compactMap { if case .location(let fix) = $0 { fix } else { nil } }
    }
}

/// Why recovery did not offer a journal.
public enum RecoveryDiscardReason: Sendable, Hashable, CustomStringConvertible {
    /// The session was last active more than the maximum age before now.
    case expired(lastActiveAt: Double, maximumAgeSeconds: Double)
    /// The journal is of a format version this code does not read.
    case unknownFormatVersion(UInt16)
    /// The header is missing, cut short or corrupt (the detail in words).
    case unreadableHeader(String)
    /// A summary was saved for the session (`<id>.summary.json`): it finished, only the clean-up was lost.
    case alreadyFinished
    /// The file could not be read (the error in words).
    case unreadableFile(String)

    public var description: String {
        switch self {
        case .expired(let lastActiveAt, let maximumAgeSeconds):
            "expired: last active \(DisplayFormatting.iso8601(secondsSince1970: lastActiveAt)), more than \(Int(maximumAgeSeconds)) s ago"
        case .unknownFormatVersion(let version): "unknown format version \(version)"
        case .unreadableHeader(let why): "unreadable header: \(why)"
        case .alreadyFinished: "already finished (its summary was saved)"
        case .unreadableFile(let why): "unreadable file: \(why)"
        }
    }
}

/// A journal recovery did not offer, and why.
public struct DiscardedJournal: Sendable, Hashable {
    /// The journal file.
    public var file: String
    /// The session id, when the header or the file name gives one.
    public var sessionID: UUID?
    public var reason: RecoveryDiscardReason
    /// Bytes after the last valid record (0 when the records were not read).
    public var droppedTailBytes: Int
}

/// What recovery made of one journal.
public enum RecoveryOutcome: Sendable {
    case recovered(RecoveredSession)
    case discarded(DiscardedJournal)

    /// The journal file.
    public var file: String {
        switch self {
        case .recovered(let session): session.journalPath
        case .discarded(let discarded): discarded.file
        }
    }
}

/// Finds interrupted sessions in a directory and rebuilds them from their journals.
public enum SessionRecovery {
    /// Six hours: a session last active longer ago is discarded as expired.
    public static let defaultMaximumAgeSeconds: Double = 6 * 60 * 60

    /// Recovers every session journal (`*.wejournal`) in `directory`, in file-name order.
    ///
    /// Each journal's header is checked, then its records are replayed into a fresh ``WorkoutBuilder``
    /// built with the header's options; replay stops at the first record that is torn, fails its
    /// checksum, or is of an unknown type, and the bytes after it are reported as dropped (never
    /// loaded). A session whose last record left it running is paused at that record's time. Recovery
    /// only reads: it never changes or removes a file (see ``removeFiles(of:in:fileSystem:)``).
    ///
    /// - Parameters:
    ///   - now: the current wall-clock time, seconds since 1970.
    ///   - maxAge: sessions last active longer ago than this are discarded as expired.
    ///   - includeSamples: keep the replayed samples in ``RecoveredSession/samples`` (memory grows with
    ///     the journal).
    /// - Returns: one outcome per journal; finished sessions whose files were removed give none.
    /// - Throws: ``FileSystemError`` only when the directory cannot be listed.
    /// - Complexity: O(total journal bytes), plus the builder's cost per replayed sample.
    public static func recover(
        directory: String,
        now: Double,
        maxAge: Double = defaultMaximumAgeSeconds,
        includeSamples: Bool = false,
        fileSystem: any SessionFileSystem = POSIXFileSystem(),
        logger: Logger
    ) throws -> [RecoveryOutcome] {
        let names = try fileSystem.contentsOfDirectory(directory)
            .filter { $0.hasSuffix("." + JournalFormat.journalExtension) && !$0.hasPrefix(".") }
            .sorted()
        return names.map { name in
            let outcome = recoverJournal(directory: directory, name: name, now: now, maxAge: maxAge, includeSamples: includeSamples, fileSystem: fileSystem)
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
            return outcome
        }
    }

    /// Removes a session's journal, snapshot and summary (those that exist), for example after the user
    /// dismissed a recovered or discarded session.
    /// - Throws: ``FileSystemError`` from the first removal that fails.
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
        let bytes: [UInt8]
        do {
            bytes = try fileSystem.readFile(path)
        } catch {
            return discard(.unreadableFile("\(error)"))
        }
        return bytes.withUnsafeBytes { buffer -> RecoveryOutcome in
            let header: JournalHeader
            switch Result(catching: { () throws(JournalHeader.DecodingError) -> JournalHeader in try JournalHeader.decode(buffer) }) {
            case .success(let decoded):
                header = decoded
            case .failure(.unknownFormatVersion(let version)):
                return discard(.unknownFormatVersion(version))
            case .failure(.unreadable(let why)):
                return discard(.unreadableHeader(why))
            }
            var builder = WorkoutBuilder(options: header.options)
            var samples: [Sample] = []
            let scan: JournalScan
            do {
                scan = try JournalReader.scan(buffer) { record in
                    builder.apply(record)
                    if includeSamples, case .sample(let sample) = record { samples.append(sample) }
                }
            } catch {
                return discard(.unreadableHeader("\(error)"), id: header.sessionID)
            }
            var snapshot: SessionSnapshot?
            let snapshotPath = JournalFormat.snapshotPath(directory: directory, sessionID: header.sessionID)
            if let snapshotBytes = try? fileSystem.readFile(snapshotPath),
               let decoded = SessionSnapshot.decode(snapshotBytes), decoded.sessionID == header.sessionID {
                snapshot = decoded
            }
            let lastActiveAt = snapshot?.lastActiveAt ?? scan.lastRecordTime ?? header.startTime
            if !(now - lastActiveAt <= maxAge) {
                return discard(.expired(lastActiveAt: lastActiveAt, maximumAgeSeconds: maxAge), id: header.sessionID, dropped: scan.droppedTailBytes)
            }
            var pausedAt: Double?
            if builder.clock.state == .running {
                let at = scan.lastRecordTime
                builder.pause(at: at)
                pausedAt = at ?? builder.snapshot.endTime
            }
            return .recovered(RecoveredSession(
                header: header, journalPath: path, builder: builder,
                recordCount: scan.recordCount, journaledSampleCount: scan.sampleCount, samples: samples,
                droppedTailBytes: scan.droppedTailBytes, damage: scan.damage, validJournalLength: scan.validLength,
                lastRecordTime: scan.lastRecordTime, lastActiveAt: lastActiveAt, pausedAt: pausedAt, snapshot: snapshot))
        }
    }
}
