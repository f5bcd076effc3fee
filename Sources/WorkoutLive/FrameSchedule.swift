import SessionSupport
import WorkoutSamples
import WorkoutCore
/// Frame deadlines on absolute times: frame k of a running stretch is due at `start + k / fps`, computed
/// from the stretch's start every time (never by adding periods, so rounding never accumulates into drift).
/// A pause ends the stretch; a resume starts a new one whose first frame is due at once.
public struct FrameSchedule: Sendable, Hashable {
    /// Frames per second, 1...120.
    public let framesPerSecond: Int
    /// The global number of the next frame (frames are numbered across stretches).
    public private(set) var nextFrameIndex = 0
    /// Frames skipped because they were due while the consumer was late, or fell due when the session was
    /// not running (see ``dropTakenFrame()``).
    public private(set) var skippedFrames = 0
    private var stretchStart: Double?
    private var stretchFrame = 0

    /// The valid range of ``framesPerSecond``.
    public static let supportedFramesPerSecond = 1...120

    /// Session seconds per second of the clock frames are shown on: 1 live; X for a replay at X times
    /// real time (frames stay `framesPerSecond` per wall-clock second, so they are X/fps apart in track time).
    public let timeScale: Double

    /// - Parameters:
    ///   - framesPerSecond: clamped to 1...120.
    ///   - timeScale: session seconds per displayed second (> 0).
    public init(framesPerSecond: Int = 30, timeScale: Double = 1) {
        self.framesPerSecond = min(max(framesPerSecond, Self.supportedFramesPerSecond.lowerBound), Self.supportedFramesPerSecond.upperBound)
        self.timeScale = timeScale > 0 && timeScale.isFinite ? timeScale : 1
    }

    /// Session seconds between frames.
    public var periodSeconds: Double { timeScale / Double(framesPerSecond) }

    /// Whether a stretch is open (the session is running).
    public var isActive: Bool { stretchStart != nil }

    /// Opens a stretch at `time`: its first frame is due at `time`.
    public mutating func begin(at time: Double) {
        stretchStart = time
        stretchFrame = 0
    }

    /// Closes the stretch: no frame is due until ``begin(at:)``.
    public mutating func stop() {
        stretchStart = nil
    }

    /// Follows the session's state: a stretch opens at `time` when the session runs and none is open, and
    /// closes when it stops running. The one place where a run of frames starts and stops.
    public mutating func follow(isRunning: Bool, at time: Double) {
        if isRunning {
            if !isActive { begin(at: time) }
        } else if isActive {
            stop()
        }
    }

    /// When the next frame is due, or `nil` while stopped.
    public var nextDeadline: Double? {
        stretchStart.map { $0 + Double(stretchFrame) * timeScale / Double(framesPerSecond) }
    }

    /// The frame last taken with ``takeFrame()`` is not shown: counts it as skipped. A driver whose frames
    /// are made asynchronously calls this when the frame, made, shows the session not running at its time (a
    /// pause or end that had not reached the driver yet).
    public mutating func dropTakenFrame() {
        skippedFrames += 1
    }

    /// Takes the next due frame: its global index and its time.
    public mutating func takeFrame() -> (index: Int, time: Double)? {
        guard let deadline = nextDeadline else { return nil }
        defer {
            stretchFrame += 1
            nextFrameIndex += 1
        }
        return (nextFrameIndex, deadline)
    }

    /// A consumer that woke at `now` skips the frames due before the latest one that has passed: a late
    /// frame is dropped, not bunched. Returns how many were skipped.
    @discardableResult
    public mutating func skipLateFrames(now: Double) -> Int {
        guard let start = stretchStart else { return 0 }
        let latestDue = Int(((now - start) * Double(framesPerSecond) / timeScale).rounded(.down))
        let skip = max(0, latestDue - stretchFrame)
        stretchFrame += skip
        nextFrameIndex += skip
        skippedFrames += skip
        return skip
    }
}
