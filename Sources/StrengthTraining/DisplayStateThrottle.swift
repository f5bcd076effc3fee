import SessionSupport

/// Decides when a display state is published: never when it equals the last one published; at
/// once when something other than a counter changed (exercise, set, rest started, paused or ended,
/// phase); and when only the counters (rest remaining or overtime, elapsed) changed, at most once
/// per ``minimumInterval`` (default 1 s).
public struct DisplayStateThrottle: Sendable, Hashable {
    /// One second: counters change at most this often on a widget.
    public static let defaultMinimumInterval: Double = 1

    /// The minimum seconds between two publications caused by counters alone.
    public var minimumInterval: Double
    /// The last state published.
    public private(set) var lastPublished: StrengthDisplayState?
    /// When it was published.
    public private(set) var lastPublishedAt: Double?

    /// A throttle that publishes at most once per `minimumInterval` seconds (a negative interval is taken as 0).
    public init(minimumInterval: Double = defaultMinimumInterval) {
        self.minimumInterval = max(0, minimumInterval)
    }

    /// `state` if it must be published at `time`, else `nil`.
    public mutating func offer(_ state: StrengthDisplayState, at time: Double) -> StrengthDisplayState? {
        if let last = lastPublished, let at = lastPublishedAt {
            if last == state { return nil }
            if last.structure == state.structure, time - at < minimumInterval { return nil }
        }
        lastPublished = state
        lastPublishedAt = time
        return state
    }
}
