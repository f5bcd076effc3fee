import WorkoutCore
import Foundation
import Logging
import WorkoutSamples

/// When a ``PersistentSessionRecorder`` makes its journal durable.
///
/// Records are buffered in memory and written with one `write` and one `fsync` per sync. A sync happens
/// when ``syncIntervalSeconds`` of session time have passed since the last sync attempt, or after
/// ``maximumRecordsBetweenSyncs`` records, whichever comes first; always on start, pause and end; and
/// whenever ``PersistentSessionRecorder/sync()`` is called. At 1 Hz with heart rate and cadence (three
/// records a second) that is one `write` + `fsync` of about 150 bytes a second. A crash loses at most
/// the records since the last sync; nothing synced is ever lost.
public struct JournalDurabilityPolicy: Sendable, Hashable {
    /// Session-time seconds between syncs. Default 1.
    public var syncIntervalSeconds: Double
    /// Records between syncs, for inputs without time or bursts. Default 64.
    public var maximumRecordsBetweenSyncs: Int
    /// The snapshot is rewritten at a sync when this many session-time seconds have passed since the
    /// last one, and always on start, pause, end and an explicit ``PersistentSessionRecorder/sync()``.
    /// Default 10.
    public var snapshotIntervalSeconds: Double
    /// While writes fail, unsynced records are kept in memory up to this many bytes (default 16 MiB,
    /// about 300 000 location records, or 28 hours of 1 Hz location + heart rate + cadence). Past it, the
    /// recorder stops journaling this session: the journal keeps an exact prefix, later records are
    /// counted in ``PersistentSessionRecorder/droppedRecordCount``, and the live session carries on.
    public var maximumPendingBytes: Int

    /// A policy with the given limits; the defaults sync at least every second or every 64 records, write
    /// a snapshot every 10 s, and allow 16 MiB of unsynced records.
    public init(syncIntervalSeconds: Double = 1, maximumRecordsBetweenSyncs: Int = 64, snapshotIntervalSeconds: Double = 10, maximumPendingBytes: Int = 16 << 20) {
        self.syncIntervalSeconds = syncIntervalSeconds
        self.maximumRecordsBetweenSyncs = maximumRecordsBetweenSyncs
        self.snapshotIntervalSeconds = snapshotIntervalSeconds
        self.maximumPendingBytes = maximumPendingBytes
    }

    /// The documented defaults: 1 s or 64 records, snapshot every 10 s, 16 MiB of memory while failing.
    public static let `default` = JournalDurabilityPolicy()
}
