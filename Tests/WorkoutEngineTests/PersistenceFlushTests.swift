import Foundation
import Testing
import TestSupport
import WorkoutEngine
import WorkoutSamples

/// `PersistentSessionRecorder.flush()`: the buffered records made durable with one write and one
/// `fsync`, the snapshot left to the policy.
struct PersistenceFlushTests {
    @Test func flushWritesTheRecordsButNotTheSnapshot() throws {
        let directory = try PersistenceFixtures.temporaryDirectory("flush")
        let fileSystem = FaultInjectingFileSystem()
        // A policy that never syncs by itself between start and end: the caller decides.
        let policy = JournalDurabilityPolicy(syncIntervalSeconds: .infinity, maximumRecordsBetweenSyncs: 1 << 20, snapshotIntervalSeconds: 10)
        let session = RecordingSession(directory: directory, policy: policy, fileSystem: fileSystem)
        session.start(at: 1_700_000_000)
        for second in 1...5 { session.record(PersistenceRecorderTests.location(second)) }
        #expect(session.durableSampleCount == 0)
        let syncs = fileSystem.callCount(.synchronize), renames = fileSystem.callCount(.rename)
        #expect(session.recorder.flush())
        #expect(session.durableSampleCount == 5)
        #expect(session.pendingByteCount == 0)
        // One fsync of the journal; the snapshot (a rename) is not rewritten 5 s after the last one.
        #expect(fileSystem.callCount(.synchronize) - syncs == 1)
        #expect(fileSystem.callCount(.rename) == renames)
        // Recovery reads every flushed sample.
        #expect(try PersistenceRecorderTests.recover(directory).journaledSampleCount == 5)
    }
}
