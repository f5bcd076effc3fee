import SessionSupport
public import WorkoutSamples

/// The thresholds the engine applies to one activity. Every number is documented in the README's
/// "Rules" section; change them through ``WorkoutOptions/rules`` rather than here.
public struct ActivityRules: Sendable, Hashable {
    /// A step between two fixes implying more than this speed is a GPS jump, not movement. Chosen above
    /// what a person reaches on that activity: the 100 m sprint record averages 10.4 m/s (peak about
    /// 12.4 m/s); race walking about 4.5 m/s; road cycling descents stay under about 30 m/s.
    public var maximumPlausibleSpeedMetersPerSecond: Double
    /// Moving time counts an interval only when the speed over it reaches this value.
    public var movingSpeedThresholdMetersPerSecond: Double
    /// A step longer than this between consecutive fixes of one segment, not crossed at moving speed, is an
    /// unrecorded pause (the device stopped logging): it adds no elapsed time, but the straight line across
    /// it counts as distance (under the device's own timer, ``WorkoutBuilder/usesDeviceTimer``, the time
    /// counts as the timer's did and only the crossing is the same). Long enough for the sparsest "smart
    /// recording" we have seen (steps up to 43 s on a Garmin GPSMAP 64s).
    public var gapPauseSeconds: Double

    /// Rules with the given speed limits (metres per second) and gap length (seconds).
    public init(maximumPlausibleSpeedMetersPerSecond: Double, movingSpeedThresholdMetersPerSecond: Double, gapPauseSeconds: Double) {
        self.maximumPlausibleSpeedMetersPerSecond = maximumPlausibleSpeedMetersPerSecond
        self.movingSpeedThresholdMetersPerSecond = movingSpeedThresholdMetersPerSecond
        self.gapPauseSeconds = gapPauseSeconds
    }
}

extension ActivityType {
    /// The distance counter this activity adds to.
    public var distanceKind: DistanceKind {
        switch self {
        case .running, .walking, .hiking: .walkingRunning
        case .cycling: .cycling
        }
    }

    /// The fourth statistic a screen shows for this activity.
    public var fourthStat: FourthStatKind {
        switch self {
        case .running, .walking: .pace
        case .cycling: .speed
        case .hiking: .heartRate
        }
    }

    /// The default thresholds for this activity.
    public var rules: ActivityRules {
        switch self {
        case .running:
            ActivityRules(maximumPlausibleSpeedMetersPerSecond: 12.5, movingSpeedThresholdMetersPerSecond: 0.75, gapPauseSeconds: 60)
        case .walking:
            ActivityRules(maximumPlausibleSpeedMetersPerSecond: 6, movingSpeedThresholdMetersPerSecond: 0.4, gapPauseSeconds: 120)
        case .hiking:
            ActivityRules(maximumPlausibleSpeedMetersPerSecond: 8, movingSpeedThresholdMetersPerSecond: 0.3, gapPauseSeconds: 120)
        case .cycling:
            ActivityRules(maximumPlausibleSpeedMetersPerSecond: 35, movingSpeedThresholdMetersPerSecond: 1.5, gapPauseSeconds: 60)
        }
    }
}
