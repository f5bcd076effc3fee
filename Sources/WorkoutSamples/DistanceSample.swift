/// The distance a device measured itself since the recording began (FIT `record.distance`, TCX
/// `DistanceMeters`): a wheel sensor, a foot pod or a treadmill. The engine uses it only for a workout
/// without positions (an indoor ride, a treadmill run); with positions, distance is geodesic.
public struct DistanceSample: Sendable, Hashable {
    public var time: Double?
    /// Metres since the start of the recording (a running total, not an increment).
    public var cumulativeMeters: Double
    public init(time: Double?, cumulativeMeters: Double) {
        self.time = time
        self.cumulativeMeters = cumulativeMeters
    }
}
