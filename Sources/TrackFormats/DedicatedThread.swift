#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs blocking work (a reader that waits for bytes, or for room to hand samples on) on a thread of its
/// own, so that no thread of Swift's cooperative pool is ever blocked.
enum DedicatedThread {
    private final class Work {
        let body: () -> Void
        init(_ body: @escaping () -> Void) { self.body = body }
    }

    /// Starts `body` on a new detached thread; falls back to running it on the calling thread when no
    /// thread can be created (the work still completes, only without the isolation).
    static func start(_ body: @escaping @Sendable () -> Void) {
        let work = Unmanaged.passRetained(Work(body)).toOpaque()
        var thread = pthread_t()
        let status = pthread_create(&thread, nil, { argument in
            guard let argument else { return nil }
            let work = Unmanaged<Work>.fromOpaque(argument).takeRetainedValue()
            work.body()
            return nil
        }, work)
        if status == 0 {
            pthread_detach(thread)
        } else {
            Unmanaged<Work>.fromOpaque(work).takeRetainedValue().body()
        }
    }

    /// Runs `body` on a dedicated thread and suspends the caller (without blocking it) until it returns.
    static func run<T: Sendable>(_ body: @escaping @Sendable () -> T) async -> T {
        await withCheckedContinuation { continuation in
            start { continuation.resume(returning: body()) }
        }
    }
}
