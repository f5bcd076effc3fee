import SessionSupport
import WorkoutSamples

/// A change of session state, as frames and logs report it.
public struct SessionStateChange: Sendable, Hashable {
    /// Which change.
    public enum Kind: String, Sendable, Hashable, Codable {
        /// The session started, paused, resumed, completed a lap, or ended.
        case start, pause, resume, lap, end
    }
    /// What made the state change.
    public enum Cause: String, Sendable, Hashable, Codable {
        /// A call of the API or an event in the input (a user's pause, a lap, the first sample).
        case request
        /// Auto-pause decided it from the speed.
        case autoPause
        /// The input had an unrecorded gap or a new segment (GPX `trkseg`): the session paused over it.
        case recordingGap
    }

    /// Which change.
    public var kind: Kind
    /// Session time of the change, seconds.
    public var time: Double
    /// What made the change: a request (the caller or the input), auto-pause, or a recording gap.
    public var cause: Cause
    /// `true` when the engine decided it (auto-pause or a recording gap), not the user or the input.
    public var isAutomatic: Bool { cause != .request }
    /// Running time at the change.
    public var elapsedSeconds: Double
    /// The state after the change.
    public var state: SessionState

    /// A change of `kind` at `time` (seconds), caused by `cause`, with the running time and state after it.
    public init(kind: Kind, time: Double, cause: Cause, elapsedSeconds: Double, state: SessionState) {
        self.kind = kind
        self.time = time
        self.cause = cause
        self.elapsedSeconds = elapsedSeconds
        self.state = state
    }
}
