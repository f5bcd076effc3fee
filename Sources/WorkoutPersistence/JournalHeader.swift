import SessionSupport
import WorkoutCore
public import Foundation
import WorkoutSamples

/// What a journal's header says about its session.
public struct JournalHeader: Sendable, Hashable {
    /// The header's size in bytes in the format version this code writes (2).
    public static let encodedLength = 160
    /// The header's size in version 1 journals, which this code still reads.
    public static let version1Length = 76

    /// The session's id; the journal and snapshot files are named after it.
    public var sessionID: UUID
    /// The options the session's builder was created with: activity, filter, thresholds, auto-pause and
    /// the athlete profile. `rules` is not stored: a recovered builder uses the activity's default rules.
    /// (Version 1 journals stored neither auto-pause nor the profile.)
    public var options: WorkoutOptions
    /// When the session started (seconds since 1970); NaN when the journal opened before a timed sample.
    public var startTime: Double
    /// The header's size in its file: ``encodedLength``, or ``version1Length`` for a version 1 journal.
    public var encodedLength: Int

    /// A current-version header for a session `sessionID` built with `options`, started at `startTime`
    /// (seconds since 1970).
    public init(sessionID: UUID, options: WorkoutOptions, startTime: Double) {
        self.init(sessionID: sessionID, options: options, startTime: startTime, encodedLength: Self.encodedLength)
    }

    init(sessionID: UUID, options: WorkoutOptions, startTime: Double, encodedLength: Int) {
        self.sessionID = sessionID
        self.options = options
        self.startTime = startTime
        self.encodedLength = encodedLength
    }

    /// The header's bytes (format version 2; the layout is on ``JournalFormat``).
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
        let policy: AutoPausePolicy?
        switch options.autoPause {
        case .off: bytes.append(0); policy = nil
        case .automatic: bytes.append(1); policy = nil
        case .on: bytes.append(2); policy = nil
        case .custom(let custom): bytes.append(3); policy = custom
        }
        bytes.appendLittleEndian(startTime.bitPattern)
        bytes.appendLittleEndian(options.maximumHorizontalAccuracyMeters.bitPattern)
        bytes.appendLittleEndian(options.elevationHysteresisMeters.bitPattern)
        bytes.appendLittleEndian(options.sensorHoldLimitSeconds.bitPattern)
        bytes.appendLittleEndian(options.simplificationToleranceMeters.bitPattern)
        for value in [policy?.pauseBelowMetersPerSecond, policy?.pauseAfterSeconds, policy?.resumeAboveMetersPerSecond, policy?.resumeAfterSeconds] {
            bytes.appendLittleEndian((value ?? 0).bitPattern)
        }
        let profile = options.profile
        bytes.append(profile.sex.map { $0 == .male ? 1 : 2 } ?? 0)
        bytes.append(contentsOf: [0, 0, 0])
        for value in [profile.massKilograms, profile.ageYears, profile.restingHeartRate, profile.maxHeartRate, nil, nil] {
            bytes.appendLittleEndian((value ?? .nan).bitPattern)
        }
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
        guard version == 1 || version == JournalFormat.version else { throw .unknownFormatVersion(version) }
        let length = Int(reader.u16())
        let expected = version == 1 ? version1Length : encodedLength
        guard length == expected else { throw .unreadable("header length \(length), expected \(expected)") }
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
        let autoPauseCode = reader.u8()
        guard explicit <= 1, filter <= 1, autoPauseCode <= (version == 1 ? 0 : 3) else { throw .unreadable("bad option flags") }
        let startTime = reader.f64()
        var options = WorkoutOptions(
            activity: activity,
            activityIsExplicit: explicit == 1,
            filterMode: filter == 1 ? .none : .default,
            maximumHorizontalAccuracyMeters: reader.f64(),
            elevationHysteresisMeters: reader.f64(),
            sensorHoldLimitSeconds: reader.f64(),
            simplificationToleranceMeters: reader.f64())
        if version >= 2 {
            let policy = AutoPausePolicy(
                pauseBelowMetersPerSecond: reader.f64(), pauseAfterSeconds: reader.f64(),
                resumeAboveMetersPerSecond: reader.f64(), resumeAfterSeconds: reader.f64())
            options.autoPause = switch autoPauseCode {
            case 1: .automatic
            case 2: .on
            case 3: .custom(policy)
            default: .off
            }
            let sex = reader.u8()
            _ = (reader.u8(), reader.u8(), reader.u8())
            guard sex <= 2 else { throw .unreadable("bad profile sex code \(sex)") }
            func value() -> Double? {
                let value = reader.f64()
                return value.isNaN ? nil : value
            }
            options.profile = AthleteProfile(
                massKilograms: value(), ageYears: value(), sex: sex == 0 ? nil : (sex == 1 ? .male : .female),
                restingHeartRate: value(), maxHeartRate: value())
        }
        return JournalHeader(sessionID: UUID(uuid: uuid), options: options, startTime: startTime, encodedLength: length)
    }
}
