import SessionSupport
import WorkoutCore
import Foundation
import WorkoutSamples

extension ActivityType {
    /// The activity's code in journal headers and records (stable; never reorder).
    var journalCode: UInt8 {
        switch self {
        case .running: 0
        case .walking: 1
        case .hiking: 2
        case .cycling: 3
        }
    }

    init?(journalCode: UInt8) {
        switch journalCode {
        case 0: self = .running
        case 1: self = .walking
        case 2: self = .hiking
        case 3: self = .cycling
        default: return nil
        }
    }
}

extension LapTrigger {
    /// The trigger's code in event-sample records (stable; never reorder).
    var journalCode: UInt8 {
        switch self {
        case .manual: 0
        case .time: 1
        case .distance: 2
        case .position: 3
        case .sessionEnd: 4
        case .heartRate: 5
        case .fitnessEquipment: 6
        }
    }

    init?(journalCode: UInt8) {
        switch journalCode {
        case 0: self = .manual
        case 1: self = .time
        case 2: self = .distance
        case 3: self = .position
        case 4: self = .sessionEnd
        case 5: self = .heartRate
        case 6: self = .fitnessEquipment
        default: return nil
        }
    }
}

extension WorkoutEventSample.Kind {
    var journalCode: UInt8 {
        switch self {
        case .pause: 0
        case .resume: 1
        case .lap: 2
        case .segmentStart: 3
        }
    }

    init?(journalCode: UInt8) {
        switch journalCode {
        case 0: self = .pause
        case 1: self = .resume
        case 2: self = .lap
        case 3: self = .segmentStart
        default: return nil
        }
    }
}
