import WorkoutCore
public import WorkoutSamples

/// The charts a workout can be drawn as.
public enum ChartKind: String, Sendable, Hashable, CaseIterable {
    /// Elevation over distance, the area under it filled.
    case elevation
    /// Pace over running time, faster upwards.
    case pace
    /// Speed over running time.
    case speed
    /// Heart rate over running time, with the five zones shaded when the athlete's maximum heart rate
    /// or age is known.
    case heartRate
    /// The splits as bars (per kilometre or mile by the chart's units): pace for running, walking and
    /// hiking (faster is taller), speed for cycling; a partial last split is as wide as its share.
    case splits
    /// The mean-maximal power curve over the standard durations (log scale); without power, the pace
    /// curve (the best average pace over each duration), or speed for cycling.
    case powerCurve

    /// The chart of an activity's fourth statistic (`ActivityType.fourthStat`): pace for running and
    /// walking, speed for cycling, heart rate for hiking.
    public static func fourthStat(of activity: ActivityType) -> ChartKind {
        switch activity.fourthStat {
        case .pace: .pace
        case .speed: .speed
        case .heartRate: .heartRate
        }
    }
}
