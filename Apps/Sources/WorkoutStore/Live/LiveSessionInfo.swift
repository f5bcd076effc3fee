public import Foundation

/// A live session as the store keeps it: its lease and how much of its journal is durable.
public struct LiveSessionInfo: Sendable, Hashable {
    /// The session's id (its journal header's).
    public var id: UUID
    /// Who records it.
    public var athlete: String
    /// The node holding its lease; `nil` once released (a graceful shutdown): any node may acquire it.
    public var ownerNode: String?
    /// Raised by one at each acquisition: a commit names the epoch it holds, so a node that lost the lease
    /// can never append to the journal again (a fencing token).
    public var leaseEpoch: Int64
    /// Durable length of the journal in bytes (the header included).
    public var journalBytes: Int
    /// Durable records, and sample records among them.
    public var recordCount: Int
    /// Durable sample records.
    public var sampleCount: Int
    /// The session's state as of its last commit (`notStarted`, `running`, `paused`, `ended`).
    public var state: String
    /// When the session was created, wall-clock seconds since 1970.
    public var createdAt: Double
    /// When it last committed (what expiry is measured from), wall-clock seconds since 1970.
    public var lastActiveAt: Double
    /// What the application keeps with the session, given when it was opened (``LiveSessions/openJournal(athlete:options:sessionID:metadata:)``;
    /// workout-server: the session's descriptor as JSON); `nil` when none was given.
    public var metadata: String?

    /// A session row with these values.
    public init(
        id: UUID, athlete: String, ownerNode: String?, leaseEpoch: Int64, journalBytes: Int, recordCount: Int, sampleCount: Int,
        state: String, createdAt: Double, lastActiveAt: Double, metadata: String? = nil
    ) {
        self.id = id
        self.athlete = athlete
        self.ownerNode = ownerNode
        self.leaseEpoch = leaseEpoch
        self.journalBytes = journalBytes
        self.recordCount = recordCount
        self.sampleCount = sampleCount
        self.state = state
        self.createdAt = createdAt
        self.lastActiveAt = lastActiveAt
        self.metadata = metadata
    }
}
