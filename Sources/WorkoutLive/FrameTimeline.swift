import SessionSupport
public import WorkoutCore

/// The frame logic of a session, in one place: when frames are due (a ``FrameSchedule`` that follows the
/// session's state changes) and what they show (a ``LiveState`` kept from outcomes). Both drivers use it:
/// ``TrackReplay`` (a recorded track, on track time or paced on a wall clock) and ``TimelineScheduler``
/// (a live session, on an injected `Clock`).
///
/// Give it each outcome with ``deliver(_:beforeEach:emit:)``: the frames due before the outcome took effect come out
/// first (with the figures before it), then each state change (which opens or closes the run of frames),
/// then the outcome's figures are taken.
public struct FrameTimeline: Sendable {
    /// The figures frames are made from, as of the latest outcome delivered.
    public private(set) var state: LiveState
    /// When frames are due: the frame rate and the start of the current running stretch.
    public private(set) var schedule: FrameSchedule
    /// At most this many frames between two inputs (`nil`: no cap). A replay on track time caps a running
    /// stretch without samples at an hour of frames (recording gaps and pauses produce none at all), so a
    /// track with odd times cannot print millions of identical frames; the rest of the stretch is skipped.
    public var maximumFramesBetweenInputs: Int?
    private var framesSinceInput = 0

    /// A timeline that makes frames from `state` on `schedule`, with no cap on frames between inputs.
    public init(state: LiveState, schedule: FrameSchedule) {
        self.state = state
        self.schedule = schedule
    }

    /// What a timeline hands its consumer: a frame, or a state change.
    public typealias Emit = (ReplayEvent) throws -> Void

    /// Delivers one outcome.
    /// - Parameters:
    ///   - outcome: the builder's outcome, in the order the builder made them.
    ///   - beforeEach: called with the time of each frame or state change before it is emitted (a pacer
    ///     waits there); returns the session time that is due now when the consumer is late, else `nil`.
    ///   - emit: receives the frames and state changes, in order; what it throws stops the delivery.
    public mutating func deliver(_ outcome: SampleOutcome, beforeEach: (Double) -> Double? = { _ in nil }, emit: Emit) rethrows {
        for change in outcome.stateChanges {
            try emitFrames(before: change.time, beforeEach: beforeEach, emit: emit)
            _ = beforeEach(change.time)
            schedule.follow(isRunning: change.state == .running, at: change.time)
            try emit(.stateChange(change))
        }
        if outcome.stateChanges.isEmpty, let time = outcome.input.time {
            try emitFrames(before: time, beforeEach: beforeEach, emit: emit)
        }
        state.apply(outcome)
        framesSinceInput = 0
    }

    /// Emits the frames due strictly before `time` (or up to it, `inclusive`), as of the state so far.
    public mutating func emitFrames(before time: Double, inclusive: Bool = false, beforeEach: (Double) -> Double? = { _ in nil }, emit: Emit) rethrows {
        while let due = schedule.nextDeadline, inclusive ? due <= time : due < time {
            if let now = beforeEach(due), now - due > schedule.periodSeconds {
                // The consumer is late: the frames it missed are skipped, not bunched.
                schedule.skipLateFrames(now: now)
                continue
            }
            if let cap = maximumFramesBetweenInputs, framesSinceInput >= cap {
                schedule.skipLateFrames(now: inclusive ? time : time.nextDown)
                if let next = schedule.nextDeadline, inclusive ? next <= time : next < time { _ = schedule.takeFrame() }
                return
            }
            guard let frame = schedule.takeFrame() else { return }
            framesSinceInput += 1
            try emit(.frame(state.frame(at: frame.time, index: frame.index)))
        }
    }
}
