import SessionSupport
import WorkoutCore
import Foundation
import Logging
import WorkoutSamples

/// Whether a journal's writes are reaching stable storage, for any backend: `Failure` is what its writes
/// throw (``PersistenceStatus`` is the file backend's, with ``/SessionSupport/FileSystemError``).
///
/// A recorder changes it through ``noteFailure(_:at:)`` and ``noteSuccess(at:)``, which also say when the
/// health changed, so that it logs one line per change, however many retries fail in a row.
public enum JournalStatus<Failure: Error & Hashable & Sendable>: Sendable, Hashable {
    /// Every sync so far succeeded.
    case ok
    /// The latest sync failed (disk full, read-only, I/O error, a database that does not answer): records are
    /// kept in memory and the next sync retries. `since` is the wall-clock time (seconds since 1970) of the
    /// first failure in a row.
    case failing(Failure, since: Double)
    /// Syncs succeed again after failing; nothing kept in memory was lost (unless the recorder's dropped
    /// record count says so). `at` is when the first sync succeeded.
    case recovered(after: Failure, at: Double)

    /// Whether the latest sync succeeded.
    public var isHealthy: Bool {
        if case .failing = self { return false }
        return true
    }

    /// Records a failed sync at `now` (seconds since 1970).
    /// - Returns: `true` when the journal was healthy until now: the one moment to log the failure.
    public mutating func noteFailure(_ error: Failure, at now: Double) -> Bool {
        switch self {
        case .failing(_, let since):
            self = .failing(error, since: since)
            return false
        case .ok, .recovered:
            self = .failing(error, since: now)
            return true
        }
    }

    /// Records a successful sync at `now` (seconds since 1970).
    /// - Returns: the failure it recovers from when the journal was failing until now (the one moment to
    ///   log the recovery), else `nil`.
    public mutating func noteSuccess(at now: Double) -> Failure? {
        guard case .failing(let error, _) = self else { return nil }
        self = .recovered(after: error, at: now)
        return error
    }
}

/// Whether a ``PersistentSessionRecorder``'s writes are reaching the disk: `.ok`, `.failing(error, since:)`
/// with the ``/SessionSupport/FileSystemError`` of the latest attempt, or `.recovered(after:at:)`.
public typealias PersistenceStatus = JournalStatus<FileSystemError>
