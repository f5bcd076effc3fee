import Foundation

/// How a live session's time runs against the wall clock: session seconds =
/// ``sessionSeconds`` + ``scale`` × (wall seconds − ``wallSeconds``), all seconds since 1970.
///
/// A session a device feeds runs on the wall clock itself (its descriptor has no axis). A stored
/// workout replayed at X times real time (`POST /v1/workouts/{id}/replay`) runs X times faster from the
/// moment the replay started, so its recorded samples keep their spacing (speeds and paces stay true)
/// while they arrive X times faster; pauses and resumes without a `time` happen at the session time of
/// their arrival, and its frames stay up to 30 per wall-clock second, X/30 s of session time apart.
public struct SessionTimeAxis: Sendable, Hashable, Codable {
    /// A wall-clock time, seconds since 1970.
    public var wallSeconds: Double
    /// The session time at ``wallSeconds``.
    public var sessionSeconds: Double
    /// Session seconds per wall-clock second (> 0).
    public var scale: Double

    /// An axis through (`wallSeconds`, `sessionSeconds`) at `scale` (anything not positive and finite
    /// runs at 1).
    public init(wallSeconds: Double, sessionSeconds: Double, scale: Double) {
        self.wallSeconds = wallSeconds
        self.sessionSeconds = sessionSeconds
        self.scale = scale > 0 && scale.isFinite ? scale : 1
    }

    /// The session time at wall-clock time `wall`.
    public func sessionSeconds(atWallSeconds wall: Double) -> Double {
        sessionSeconds + scale * (wall - wallSeconds)
    }
}

extension LiveSessionDescriptor {
    /// The session time at wall-clock time `wall`: `wall` itself, or through the session's ``timeAxis``.
    public func sessionSeconds(atWallSeconds wall: Double) -> Double {
        timeAxis?.sessionSeconds(atWallSeconds: wall) ?? wall
    }

    /// Session seconds per wall-clock second: 1, or the replay's speed.
    public var timeScale: Double { timeAxis?.scale ?? 1 }
}
