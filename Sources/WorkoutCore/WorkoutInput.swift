public import WorkoutSamples

/// One thing given to a ``WorkoutBuilder``: a sample, or a call that is not a sample. A session's journal
/// records exactly these, so replaying a journal into a fresh builder rebuilds the session.
public enum WorkoutInput: Sendable, Hashable {
    /// A sample of the input (``WorkoutBuilder/add(_:)``).
    case sample(Sample)
    /// A pause, a resume or a lap asked for by a call (``WorkoutBuilder/pause(at:)``, ``WorkoutBuilder/resume(at:)``,
    /// ``WorkoutBuilder/markLap(at:trigger:)``), not by the input: a replay can tell the two apart.
    case call(WorkoutEventSample)
    /// ``WorkoutBuilder/start(at:)``.
    case start(at: Double)
    /// ``WorkoutBuilder/end(at:)``; `nil` ends at the latest sample's time.
    case end(at: Double?)
    /// ``WorkoutBuilder/adoptActivity(_:)`` changed the activity.
    case activity(ActivityType)
    /// ``WorkoutBuilder/useDeviceTimer()``: the input's pauses are the device's own timer events, so
    /// recording gaps no longer pause the clock.
    case deviceTimer

    /// The input's time, if it has one.
    public var time: Double? {
        switch self {
        case .sample(let sample): sample.time
        case .call(let event): event.time
        case .start(let time): time
        case .end(let time): time
        case .activity, .deviceTimer: nil
        }
    }
}
