import WorkoutSamples
import WorkoutCore
/// What a scan of a journal found: the header, how far the valid records go, and what was cut.
public struct JournalScan: Sendable, Hashable {
    /// The journal's header.
    public var header: JournalHeader
    /// Records that passed their checksum and decoded, in file order.
    public var recordCount: Int
    /// Among them, sample records.
    public var sampleCount: Int
    /// Bytes from the start of the file to the end of the last valid record.
    public var validLength: Int
    /// Bytes after the last valid record (a torn or corrupt tail, or appended garbage), not loaded.
    public var droppedTailBytes: Int
    /// Why the valid part ends early; `nil` when the whole file is valid.
    public var damage: JournalTailDamage?
    /// The latest time among the valid records, if any has a time.
    public var lastRecordTime: Double?
    /// Whether a valid `end` record was read.
    public var sawEnd: Bool

    /// A scan that has read `header` and nothing else yet.
    public init(header: JournalHeader) {
        self.header = header
        self.recordCount = 0
        self.sampleCount = 0
        self.validLength = header.encodedLength
        self.droppedTailBytes = 0
        self.damage = nil
        self.lastRecordTime = nil
        self.sawEnd = false
    }
}
