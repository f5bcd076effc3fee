public import WorkoutEngine

extension WorkoutChannels {
    /// The stored fixes as an export track (GPX, CSV, GeoJSON, maps), with the figures and analysis of
    /// `summary` (the workout's stored summary). What the channels do not keep is absent: running time
    /// per fix, temperature, power, and where an unrecorded gap paused the clock; pace comes from each
    /// fix's speed and the activity's moving threshold, as the engine derives it.
    public func exportTrack(summary: WorkoutSummary) -> ExportTrack {
        let activity = summary.metrics.activity
        let movingThreshold = WorkoutOptions(activity: activity).effectiveRules.movingSpeedThresholdMetersPerSecond
        var segments: [[ExportPoint]] = []
        var currentSegment: Int32?
        func value(_ x: Double) -> Double? { x.isNaN ? nil : x }
        for i in 0..<count {
            var location = LocationSample(time: value(timeSeconds[i]), latitude: latitudes[i], longitude: longitudes[i])
            location.altitudeMeters = value(altitudesMeters[i])
            var point = ExportPoint(
                location: location, heartRate: value(heartRatesBPM[i]), cadence: value(cadencesPerMinute[i]),
                distanceMeters: distancesMeters[i], speedMetersPerSecond: value(speedsMetersPerSecond[i]))
            if let speed = point.speedMetersPerSecond, speed >= movingThreshold, speed > 0 {
                point.paceSecondsPerKilometer = 1000 / speed
            }
            if segments.isEmpty || currentSegment != self.segments[i] {
                segments.append([])
                currentSegment = self.segments[i]
            }
            segments[segments.count - 1].append(point)
        }
        return ExportTrack(activity: activity, segments: segments, metrics: summary.metrics, analysis: summary.analysis)
    }
}
