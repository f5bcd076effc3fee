import WorkoutSamples

/// Smoothed altitude for the grade of the ACSM equations: a ``KalmanAxis`` with the settings of the
/// summary's elevation counter (0.05 m²/s³ acceleration noise, 2 m default accuracy), always on, so a
/// metre of GPS altitude noise does not count as climbing.
struct GradeEstimator: Sendable {
    private var axis = KalmanAxis()
    private var lastTime: Double?
    private var started = false

    mutating func reset() {
        started = false
        lastTime = nil
    }

    /// Takes in an altitude and returns the change of the smoothed altitude since the previous one and
    /// the seconds between them (zero for the first, or without altitude).
    mutating func add(altitudeMeters: Double?, time: Double, accuracyMeters: Double?) -> (meters: Double, seconds: Double) {
        guard let raw = altitudeMeters, raw.isFinite, time.isFinite else { return (0, 0) }
        let sigma = min(max(accuracyMeters ?? 2, 0.5), 50)
        guard started, let last = lastTime, time > last else {
            if !started {
                axis = KalmanAxis(position: raw, variance: sigma * sigma, velocityVariance: 1)
                started = true
                lastTime = time
            }
            return (0, 0)
        }
        let before = axis.position
        axis.predict(seconds: time - last, accelerationNoise: 0.05)
        axis.update(measurement: raw, variance: sigma * sigma)
        lastTime = time
        return (axis.position - before, time - last)
    }
}
