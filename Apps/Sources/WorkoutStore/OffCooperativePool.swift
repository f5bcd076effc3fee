import Foundation

/// Runs CPU-bound work (a file through the engine, a journal replayed) on a Dispatch global queue, so that
/// it does not hold one of the few threads of Swift's cooperative pool that every task shares.
enum OffCooperativePool {
    /// The result of `work`, run on a global queue; what it throws is rethrown.
    static func run<Result: Sendable>(_ work: @escaping @Sendable () throws -> Result) async throws -> Result {
        let result: Swift.Result<Result, any Error> = await withCheckedContinuation { continuation in
            DispatchQueue.global().async {
                continuation.resume(returning: Swift.Result { try work() })
            }
        }
        return try result.get()
    }
}
