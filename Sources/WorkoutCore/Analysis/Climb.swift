/// A climb found by ``ClimbDetector``.
public struct Climb: Sendable, Hashable {
    /// Where the climb starts and ends on the workout's distance, metres.
    public var startDistanceMeters: Double
    /// Where the climb ends (its top) on the workout's distance, metres.
    public var endDistanceMeters: Double
    /// The smoothed altitude at the bottom and the top, metres.
    public var startAltitudeMeters: Double
    /// The smoothed altitude at the top, metres.
    public var topAltitudeMeters: Double
    /// The steepest grade over 100 m of the climb, percent.
    public var maximumGradePercent: Double
    /// Running time from bottom to top, seconds; `nil` without times.
    public var elapsedSeconds: Double?

    /// Creates the value from its parts.
    public init(startDistanceMeters: Double, endDistanceMeters: Double, startAltitudeMeters: Double,
                topAltitudeMeters: Double, maximumGradePercent: Double, elapsedSeconds: Double?) {
        self.startDistanceMeters = startDistanceMeters
        self.endDistanceMeters = endDistanceMeters
        self.startAltitudeMeters = startAltitudeMeters
        self.topAltitudeMeters = topAltitudeMeters
        self.maximumGradePercent = maximumGradePercent
        self.elapsedSeconds = elapsedSeconds
    }

    /// Length, metres.
    public var lengthMeters: Double { endDistanceMeters - startDistanceMeters }
    /// Height gained from bottom to top, metres.
    public var gainMeters: Double { topAltitudeMeters - startAltitudeMeters }
    /// Average grade, percent.
    public var averageGradePercent: Double { lengthMeters > 0 ? gainMeters / lengthMeters * 100 : 0 }
    /// Vertical ascent speed (VAM), metres per hour; `nil` without times.
    public var verticalMetersPerHour: Double? {
        elapsedSeconds.flatMap { $0 > 0 ? gainMeters / $0 * 3600 : nil }
    }
    /// Strava's score, length (m) × average grade (%).
    public var score: Double { lengthMeters * averageGradePercent }
    /// Strava's category from ``score``; `nil` when uncategorised.
    public var category: ClimbCategory? { ClimbCategory(score: score) }
    /// The FIETS index (from the Dutch cycling magazine *Fiets*): H² / (D × 10) + (T − 1000) / 1000, the
    /// second term only when T > 1000; H is the gain (m), D the length (m), T the top altitude (m).
    public var fietsIndex: Double {
        guard lengthMeters > 0 else { return 0 }
        return gainMeters * gainMeters / (lengthMeters * 10) + max(0, (topAltitudeMeters - 1000) / 1000)
    }
}
