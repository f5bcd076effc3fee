#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Work that runs on a thread of its own while the caller does something else, until the caller takes
/// its value with ``join()``: fork and join for a summary's independent parts on two cores.
///
/// A plain POSIX thread, not a task: a caller on Swift's cooperative pool (a server's request, an async
/// `main`) that waits in ``join()`` waits for a thread that exists, never for a free thread of the pool.
/// When no thread can be created the work runs in ``join()``, on the caller's thread.
///
/// Not `Sendable`: one owner starts it and joins it.
package final class ForkedWork<Value: Sendable> {
    /// The body and its result; the thread writes `value` before it ends and `join()` reads it after
    /// `pthread_join`, which orders the two.
    private final class Job: Runnable, @unchecked Sendable {
        let body: @Sendable () -> Value
        var value: Value?
        init(_ body: @escaping @Sendable () -> Value) { self.body = body }
        override func run() { value = body() }
    }

    private let job: Job
    private var thread: pthread_t?
    private var joined = false

    /// Starts `body` on a new thread.
    package init(_ body: @escaping @Sendable () -> Value) {
        job = Job(body)
        var thread = pthread_t()
        let work = Unmanaged.passRetained(job as Runnable).toOpaque()
        let status = pthread_create(&thread, nil, { argument in
            guard let argument else { return nil }
            Unmanaged<Runnable>.fromOpaque(argument).takeRetainedValue().run()
            return nil
        }, work)
        if status == 0 {
            self.thread = thread
        } else {
            Unmanaged<Runnable>.fromOpaque(work).release()
        }
    }

    deinit {
        // A work that was never joined still ends before its thread's resources go.
        if !joined, let thread { pthread_join(thread, nil) }
    }

    /// Waits for the work to end and returns its value (the first call; later calls return it again).
    package func join() -> Value {
        if !joined, let thread { pthread_join(thread, nil) }
        joined = true
        if let value = job.value { return value }
        let value = job.body()
        job.value = value
        return value
    }
}

/// What the thread's entry point calls: a class without generic parameters, which a C function pointer
/// can name.
private class Runnable {
    func run() {}
}
