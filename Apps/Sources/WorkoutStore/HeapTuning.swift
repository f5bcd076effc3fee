#if canImport(Glibc)
import Glibc
#endif

/// The C library's allocator set for a process that reads one workout after another (an import, a server's
/// uploads).
///
/// Each workout allocates and frees the same large buffers: the upload's bytes kept for a rewind (about 1 MB
/// for a one-hour GPX), the recorder's points, the analysis series (0.1 to 16 MiB). glibc's `malloc` serves a
/// block above its mmap threshold (128 KiB at first, raised as such blocks are freed) with a mapping of its own
/// and returns the free top of a heap above its trim threshold to the kernel, so every workout takes the page
/// faults of those buffers again: about 10 % of a server's CPU under uploads (`perf record`, page faults and
/// zeroing pages). Fixed thresholds keep blocks of up to 32 MiB in the heap and keep up to 64 MiB of free heap
/// top (glibc's `mallopt`, `M_MMAP_THRESHOLD` and `M_TRIM_THRESHOLD`; "Memory Allocation Tunables" in the GNU C
/// Library manual). The cost is memory the process keeps after a burst, not more memory per workout.
public enum HeapTuning {
    /// `M_TRIM_THRESHOLD` and `M_MMAP_THRESHOLD` in glibc's `<malloc.h>`.
    private static let trimThresholdOption: Int32 = -1
    private static let mmapThresholdOption: Int32 = -3
    /// Blocks up to this size come from the heap.
    public static let mmapThresholdBytes: Int32 = 32 << 20
    /// Free memory at a heap's top kept for reuse up to this size.
    public static let trimThresholdBytes: Int32 = 64 << 20

    /// Sets the thresholds for this process; call it once, early. `mallopt` is looked up at run time (Swift's
    /// `Glibc` module does not import `<malloc.h>`): on a C library without it nothing changes.
    /// - Returns: whether both thresholds were set.
    @discardableResult
    public static func keepLargeBuffersForReuse() -> Bool {
        #if canImport(Glibc)
        typealias MalloptFunction = @convention(c) (Int32, Int32) -> Int32
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "mallopt") else { return false }
        let mallopt = unsafeBitCast(symbol, to: MalloptFunction.self)
        // mallopt returns 1 on success, 0 on error.
        return mallopt(mmapThresholdOption, mmapThresholdBytes) == 1 && mallopt(trimThresholdOption, trimThresholdBytes) == 1
        #else
        return false
        #endif
    }
}
