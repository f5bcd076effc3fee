import Foundation
import Logging
import NIOCore
import PostgresNIO

/// Bounds an operation without waiting for it to give up: the caller gets the operation's result, or the
/// first of a timeout and an abort (a watched connection closed), whichever comes first.
///
/// This matters with postgres-nio 1.33: a query sent on a connection whose channel has just closed is written
/// with no promise (`PostgresConnection.query`), so its result never comes and the call never returns, and it
/// ignores cancellation. A task group cannot bound that (it waits for its children); this returns at once and
/// leaves the stuck task behind (a few hundred bytes, only after a connection was lost).
enum OperationRace {
    /// `body`'s result, or `timeout`'s error after `seconds`, or the error `body` passes to its `abort`.
    /// Cancelling the caller fails it with `CancellationError` at once.
    static func run<Result: Sendable>(
        seconds: Double, timeout: StoreError,
        _ body: @escaping @Sendable (_ abort: @escaping @Sendable (StoreError) -> Void) async throws -> Result
    ) async throws -> Result {
        let race = Race<Result>()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Result, any Error>) in
                race.start(continuation)
                let worker = Task {
                    do {
                        race.finish(.success(try await body { race.finish(.failure($0)) }))
                    } catch {
                        race.finish(.failure(error))
                    }
                }
                let timer = Task {
                    try? await Task.sleep(for: .seconds(seconds))
                    race.finish(.failure(timeout))
                }
                race.whenFinished {
                    worker.cancel()
                    timer.cancel()
                }
            }
        } onCancel: {
            race.finish(.failure(CancellationError()))
        }
    }

    /// The one continuation of a race, resumed by whoever finishes first.
    private final class Race<Result: Sendable>: @unchecked Sendable {
        private let lock = NSLock()
        private var continuation: CheckedContinuation<Result, any Error>?
        private var early: Swift.Result<Result, any Error>?
        private var finished = false
        private var cleanup: (@Sendable () -> Void)?

        func start(_ continuation: CheckedContinuation<Result, any Error>) {
            let result: Swift.Result<Result, any Error>? = lock.withLock {
                if let early { return early }
                self.continuation = continuation
                return nil
            }
            if let result { continuation.resume(with: result) }
        }

        func whenFinished(_ action: @escaping @Sendable () -> Void) {
            let now = lock.withLock {
                if finished { return true }
                cleanup = action
                return false
            }
            if now { action() }
        }

        func finish(_ result: Swift.Result<Result, any Error>) {
            let (continuation, cleanup): (CheckedContinuation<Result, any Error>?, (@Sendable () -> Void)?) = lock.withLock {
                guard !finished else { return (nil, nil) }
                finished = true
                if self.continuation == nil { early = result }
                defer { self.continuation = nil; self.cleanup = nil }
                return (self.continuation, self.cleanup)
            }
            continuation?.resume(with: result)
            cleanup?()
        }
    }
}

/// Calls back when a connection closes, for as long as an operation runs on it. One `closeFuture` callback
/// per connection, however many operations it runs (a callback per operation would pile up on a pooled
/// connection that lives for hours).
final class ConnectionCloseWatch: @unchecked Sendable {
    private let lock = NSLock()
    private var actions: [ObjectIdentifier: [Int: @Sendable () -> Void]] = [:]
    private var nextToken = 0

    /// Calls `action` when `connection` closes (at once when it has), unless ``stop(_:)`` comes first.
    /// - Returns: the token to pass to ``stop(_:)``.
    func onClose(of connection: PostgresConnection, _ action: @escaping @Sendable () -> Void) -> (ObjectIdentifier, Int) {
        let key = ObjectIdentifier(connection)
        let (token, isNew) = lock.withLock {
            nextToken += 1
            let isNew = actions[key] == nil
            actions[key, default: [:]][nextToken] = action
            return (nextToken, isNew)
        }
        if isNew {
            connection.closeFuture.whenComplete { [weak self] _ in self?.closed(key) }
        }
        return (key, token)
    }

    /// Forgets the action registered under `token`.
    func stop(_ token: (ObjectIdentifier, Int)) {
        lock.withLock { _ = actions[token.0]?.removeValue(forKey: token.1) }
    }

    private func closed(_ key: ObjectIdentifier) {
        let pending = lock.withLock { actions.removeValue(forKey: key) ?? [:] }
        for action in pending.values { action() }
    }
}
