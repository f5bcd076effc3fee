/// The distance a device measured itself since the recording began (FIT `record.distance`, TCX
/// `DistanceMeters`): a wheel sensor, a foot pod or a treadmill. The engine uses it only for a workout
/// without positions (an indoor ride, a treadmill run); with positions, distance is geodesic.
public struct DistanceSample: Sendable, Hashable {
    /// Seconds since 1970-01-01T00:00:00Z, or `nil` when the source has no time for this reading.
    public var time: Double?
    /// Metres since the start of the recording (a running total, not an increment).
    public var cumulativeMeters: Double
    /// A device distance of `cumulativeMeters` since the start of the recording, at `time`.
    public init(time: Double?, cumulativeMeters: Double) {
        self.time = time
        self.cumulativeMeters = cumulativeMeters
    }
}
