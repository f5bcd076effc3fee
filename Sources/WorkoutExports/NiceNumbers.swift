import WorkoutCore
import WorkoutSamples

/// Round numbers for scale bars and axes.
public enum NiceNumbers {
    /// The largest value of the form {1, 2, 5} × 10ⁿ that is at most `limit` (`limit` > 0; otherwise 1).
    public static func roundLength(atMost limit: Double) -> Double {
        guard limit.isFinite, limit > 0 else { return 1 }
        var magnitude = 1.0
        while magnitude > limit { magnitude /= 10 }
        while magnitude * 10 <= limit { magnitude *= 10 }
        for factor in [5.0, 2.0, 1.0] where factor * magnitude <= limit { return factor * magnitude }
        return magnitude
    }

    /// A tick step of the form {1, 2, 2.5, 5} × 10ⁿ giving about `count` intervals over `span`.
    public static func tickStep(span: Double, count: Int = 5) -> Double {
        guard span.isFinite, span > 0 else { return 1 }
        let raw = span / Double(Swift.max(count, 1))
        var magnitude = 1.0
        while magnitude > raw { magnitude /= 10 }
        while magnitude * 10 <= raw { magnitude *= 10 }
        for factor in [1.0, 2.0, 2.5, 5.0, 10.0] where factor * magnitude >= raw { return factor * magnitude }
        return 10 * magnitude
    }

    /// A tick step in seconds for a time axis over `span` seconds: 5 s, 10 s, 15 s, 30 s, 1, 2, 5, 10,
    /// 15, 20, 30 min, 1, 2, 3, 6, 12 h (none finer than `finest`), whichever gives about `count`
    /// intervals.
    public static func timeStep(span: Double, count: Int = 6, finest: Double = 10) -> Double {
        let steps: [Double] = [5, 10, 15, 30, 60, 120, 300, 600, 900, 1200, 1800, 3600, 7200, 10800, 21600, 43200, 86400]
            .filter { $0 >= finest }
        let raw = span / Double(Swift.max(count, 1))
        return steps.first { $0 >= raw } ?? roundLength(atMost: raw) * 2
    }
}
