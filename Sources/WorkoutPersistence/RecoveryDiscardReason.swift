import WorkoutCore
import Foundation
import Logging
import WorkoutSamples

/// Why recovery did not offer a journal.
public enum RecoveryDiscardReason: Sendable, Hashable, CustomStringConvertible {
    /// The session was last active more than the maximum age before now.
    case expired(lastActiveAt: Double, maximumAgeSeconds: Double)
    /// The journal is of a format version this code does not read.
    case unknownFormatVersion(UInt16)
    /// The header is missing, cut short or corrupt (the detail in words).
    case unreadableHeader(String)
    /// A summary was saved for the session (`<id>.summary.json`): it finished, only the clean-up was lost.
    case alreadyFinished
    /// The file could not be read (the error in words).
    case unreadableFile(String)
    /// What carries a journal's name is not a regular file (a FIFO, a device, a link to one): not opened.
    case notARegularFile

    public var description: String {
        switch self {
        case .expired(let lastActiveAt, let maximumAgeSeconds):
            "expired: last active \(ISO8601Text.string(secondsSince1970: lastActiveAt) ?? "\(lastActiveAt) s since 1970"), more than \(Int(maximumAgeSeconds)) s ago"
        case .unknownFormatVersion(let version): "unknown format version \(version)"
        case .unreadableHeader(let why): "unreadable header: \(why)"
        case .alreadyFinished: "already finished (its summary was saved)"
        case .unreadableFile(let why): "unreadable file: \(why)"
        case .notARegularFile: "not a regular file"
        }
    }
}
