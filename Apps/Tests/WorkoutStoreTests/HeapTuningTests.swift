import Testing
import WorkoutEngine
import WorkoutStore

/// The allocator's thresholds are really set (glibc's `mallopt` answers 1 for each), so the import and the
/// server keep their large buffers in the heap.
@Suite struct HeapTuningTests {
    @Test func glibcTakesBothThresholds() {
        #expect(HeapTuning.keepLargeBuffersForReuse())
        // Setting them again is harmless (the CLI sets them once per command).
        #expect(HeapTuning.keepLargeBuffersForReuse())
    }

    @Test func thresholdsLeaveRoomForAnUploadsBuffers() {
        // The largest stream kept for a rewind stays below the mmap threshold: it is reused, not mapped anew.
        #expect(Int(HeapTuning.mmapThresholdBytes) >= TrackReader.keptStreamLimitBytes)
        #expect(HeapTuning.trimThresholdBytes >= HeapTuning.mmapThresholdBytes)
    }
}
