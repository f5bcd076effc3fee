import Foundation

/// Runs `body` on a thread of its own and waits at most `seconds` for it: a guard against hangs and
/// runaway (quadratic) work, never a timing assertion. Tests pass a limit many times what the work needs.
///
/// - Returns: what `body` returned or threw, or `nil` when it had not finished in time (the thread is left
///   running; the process ends with the test run).
public func completing<T: Sendable>(within seconds: Double, _ body: @escaping @Sendable () throws -> T) -> Result<T, any Error>? {
    let box = HangGuardBox<T>()
    let done = DispatchSemaphore(value: 0)
    let thread = Thread {
        box.set(Result { try body() })
        done.signal()
    }
    thread.stackSize = 8 << 20
    thread.start()
    guard done.wait(timeout: .now() + seconds) == .success else { return nil }
    return box.get()
}

private final class HangGuardBox<T: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Result<T, any Error>?

    func set(_ result: Result<T, any Error>) { lock.withLock { value = result } }
    func get() -> Result<T, any Error>? { lock.withLock { value } }
}
