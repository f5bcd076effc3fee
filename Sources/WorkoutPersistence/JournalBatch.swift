import Foundation

/// Journal bytes to make durable: a slice of the journal from ``offset``, with what it holds.
public struct JournalBatch: Sendable, Hashable {
    /// Where the bytes go in the journal (the durable length when the batch was taken).
    public var offset: Int
    /// The bytes: whole framed records, and the header first when ``offset`` is 0.
    public var bytes: [UInt8]
    /// Records in the batch.
    public var recordCount: Int
    /// Sample records among them.
    public var sampleCount: Int
    /// The latest time among the batch's records, if any has one.
    public var latestTime: Double?

    /// A batch of `bytes` at `offset` holding `recordCount` records, `sampleCount` of them samples.
    public init(offset: Int, bytes: [UInt8], recordCount: Int, sampleCount: Int, latestTime: Double?) {
        self.offset = offset
        self.bytes = bytes
        self.recordCount = recordCount
        self.sampleCount = sampleCount
        self.latestTime = latestTime
    }
}
