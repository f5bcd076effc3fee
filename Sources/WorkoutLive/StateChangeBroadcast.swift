import Foundation
public import WorkoutCore

/// A session's state changes handed to any number of observers, each an `AsyncStream` that delivers them
/// in order and finishes when the broadcast does (the session ended, or stopped being served). A class
/// behind one lock, so a session actor holds one and yields from its own methods; an observer that stops
/// iterating is forgotten.
public final class StateChangeBroadcast: @unchecked Sendable {
    private let lock = NSLock()
    private var observers: [Int: AsyncStream<SessionStateChange>.Continuation] = [:]
    private var nextID = 0
    private var finished = false

    /// A broadcast with no observer yet.
    public init() {}

    /// State changes from now on; a stream that is finished at once when the broadcast has finished.
    public func observe() -> AsyncStream<SessionStateChange> {
        let (stream, continuation) = AsyncStream<SessionStateChange>.makeStream(bufferingPolicy: .unbounded)
        let id: Int? = lock.withLock {
            guard !finished else { return nil }
            defer { nextID += 1 }
            observers[nextID] = continuation
            return nextID
        }
        guard let id else {
            continuation.finish()
            return stream
        }
        continuation.onTermination = { [weak self] _ in
            guard let self else { return }
            _ = self.lock.withLock { self.observers.removeValue(forKey: id) }
        }
        return stream
    }

    /// Hands `change` to every observer.
    public func yield(_ change: SessionStateChange) {
        let current = lock.withLock { Array(observers.values) }
        for continuation in current { continuation.yield(change) }
    }

    /// Finishes every observer's stream; later observers get a finished stream.
    public func finish() {
        let current = lock.withLock {
            finished = true
            defer { observers.removeAll() }
            return Array(observers.values)
        }
        for continuation in current { continuation.finish() }
    }
}
