public import SessionSupport
public import WorkoutCore

/// What a ``TimelineScheduler`` makes frames of (``TimelineScheduler/frames(of:)``): a live session's
/// state, its state changes as they happen, and its frame as of any time. ``WorkoutSession`` is one; a
/// server's session that also keeps its fixes for export is another.
public protocol FrameSource: Actor {
    /// The session's state now.
    var state: SessionState { get }
    /// State changes from now on, in order; the stream finishes when the session ends.
    func observeStateChanges() -> AsyncStream<SessionStateChange>
    /// The frame as of `time` (session seconds), numbered `index`. Reading a frame changes nothing.
    func frame(at time: Double, index: Int) -> WorkoutFrame
}

extension WorkoutSession: FrameSource {}
