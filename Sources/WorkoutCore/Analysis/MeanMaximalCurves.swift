/// The mean-maximal curves of a workout: power (W), heart rate (bpm) and speed (m/s); a curve is empty
/// without its data.
public struct MeanMaximalCurves: Sendable, Hashable, Codable {
    public var powerWatts: MeanMaximalCurve
    public var heartRateBPM: MeanMaximalCurve
    public var speedMetersPerSecond: MeanMaximalCurve

    public init(powerWatts: MeanMaximalCurve = .init(points: []), heartRateBPM: MeanMaximalCurve = .init(points: []),
                speedMetersPerSecond: MeanMaximalCurve = .init(points: [])) {
        self.powerWatts = powerWatts
        self.heartRateBPM = heartRateBPM
        self.speedMetersPerSecond = speedMetersPerSecond
    }
}
