import WorkoutCore
public import Foundation
public import WorkoutSamples

extension WorkoutBuilder {
    /// Applies a journal record the way a live session applies what it records, so replaying a journal
    /// into a fresh builder rebuilds the same state: a sample is added, `pause`/`resume`/`end` call
    /// ``pause(at:)``/``resume(at:)``/``end(at:)``, `lap` adds a lap event sample, `start` changes
    /// nothing (the clock starts at the first timed sample), and `activity` calls ``adoptActivity(_:)``.
    ///
    /// A live session that records through ``PersistentSessionRecorder`` should drive its builder through
    /// this method (or the same mapping) so recovery is exact.
    public mutating func apply(_ record: JournalRecord) {
        switch record {
        case .sample(let sample):
            add(sample)
        case .event(let kind, let time):
            switch kind {
            case .start: break
            case .pause: pause(at: time)
            case .resume: resume(at: time)
            case .lap: add(.event(WorkoutEventSample(time: time, kind: .lap)))
            case .end: end(at: time)
            }
        case .activity(let activity):
            adoptActivity(activity)
        }
    }
}
