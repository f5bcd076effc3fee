import Foundation
import Logging
import WorkoutEngine

/// One node's group commit: the sessions' recorders hand it the batches their policy says are due, and it
/// writes every batch waiting in one transaction (``LiveSessionBackend/commitLiveJournal(_:node:)``), then
/// tells each recorder how its batch went. While a transaction runs, new batches wait for the next one, so
/// a thousand sessions syncing once a second cost a few transactions a second, not a thousand, and one
/// connection at a time.
final class LiveJournalWriter: @unchecked Sendable {
    /// Batches written in one transaction at most.
    static let maximumCommitsPerTransaction = 1_000

    private let backend: any LiveSessionBackend
    private let node: String
    private let lock = NSLock()
    private var queue: [(commit: LiveJournalCommit, recorder: StoreSessionRecorder)] = []
    private var stopped = false
    private let wakeups: AsyncStream<Void>
    private let wake: AsyncStream<Void>.Continuation

    init(backend: any LiveSessionBackend, node: String) {
        self.backend = backend
        self.node = node
        (wakeups, wake) = AsyncStream<Void>.makeStream(bufferingPolicy: .bufferingNewest(1))
    }

    /// Queues `commit`; `recorder` hears how it went (``StoreSessionRecorder/committed(_:)``), on the
    /// writer's task. After ``stop()``, it hears at once that the node shut down.
    func submit(_ commit: LiveJournalCommit, from recorder: StoreSessionRecorder) {
        let accepted = lock.withLock {
            guard !stopped else { return false }
            queue.append((commit, recorder))
            return true
        }
        if accepted {
            wake.yield()
        } else {
            recorder.committed(.failure(.nodeShutDown(node: node)))
        }
    }

    /// Writes what is queued, transaction after transaction, until ``stop()``; then what is still queued.
    func run() async {
        for await _ in wakeups {
            await drain()
        }
        await drain()
    }

    /// Ends ``run()`` once the queue is written; later submissions fail.
    func stop() {
        lock.withLock { stopped = true }
        wake.finish()
    }

    private func drain() async {
        while true {
            let group = lock.withLock {
                let taken = Array(queue.prefix(Self.maximumCommitsPerTransaction))
                queue.removeFirst(taken.count)
                return taken
            }
            if group.isEmpty { return }
            let result: Result<Set<UUID>, StoreError>
            do {
                result = .success(try await backend.commitLiveJournal(group.map(\.commit), node: node))
            } catch let error as StoreError {
                result = .failure(error)
            } catch {
                result = .failure(.database(operation: "commit live journals", message: "\(error)"))
            }
            for (commit, recorder) in group {
                switch result {
                case .success(let landed):
                    recorder.committed(landed.contains(commit.sessionID) ? .success(()) : .failure(.leaseLost(session: commit.sessionID)))
                case .failure(let error):
                    recorder.committed(.failure(error))
                }
            }
        }
    }
}
