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
        if !startIfPossible(body) { body() }
    }

    /// Starts `body` on a new detached thread; `false` (and `body` not run) when no thread can be created.
    static func startIfPossible(_ body: @escaping @Sendable () -> Void) -> Bool {
        let work = Unmanaged.passRetained(Work(body)).toOpaque()
        var thread = pthread_t()
        let status = pthread_create(&thread, nil, { argument in
            guard let argument else { return nil }
            let work = Unmanaged<Work>.fromOpaque(argument).takeRetainedValue()
            work.body()
            return nil
        }, work)
        guard status == 0 else {
            Unmanaged<Work>.fromOpaque(work).release()
            return false
        }
        pthread_detach(thread)
        return true
    }

    /// Runs `body` on a dedicated thread and suspends the caller (without blocking it) until it returns.
    static func run<T: Sendable>(_ body: @escaping @Sendable () -> T) async -> T {
        await withCheckedContinuation { continuation in
            start { continuation.resume(returning: body()) }
        }
    }
}
