import Foundation
import Logging
import WorkoutEngine

/// What a store does for ``LiveSessions``: the rows of live sessions, their journals and their leases, and
/// each node's liveness lock. ``SQLiteWorkoutStore`` and ``PostgresWorkoutStore`` implement it with the same
/// rules (README, "Store": live sessions); ``LiveSessions`` is the API, this is its seam.
protocol LiveSessionBackend: Sendable {
    /// Takes `node`'s liveness lock, held until ``LiveNodeLock/release()`` or the process's death (the
    /// database or the kernel then drops it at once). Throws `StoreError.nodeInUse` when another process
    /// holds it.
    func lockLiveNode(_ node: String, logger: Logger) async throws -> any LiveNodeLock

    /// Adds a new session, its lease held by `node` (epoch 1), with an empty journal and the application's
    /// `metadata`.
    func insertLiveSession(id: UUID, athlete: String, node: String, now: Double, metadata: String?) async throws

    /// Appends each commit's bytes to its session's journal and updates its row, all in one transaction,
    /// for those whose lease `node` still holds at the commit's epoch and whose journal is exactly as long
    /// as the commit's offset says. Returns the sessions whose commit landed; the others lost their lease.
    func commitLiveJournal(_ commits: [LiveJournalCommit], node: String) async throws -> Set<UUID>

    /// Gives `node` the session's lease by the lease rules: free (released), already `node`'s (a previous
    /// process of this node, which is dead since this one holds the node's lock), or held by a node whose
    /// liveness lock nobody holds (it died). The epoch goes up by one. Throws `StoreError.leaseHeld` when the
    /// owner is alive, `StoreError.noSuchLiveSession` when there is no such session.
    func takeLiveSession(_ id: UUID, node: String) async throws -> LiveSessionInfo

    /// The session's journal: its chunks in order, up to the first gap.
    func liveJournal(_ id: UUID) async throws -> [UInt8]

    /// Cuts the session's journal back to `length` bytes (recovery found a damaged tail), if `node` holds
    /// its lease at `epoch`.
    func truncateLiveJournal(_ id: UUID, node: String, epoch: Int64, toLength length: Int) async throws

    /// Gives up `node`'s lease at `epoch`: the session stays, and any node may acquire it. Returns whether
    /// the lease was still `node`'s.
    @discardableResult
    func releaseLiveSession(_ id: UUID, node: String, epoch: Int64) async throws -> Bool

    /// Removes the session and its journal. With a `node`, only while it holds the lease at `epoch`.
    func removeLiveSession(_ id: UUID, node: String?, epoch: Int64) async throws

    /// In one transaction: saves `workout` (the session's journal replayed) like an import, and removes the
    /// live session, if `node` still holds its lease at `epoch` and its journal is `journalBytes` long.
    func finishLiveSession(_ id: UUID, node: String, epoch: Int64, journalBytes: Int, workout: ImportedWorkout) async throws -> SaveOutcome

    /// Every live session in the store, by creation time.
    func liveSessionInfos() async throws -> [LiveSessionInfo]

    /// Whether some process holds `node`'s liveness lock.
    func isLiveNodeAlive(_ node: String) async throws -> Bool
}

/// A node's liveness lock: held while the node runs; another node that can take it knows the node died.
protocol LiveNodeLock: Sendable {
    /// Gives the lock up (a graceful shutdown).
    func release() async
}

/// Live node ids, and the number PostgreSQL's advisory lock of a node is keyed by.
enum LiveNodeID {
    /// Checks that `node` is 1 to 64 letters, digits, `.`, `_` or `-` (it names a lock file).
    static func validate(_ node: String) throws {
        let allowed = node.utf8.allSatisfy { byte in
            (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
                || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-")
        }
        guard !node.isEmpty, node.utf8.count <= 64, allowed, node != ".", node != ".." else { throw StoreError.badNodeID(node) }
    }

    /// The advisory-lock key of `node`: FNV-1a (64 bits) of `"WorkoutEngine live node " + node`. Different
    /// ids colliding would only make two nodes look like one for liveness (at odds of about 2⁻⁶⁴ a pair).
    static func advisoryLockKey(_ node: String) -> Int64 {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in ("WorkoutEngine live node " + node).utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01B3
        }
        return Int64(bitPattern: hash)
    }
}
