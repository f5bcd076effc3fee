import WorkoutCore
import Foundation
import WorkoutSamples

// MARK: - Records

/// Record type bytes (stable; never reuse a value).
enum JournalRecordType {
    static let location: UInt8 = 0x01
    static let heartRate: UInt8 = 0x02
    static let activeEnergy: UInt8 = 0x03
    static let cadence: UInt8 = 0x04
    static let power: UInt8 = 0x05
    static let weather: UInt8 = 0x06
    static let eventSample: UInt8 = 0x07
    static let distance: UInt8 = 0x08
    // 0x10...0x14: SessionEventKind raw values.
    static let activity: UInt8 = 0x20
    /// The input's pauses are the device's timer events (no payload).
    static let deviceTimer: UInt8 = 0x21
}
