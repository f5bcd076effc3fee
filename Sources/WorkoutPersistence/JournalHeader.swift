import SessionSupport
import WorkoutCore
public import Foundation
public import WorkoutSamples

/// What a journal's header says about its session.
public struct JournalHeader: Sendable, Hashable {
    /// The header's size in bytes (format version 1).
    public static let encodedLength = 76

    public var sessionID: UUID
    /// The options the session's builder was created with. `rules` is not stored: a recovered builder
    /// uses the activity's default rules.
    public var options: WorkoutOptions
    /// When the session started (seconds since 1970).
    public var startTime: Double

    public init(sessionID: UUID, options: WorkoutOptions, startTime: Double) {
        self.sessionID = sessionID
        self.options = options
        self.startTime = startTime
    }

    /// The header's bytes.
    public func encoded() -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(Self.encodedLength)
        bytes.append(contentsOf: JournalFormat.magic)
        bytes.appendLittleEndian(JournalFormat.version)
        bytes.appendLittleEndian(UInt16(Self.encodedLength))
        withUnsafeBytes(of: sessionID.uuid) { bytes.append(contentsOf: $0) }
        bytes.append(options.activity.journalCode)
        bytes.append(options.activityIsExplicit ? 1 : 0)
        bytes.append(options.filterMode == .none ? 1 : 0)
        bytes.append(0)
        bytes.appendLittleEndian(startTime.bitPattern)
        bytes.appendLittleEndian(options.maximumHorizontalAccuracyMeters.bitPattern)
        bytes.appendLittleEndian(options.elevationHysteresisMeters.bitPattern)
        bytes.appendLittleEndian(options.sensorHoldLimitSeconds.bitPattern)
        bytes.appendLittleEndian(options.simplificationToleranceMeters.bitPattern)
        bytes.appendLittleEndian(CRC32C.checksum(bytes))
        return bytes
    }

    /// Why a header could not be read.
    public enum DecodingError: Error, Sendable, Hashable, CustomStringConvertible {
        /// Not a journal, cut short, or damaged (the reason in words).
        case unreadable(String)
        /// A journal of a format version this code does not read.
        case unknownFormatVersion(UInt16)

        public var description: String {
            switch self {
            case .unreadable(let why): "unreadable header: \(why)"
            case .unknownFormatVersion(let version): "unknown format version \(version)"
            }
        }
    }

    /// Decodes the header at the start of `bytes`.
    /// - Throws: ``DecodingError``.
    public static func decode(_ bytes: UnsafeRawBufferPointer) throws(DecodingError) -> JournalHeader {
        guard bytes.count >= 12 else { throw .unreadable("file is \(bytes.count) bytes, shorter than a header") }
        for (index, byte) in JournalFormat.magic.enumerated() where bytes[index] != byte {
            throw .unreadable("not a WorkoutEngine journal (bad magic)")
        }
        var reader = ByteReader(bytes, offset: 8)
        let version = reader.u16()
        guard version == JournalFormat.version else { throw .unknownFormatVersion(version) }
        let length = Int(reader.u16())
        guard length == encodedLength else { throw .unreadable("header length \(length), expected \(encodedLength)") }
        guard bytes.count >= length else { throw .unreadable("header cut short (\(bytes.count) of \(length) bytes)") }
        let stored = ByteReader(bytes, offset: length - 4).peekU32()
        guard CRC32C.checksum(UnsafeRawBufferPointer(rebasing: bytes[..<(length - 4)])) == stored else {
            throw .unreadable("header checksum mismatch")
        }
        var uuid: uuid_t = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        withUnsafeMutableBytes(of: &uuid) { target in
            target.copyMemory(from: UnsafeRawBufferPointer(rebasing: bytes[12..<28]))
        }
        reader = ByteReader(bytes, offset: 28)
        guard let activity = ActivityType(journalCode: reader.u8()) else { throw .unreadable("unknown activity code") }
        let explicit = reader.u8()
        let filter = reader.u8()
        _ = reader.u8()
        guard explicit <= 1, filter <= 1 else { throw .unreadable("bad option flags") }
        let startTime = reader.f64()
        let options = WorkoutOptions(
            activity: activity,
            activityIsExplicit: explicit == 1,
            filterMode: filter == 1 ? .none : .default,
            maximumHorizontalAccuracyMeters: reader.f64(),
            elevationHysteresisMeters: reader.f64(),
            sensorHoldLimitSeconds: reader.f64(),
            simplificationToleranceMeters: reader.f64())
        return JournalHeader(sessionID: UUID(uuid: uuid), options: options, startTime: startTime)
    }
}
