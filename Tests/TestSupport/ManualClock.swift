import Foundation

/// A clock that moves only when a test tells it to. Sleepers wake, in deadline order, as ``advance(to:)``
/// passes their deadlines; a cancelled sleep throws `CancellationError` at once.
public final class ManualClock: Clock, @unchecked Sendable {
    public struct Instant: InstantProtocol, Sendable {
        public var offset: Duration
        public init(offset: Duration) { self.offset = offset }
        public func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }
        public func duration(to other: Instant) -> Duration { other.offset - offset }
        public static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.offset < rhs.offset }
    }

    private struct Sleeper {
        var id: Int
        var deadline: Instant
        var continuation: CheckedContinuation<Void, any Error>
    }

    private let lock = NSLock()
    private var current = Instant(offset: .zero)
    private var sleepers: [Sleeper] = []
    private var nextID = 0

    public init() {}

    public var now: Instant { lock.withLock { current } }
    public var minimumResolution: Duration { .zero }

    /// The earliest deadline of a pending sleep.
    public var nextDeadline: Instant? { lock.withLock { sleepers.map(\.deadline).min() } }
    /// How many sleeps are pending.
    public var sleeperCount: Int { lock.withLock { sleepers.count } }

    public func sleep(until deadline: Instant, tolerance: Duration?) async throws {
        let id: Int = lock.withLock {
            nextID += 1
            return nextID
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let resumeNow: Bool = lock.withLock {
                    if deadline <= current { return true }
                    sleepers.append(Sleeper(id: id, deadline: deadline, continuation: continuation))
                    return false
                }
                if resumeNow { continuation.resume() }
            }
        } onCancel: {
            let cancelled: Sleeper? = lock.withLock {
                guard let index = sleepers.firstIndex(where: { $0.id == id }) else { return nil }
                return sleepers.remove(at: index)
            }
            cancelled?.continuation.resume(throwing: CancellationError())
        }
    }

    /// Moves the clock to `instant` (never backwards) and wakes every sleeper due by then. Returns how many
    /// woke.
    @discardableResult
    public func advance(to instant: Instant) -> Int {
        let due: [Sleeper] = lock.withLock {
            if instant > current { current = instant }
            let ready = sleepers.filter { $0.deadline <= current }.sorted { $0.deadline < $1.deadline }
            sleepers.removeAll { $0.deadline <= current }
            return ready
        }
        for sleeper in due { sleeper.continuation.resume() }
        return due.count
    }

    @discardableResult
    public func advance(by duration: Duration) -> Int {
        advance(to: now.advanced(by: duration))
    }
}

/// A lock usable from test code without importing Foundation there.
public final class NSLockShim: @unchecked Sendable {
    private let lock = NSLock()
    public init() {}
    public func locked<T>(_ body: () throws -> T) rethrows -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body()
    }
}
