/// The mean-maximal curves of a workout: power (W), heart rate (bpm) and speed (m/s); a curve is empty
/// without its data.
public struct MeanMaximalCurves: Sendable, Hashable, Codable {
    /// Best average power, watts, per duration.
    public var powerWatts: MeanMaximalCurve
    /// Best average heart rate, bpm, per duration.
    public var heartRateBPM: MeanMaximalCurve
    /// Best average speed, m/s, per duration (the pace curve's source).
    public var speedMetersPerSecond: MeanMaximalCurve

    /// Creates the value from its parts.
    public init(powerWatts: MeanMaximalCurve = .init(points: []), heartRateBPM: MeanMaximalCurve = .init(points: []),
                speedMetersPerSecond: MeanMaximalCurve = .init(points: [])) {
        self.powerWatts = powerWatts
        self.heartRateBPM = heartRateBPM
        self.speedMetersPerSecond = speedMetersPerSecond
    }
}
