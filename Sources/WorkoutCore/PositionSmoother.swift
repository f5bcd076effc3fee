import WorkoutSamples
import Foundation
import Geodesy

/// Smooths horizontal positions with two ``KalmanAxis`` filters (east, north) in a tangent plane that
/// follows the estimate, so there is no reference point to drift from. Causal: each output depends only
/// on the fixes before it, so live and recorded workouts get the same numbers.
struct PositionSmoother: Sendable {
    /// Acceleration noise (m²/s³): how sharply the mover can change velocity. Tuned on generated 1 Hz
    /// tracks with 3 m of time-correlated noise (see `AccuracyTests`).
    var accelerationNoise: Double
    /// Standard deviation assumed for a fix that reports no accuracy, metres.
    var defaultAccuracyMeters: Double

    private var east = KalmanAxis()
    private var north = KalmanAxis()
    private var latitude = 0.0
    private var longitude = 0.0
    private var lastTime: Double?
    private(set) var isInitialized = false
    /// The tangent plane's scale, recomputed when the latitude has moved by more than 0.01° (its
    /// relative change is then below 2·10⁻⁴ × tan φ per 0.01°, far inside GPS noise).
    private var scale = LocalScale(latitude: 0)
    private var scaleLatitude = Double.nan

    init(accelerationNoise: Double, defaultAccuracyMeters: Double) {
        self.accelerationNoise = accelerationNoise
        self.defaultAccuracyMeters = defaultAccuracyMeters
    }

    /// Forgets the state (a new segment starts).
    mutating func reset() {
        isInitialized = false
        lastTime = nil
    }

    /// The smoothed position after taking in a fix at `time`.
    mutating func smooth(latitude lat: Double, longitude lon: Double, time: Double, accuracyMeters: Double?) -> (latitude: Double, longitude: Double) {
        let sigma = min(max(accuracyMeters ?? defaultAccuracyMeters, 1), 100)
        let r = sigma * sigma
        guard isInitialized, let last = lastTime else {
            east = KalmanAxis(position: 0, variance: r, velocityVariance: 100)
            north = KalmanAxis(position: 0, variance: r, velocityVariance: 100)
            latitude = lat; longitude = lon; lastTime = time
            isInitialized = true
            return (lat, lon)
        }
        let dt = max(time - last, 0)
        lastTime = time
        if !(abs(latitude - scaleLatitude) <= 0.01) {
            scale = LocalScale(latitude: latitude)
            scaleLatitude = latitude
        }
        east.predict(seconds: dt, accelerationNoise: accelerationNoise)
        north.predict(seconds: dt, accelerationNoise: accelerationNoise)
        var dLon = lon - longitude
        if dLon > 180 { dLon -= 360 } else if dLon < -180 { dLon += 360 }
        east.update(measurement: dLon * scale.metersPerDegreeLongitude, variance: r)
        north.update(measurement: (lat - latitude) * scale.metersPerDegreeLatitude, variance: r)
        // Re-centre the tangent plane on the new estimate.
        latitude += north.position / scale.metersPerDegreeLatitude
        longitude += east.position / scale.metersPerDegreeLongitude
        if longitude > 180 { longitude -= 360 } else if longitude < -180 { longitude += 360 }
        latitude = min(max(latitude, -90), 90)
        east.position = 0
        north.position = 0
        return (latitude, longitude)
    }

    /// The filter's current speed estimate, metres per second.
    var speedMetersPerSecond: Double {
        (east.velocity * east.velocity + north.velocity * north.velocity).squareRoot()
    }
}
