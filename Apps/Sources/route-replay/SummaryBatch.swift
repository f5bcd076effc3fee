import Foundation
import WorkoutEngine
#if canImport(Glibc)
import Glibc
#endif

/// Summarises many track files on several threads and hands each file's outcome to one reporting
/// callback, in the order the files were given, as soon as it and every file before it are done.
///
/// Each worker thread takes the next file, reads and summarises it, and renders what the command prints
/// for it (the JSON text is built on the worker, so the threads share the whole cost); reporting is
/// serialised under the batch's lock. A worker that gets more than ``window`` files ahead of the oldest
/// unreported one waits, so memory stays bounded by the window, not by the number of files. A file that
/// fails is an outcome like any other: the rest go on.
final class SummaryBatch: @unchecked Sendable {
    /// What one file produced.
    struct Outcome: Sendable {
        /// The path as given or found.
        var path: String
        /// What the command prints for the file (one NDJSON line, or the text summary).
        var output: String
        /// `path:line:column: what` (or `path: what`) when the file could not be summarised.
        var failure: String?
        /// Warnings for optional fields that did not parse (printed on standard error).
        var warnings: [String] = []
        /// Accepted fixes (0 when it failed).
        var pointCount = 0
    }

    /// Files in flight or waiting to be reported, at most, per worker.
    static let windowPerWorker = 32

    private let paths: [String]
    private let window: Int
    private let summarise: @Sendable (String) -> Outcome

    // Guarded by `condition`'s lock.
    private let condition = NSCondition()
    private var next = 0
    private var reported = 0
    private var finished: [Int: Outcome] = [:]
    private var report: (Outcome, Int) -> Void = { _, _ in }

    /// A batch over `paths`; `summarise` turns one path into its outcome (called on the worker threads).
    init(paths: [String], jobs: Int, summarise: @escaping @Sendable (String) -> Outcome) {
        self.paths = paths
        self.summarise = summarise
        window = max(1, jobs) * Self.windowPerWorker
    }

    /// Runs the batch on `jobs` threads (the calling thread is one of them) and returns when every file
    /// is reported. `report` gets each outcome with the number of files reported so far (this one
    /// included), in the order of `paths`, one call at a time.
    func run(jobs: Int, report: @escaping (Outcome, Int) -> Void) {
        self.report = report
        let extra = max(0, min(jobs, paths.count) - 1)
        var threads: [pthread_t] = []
        for _ in 0..<extra {
            let context = Unmanaged.passRetained(self).toOpaque()
            var thread = pthread_t()
            let status = pthread_create(&thread, nil, { argument in
                guard let argument else { return nil }
                let batch = Unmanaged<SummaryBatch>.fromOpaque(argument).takeRetainedValue()
                batch.work()
                return nil
            }, context)
            if status == 0 {
                threads.append(thread)
            } else {
                Unmanaged<SummaryBatch>.fromOpaque(context).release()  // fewer threads: the others do more
            }
        }
        work()
        for thread in threads { pthread_join(thread, nil) }
    }

    /// A worker's loop: take a file, summarise it, report what is ready in order.
    private func work() {
        while let index = take() {
            let outcome = summarise(paths[index])
            deliver(outcome, at: index)
        }
    }

    private func take() -> Int? {
        condition.lock()
        defer { condition.unlock() }
        while next < paths.count, next - reported >= window {
            condition.wait()
        }
        guard next < paths.count else { return nil }
        next += 1
        return next - 1
    }

    private func deliver(_ outcome: Outcome, at index: Int) {
        condition.lock()
        defer { condition.unlock() }
        finished[index] = outcome
        var advanced = false
        while let ready = finished.removeValue(forKey: reported) {
            reported += 1
            report(ready, reported)
            advanced = true
        }
        if advanced { condition.broadcast() }
    }
}
