/// A mean-maximal curve: for each standard duration, the best average of a series over any window of
/// that many seconds of running time (on a ``OneSecondGrid``; see there for gaps and pauses).
public struct MeanMaximalCurve: Sendable, Hashable {
    /// One point of the curve.
    public struct Point: Sendable, Hashable, Codable {
        /// The window, seconds.
        public var seconds: Int
        /// The best average over a window of that length.
        public var value: Double
        /// Running time at the window's start, seconds.
        public var startElapsedSeconds: Double

        /// Creates the value from its parts.
        public init(seconds: Int, value: Double, startElapsedSeconds: Double) {
            self.seconds = seconds
            self.value = value
            self.startElapsedSeconds = startElapsedSeconds
        }
    }

    /// The standard durations, seconds.
    public static let durationsSeconds = [1, 5, 10, 15, 20, 30, 60, 120, 300, 600, 1200, 1800, 2700, 3600]

    /// The points, by duration; durations longer than the workout (or than any stretch without a break)
    /// are left out.
    public var points: [Point]

    /// Creates the value from its parts.
    public init(points: [Point]) { self.points = points }

    /// The curve of `grid` over `durations`.
    /// - Complexity: O(n) per duration.
    public init(grid: OneSecondGrid, durations: [Int] = MeanMaximalCurve.durationsSeconds) {
        let best = grid.values.contains { $0.isNaN }
            ? durations.map { grid.bestMean(window: $0, hasBreaks: true) }
            : grid.bestMeansWithoutBreaks(windows: durations)
        points = zip(durations, best).compactMap { seconds, best in
            best.map { Point(seconds: seconds, value: $0.mean, startElapsedSeconds: Double($0.startSecond)) }
        }
    }

    /// Whether the curve has no point.
    public var isEmpty: Bool { points.isEmpty }
}
