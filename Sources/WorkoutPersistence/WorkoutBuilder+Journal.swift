import WorkoutCore
import Foundation
import WorkoutSamples

extension WorkoutBuilder {
    /// Applies a journal record the way the session applied the input it records, so replaying a journal
    /// into a fresh builder rebuilds the same state: a sample is added, `start` and `end` call
    /// ``/WorkoutCore/WorkoutBuilder/start(at:)`` and ``/WorkoutCore/WorkoutBuilder/end(at:)``, `activity` calls ``/WorkoutCore/WorkoutBuilder/adoptActivity(_:)``, `deviceTimer` ``/WorkoutCore/WorkoutBuilder/useDeviceTimer()``; the `pause`, `resume` and
    /// `lap` records that version-1 journals wrote for calls are the same calls.
    /// - Returns: what the record did.
    @discardableResult
    public mutating func apply(_ record: JournalRecord) -> SampleOutcome? {
        replay(record.input)
    }
}
