import SessionSupport
import WorkoutCore
public import Foundation
public import Logging
public import WorkoutSamples

/// Whether a recorder's writes are reaching the disk.
public enum PersistenceStatus: Sendable, Hashable {
    /// Every sync so far succeeded.
    case ok
    /// The latest sync failed (disk full, read-only, I/O error): records are kept in memory and the next
    /// sync retries. `since` is the wall-clock time (seconds since 1970) of the first failure in a row.
    case failing(FileSystemError, since: Double)
    /// Syncs succeed again after failing; nothing kept in memory was lost (unless
    /// ``PersistentSessionRecorder/droppedRecordCount`` says so). `at` is when the first sync succeeded.
    case recovered(after: FileSystemError, at: Double)

    /// Whether the latest sync succeeded.
    public var isHealthy: Bool {
        if case .failing = self { return false }
        return true
    }
}
