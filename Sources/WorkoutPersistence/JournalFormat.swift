import WorkoutCore
public import Foundation
import WorkoutSamples

/// The byte layout of session journals (`<session id>.wejournal`). Every integer and every `Double`
/// (as its IEEE 754 bit pattern) is little-endian, so decoding gives back exactly what was encoded.
///
/// Header (version 2, 160 bytes; version 1 headers, 76 bytes, are still read: they end with the CRC at
/// offset 72 and hold neither auto-pause nor the profile):
///
/// | offset | size | field |
/// |---:|---:|---|
/// | 0 | 8 | magic `89 57 45 4A 0D 0A 1A 0A` (`\x89WEJ\r\n\x1A\n`) |
/// | 8 | 2 | format version (u16) = 2 |
/// | 10 | 2 | header length in bytes, checksum included (u16) = 160 |
/// | 12 | 16 | session id (the UUID's 16 bytes) |
/// | 28 | 1 | activity code (0 running, 1 walking, 2 hiking, 3 cycling) |
/// | 29 | 1 | activity is explicit (0/1) |
/// | 30 | 1 | filter mode (0 default, 1 none) |
/// | 31 | 1 | auto-pause (0 off, 1 automatic, 2 on, 3 custom) |
/// | 32 | 8 | start time (f64, seconds since 1970; NaN when opened before a timed sample) |
/// | 40 | 8 | maximum horizontal accuracy, m (f64) |
/// | 48 | 8 | elevation hysteresis, m (f64) |
/// | 56 | 8 | sensor hold limit, s (f64) |
/// | 64 | 8 | simplification tolerance, m (f64) |
/// | 72 | 32 | custom auto-pause: pause below m/s, pause after s, resume above m/s, resume after s (4 × f64; 0 otherwise) |
/// | 104 | 1 | profile sex (0 not given, 1 male, 2 female) |
/// | 105 | 3 | reserved, 0 |
/// | 108 | 48 | profile: mass kg, age years, resting and maximum heart rate, then two reserved (6 × f64, NaN = not given) |
/// | 156 | 4 | CRC-32C of bytes 0..<156 (u32) |
///
/// Records follow the header back to back: `[payload length u32][type u8][payload][CRC-32C u32]`, the
/// checksum covering the type byte and the payload. Payloads (f64 = a `Double`'s bit pattern; `?` = only
/// when its flag bit is set):
///
/// | type | record | payload |
/// |---:|---|---|
/// | 0x01 | location | flags u8 (bit 0 time, 1 altitude, 2 horizontal accuracy, 3 vertical accuracy, 4 speed, 5 course, 6 hasFix), latitude f64, longitude f64, time?, altitude?, horizontal accuracy?, vertical accuracy?, speed?, course? |
/// | 0x02 | heart rate | flags u8 (bit 0 time), bpm f64, time? |
/// | 0x03 | active energy | flags u8 (bit 0 time), kcal f64, time? |
/// | 0x04 | cadence | flags u8 (bit 0 time), per minute f64, time? |
/// | 0x05 | power | flags u8 (bit 0 time), watts f64, time? |
/// | 0x06 | weather | flags u8 (bit 0 time, 1 temperature, 2 humidity), time?, temperature?, humidity? |
/// | 0x07 | event sample | flags u8 (bit 0 time, 1 lap trigger, 2 lap start time), kind u8 (0 pause, 1 resume, 2 lap, 3 segment), time?, lap trigger u8? (0 manual, 1 time, 2 distance, 3 position, 4 session end, 5 heart rate, 6 fitness equipment), lap start time f64? |
/// | 0x08 | device distance | flags u8 (bit 0 time, bit 1 altitude, bit 2 speed), cumulative metres f64, time?, altitude?, speed? |
/// | 0x10-0x14 | session start, pause, resume, lap, end | time f64 |
/// | 0x20 | activity | activity code u8 |
/// | 0x21 | device timer: the input's pauses are the device's timer events (FIT), no gap pauses | (empty) |
///
/// Unused flag bits must be zero. A record whose length runs past the end of the file, whose checksum does not match, whose
/// type is unknown, or whose length is not the one its type and bitmask imply ends the valid journal.
public enum JournalFormat {
    /// The first eight bytes of every journal.
    public static let magic: [UInt8] = [0x89, 0x57, 0x45, 0x4A, 0x0D, 0x0A, 0x1A, 0x0A]
    /// The format version this code writes and reads.
    public static let version: UInt16 = 2
    /// The file name extension of journals.
    public static let journalExtension = "wejournal"
    /// The file name extension of snapshots.
    public static let snapshotExtension = "wesnapshot"
    /// The suffix of the summary file written when a session finishes.
    public static let summarySuffix = ".summary.json"
    /// Bytes of a record around its payload: length (4), type (1), checksum (4).
    public static let recordOverhead = 9
    /// No record type has a longer payload; a longer length is corruption.
    public static let maximumPayloadLength = 256

    /// `<directory>/<session id>.wejournal`.
    public static func journalPath(directory: String, sessionID: UUID) -> String {
        "\(directory)/\(sessionID.uuidString).\(journalExtension)"
    }

    /// `<directory>/<session id>.wesnapshot`.
    public static func snapshotPath(directory: String, sessionID: UUID) -> String {
        "\(directory)/\(sessionID.uuidString).\(snapshotExtension)"
    }

    /// `<directory>/<session id>.summary.json`.
    public static func summaryPath(directory: String, sessionID: UUID) -> String {
        "\(directory)/\(sessionID.uuidString)\(summarySuffix)"
    }
}
