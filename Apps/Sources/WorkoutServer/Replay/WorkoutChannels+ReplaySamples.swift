import WorkoutEngine
public import WorkoutStore

extension WorkoutChannels {
    /// The stored fixes as the samples a device would have sent: a location per fix (with its altitude),
    /// its heart rate and cadence when recorded, and a segment start where a new route segment begins (so
    /// the gap between segments adds no distance, as in the recording). Untimed fixes are left out: a
    /// replay paces samples by their times.
    public func replaySamples() -> [Sample] {
        var samples: [Sample] = []
        samples.reserveCapacity(count * 2)
        var previousSegment: Int32?
        for i in 0..<count {
            let time = timeSeconds[i]
            guard time.isFinite else { continue }
            if let previousSegment, previousSegment != segments[i] {
                samples.append(.event(WorkoutEventSample(time: time, kind: .segmentStart)))
            }
            previousSegment = segments[i]
            var location = LocationSample(time: time, latitude: latitudes[i], longitude: longitudes[i])
            if altitudesMeters[i].isFinite { location.altitudeMeters = altitudesMeters[i] }
            samples.append(.location(location))
            if heartRatesBPM[i].isFinite { samples.append(.heartRate(HeartRateSample(time: time, beatsPerMinute: heartRatesBPM[i]))) }
            if cadencesPerMinute[i].isFinite { samples.append(.cadence(CadenceSample(time: time, perMinute: cadencesPerMinute[i]))) }
        }
        return samples
    }
}
