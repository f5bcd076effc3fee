#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A bounded first-in first-out channel between Swift concurrency and one dedicated thread: the async side
/// suspends (never blocks a cooperative thread) and the thread side blocks on a condition variable. It
/// carries byte chunks from an HTTP body to a reader's thread, and samples from a reader's thread to an
/// `AsyncSequence` consumer, with backpressure in both directions: a sender waits while the channel holds
/// ``capacity`` elements.
///
/// One sender and one receiver at a time. After ``finish(throwing:)`` the receiver drains what is left,
/// then gets `nil` (or the error); after ``cancel()`` both sides stop at once (a receiver gets `nil`, a
/// sender `false`).
final class ThreadBridgeChannel<Element: Sendable>: @unchecked Sendable {
    /// The most elements held at once.
    let capacity: Int

    // Everything below is guarded by `mutex`.
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private let condition: UnsafeMutablePointer<pthread_cond_t>
    private var buffer: [Element] = []
    private var head = 0
    private var isFinished = false
    private var isCancelled = false
    private var failure: (any Error)?
    /// An async sender waiting for room, or an async receiver waiting for an element.
    private var waitingSender: CheckedContinuation<Void, Never>?
    private var waitingReceiver: CheckedContinuation<Void, Never>?

    init(capacity: Int) {
        self.capacity = max(1, capacity)
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
        condition = .allocate(capacity: 1)
        condition.initialize(to: pthread_cond_t())
        pthread_cond_init(condition, nil)
    }

    deinit {
        pthread_cond_destroy(condition)
        condition.deallocate()
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    private var count: Int { buffer.count - head }

    private func locked<T>(_ body: () -> T) -> T {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return body()
    }

    /// Wakes whoever waits on the other side (called with the mutex held).
    private func signalLocked() {
        pthread_cond_broadcast(condition)
        if let sender = waitingSender {
            waitingSender = nil
            sender.resume()
        }
        if let receiver = waitingReceiver {
            waitingReceiver = nil
            receiver.resume()
        }
    }

    private func appendLocked(_ element: Element) {
        if head > 0, head >= buffer.count / 2 {
            buffer.removeFirst(head)
            head = 0
        }
        buffer.append(element)
        signalLocked()
    }

    private func takeLocked() -> Element {
        let element = buffer[head]
        head += 1
        if head == buffer.count {
            buffer.removeAll(keepingCapacity: true)
            head = 0
        }
        signalLocked()
        return element
    }

    // MARK: Thread side

    /// Sends from a dedicated thread, blocking while the channel is full.
    /// - Returns: `false` when the channel was cancelled (the element is dropped).
    func sendBlocking(_ element: Element) -> Bool {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        while count >= capacity, !isCancelled { pthread_cond_wait(condition, mutex) }
        guard !isCancelled else { return false }
        appendLocked(element)
        return true
    }

    /// Receives on a dedicated thread, blocking while the channel is empty.
    /// - Returns: the next element, or `nil` once the channel is finished and drained, or cancelled.
    /// - Throws: the error the sender finished with, once drained.
    func receiveBlocking() throws -> Element? {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        while count == 0, !isFinished, !isCancelled { pthread_cond_wait(condition, mutex) }
        if isCancelled { return nil }
        if count > 0 { return takeLocked() }
        if let failure { throw failure }
        return nil
    }

    // MARK: Async side

    /// Sends from a task, suspending while the channel is full.
    /// - Returns: `false` when the channel was cancelled (the receiver stopped): stop sending.
    func send(_ element: Element) async -> Bool {
        while true {
            let outcome: Bool? = locked {
                if isCancelled { return false }
                if count < capacity {
                    appendLocked(element)
                    return true
                }
                return nil
            }
            if let outcome { return outcome }
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let resumeNow = locked {
                    if isCancelled || count < capacity { return true }
                    waitingSender = continuation
                    return false
                }
                if resumeNow { continuation.resume() }
            }
        }
    }

    /// Receives in a task, suspending while the channel is empty. Cancelling the task cancels the channel.
    /// - Returns: the next element, or `nil` once the channel is finished and drained, or cancelled.
    /// - Throws: the error the sender finished with, once drained.
    func receive() async throws -> Element? {
        while true {
            let outcome: Result<Element?, any Error>? = locked {
                if isCancelled { return .success(nil) }
                if count > 0 { return .success(takeLocked()) }
                if isFinished { return failure.map { .failure($0) } ?? .success(nil) }
                return nil
            }
            if let outcome { return try outcome.get() }
            await withTaskCancellationHandler {
                await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                    let resumeNow = locked {
                        if isCancelled || isFinished || count > 0 { return true }
                        waitingReceiver = continuation
                        return false
                    }
                    if resumeNow { continuation.resume() }
                }
            } onCancel: {
                cancel()
            }
        }
    }

    // MARK: Both sides

    /// No more elements will be sent; the receiver gets `error` (if any) after the last one.
    func finish(throwing error: (any Error)? = nil) {
        locked {
            guard !isFinished else { return }
            isFinished = true
            failure = error
            signalLocked()
        }
    }

    /// Stops both sides at once: pending elements are dropped, waiting calls return.
    func cancel() {
        locked {
            isCancelled = true
            buffer.removeAll()
            head = 0
            signalLocked()
        }
    }
}
