import Foundation
import Synchronization

/// Runs blocking work (a file through the engine, a journal replayed, an `fsync`) on threads that are not
/// Swift's cooperative pool, which every task of a server shares (one thread per core).
///
/// The work goes to serial Dispatch queues: on Linux they run on libdispatch's overcommit threads, which it
/// adds while others are busy or wait for the disk. Not `DispatchQueue.global()` nor a concurrent queue: on
/// Linux those run on the default-QoS root queue, whose threads are the cooperative pool's own, so work put
/// there holds up every task as if it had stayed (with 1 000 live sessions, their `fsync`s there made every
/// request of the node wait, on an idle CPU). Here the kernel shares the cores between the work and the
/// requests.
package enum OffCooperativePool {
    /// The queues that callers keep (``queue()``), taken in turn.
    static let queues = (0..<16).map { DispatchQueue(label: "workout.off-cooperative-pool.\($0)") }
    private static let next = Mutex(0)

    /// The next of the queues: a caller whose pieces of work must stay in order (one session's journal)
    /// keeps one and passes it to ``run(on:_:)``.
    package static func queue() -> DispatchQueue {
        queues[next.withLock { next in
            defer { next = (next + 1) % queues.count }
            return next
        }]
    }

    /// The result of `work`, run on `queue` while the calling task waits without holding a thread; what it
    /// throws is rethrown. Without a queue, the work gets a serial queue of its own: a file through the engine
    /// (tens of milliseconds) never waits behind, nor holds up, the journal writes of the shared queues.
    package static func run<Result: Sendable>(on queue: DispatchQueue? = nil, _ work: @escaping @Sendable () throws -> Result) async throws -> Result {
        let queue = queue ?? DispatchQueue(label: "workout.off-cooperative-pool.work")
        let result: Swift.Result<Result, any Error> = await withCheckedContinuation { continuation in
            queue.async { continuation.resume(returning: Swift.Result { try work() }) }
        }
        return try result.get()
    }
}
