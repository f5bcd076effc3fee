import Foundation
import Geodesy

/// One axis of a constant-velocity Kalman filter: state (position, velocity), white-acceleration
/// process noise. The textbook discrete model (Bar-Shalom, Li & Kirubarajan, *Estimation with
/// Applications to Tracking and Navigation*, 2001, §6.2.2): for a step of `dt` seconds,
/// `F = [[1, dt], [0, 1]]` and `Q = q · [[dt³/3, dt²/2], [dt²/2, dt]]`.
struct KalmanAxis: Sendable, Hashable {
    /// Offset of the estimate from the last measurement frame origin, metres.
    var position: Double = 0
    /// Metres per second.
    var velocity: Double = 0
    var p00: Double = 0, p01: Double = 0, p11: Double = 0

    init() {}

    /// Starts at `position` with the measurement's variance and an unknown velocity.
    init(position: Double, variance: Double, velocityVariance: Double) {
        self.position = position
        self.p00 = variance
        self.p11 = velocityVariance
    }

    /// Moves the estimate `dt` seconds ahead with acceleration spectral density `q` (m²/s³).
    mutating func predict(seconds dt: Double, accelerationNoise q: Double) {
        position += velocity * dt
        let dt2 = dt * dt
        let n00 = p00 + 2 * dt * p01 + dt2 * p11 + q * dt2 * dt / 3
        let n01 = p01 + dt * p11 + q * dt2 / 2
        let n11 = p11 + q * dt
        p00 = n00; p01 = n01; p11 = n11
    }

    /// Corrects with a position measurement of variance `r` (m²).
    mutating func update(measurement z: Double, variance r: Double) {
        let s = p00 + r
        let k0 = p00 / s, k1 = p01 / s
        let innovation = z - position
        position += k0 * innovation
        velocity += k1 * innovation
        let n00 = (1 - k0) * p00
        let n01 = (1 - k0) * p01
        let n11 = p11 - k1 * p01
        p00 = n00; p01 = n01; p11 = n11
    }
}

/// Metres per degree of latitude and of longitude at a latitude, on the WGS84 ellipsoid (meridional
/// radius M and prime-vertical radius N; e.g. Torge & Müller, *Geodesy*, 4th ed., §6.2.3).
struct LocalScale: Sendable, Hashable {
    var metersPerDegreeLatitude: Double
    var metersPerDegreeLongitude: Double

    init(latitude: Double) {
        let a = 6_378_137.0
        let f = 1 / 298.257223563
        let e2 = f * (2 - f)
        let phi = latitude * .pi / 180
        let s = sin(phi)
        let w = (1 - e2 * s * s).squareRoot()
        let meridional = a * (1 - e2) / (w * w * w)
        let primeVertical = a / w
        metersPerDegreeLatitude = meridional * .pi / 180
        metersPerDegreeLongitude = max(primeVertical * cos(phi) * .pi / 180, 1e-6)
    }
}

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

/// Smooths altitude with a ``KalmanAxis`` and counts gain and loss with hysteresis: a climb or a descent
/// counts, whole, once the smoothed altitude has turned back from its extreme by more than the threshold.
/// Unlike a fixed-step counter, no remainder below the threshold is lost at the top of each climb.
struct ElevationAccumulator: Sendable {
    var hysteresisMeters: Double
    var accelerationNoise: Double
    var defaultAccuracyMeters: Double

    private(set) var gainMeters = 0.0
    private(set) var lossMeters = 0.0
    private(set) var hasAltitude = false
    private var axis = KalmanAxis()
    private var lastTime: Double?
    private var smoothedStarted = false
    /// The extreme reached in the current direction and the extreme it started from.
    private var extreme = 0.0
    private var turning = 0.0
    private var direction = 0  // +1 climbing, -1 descending, 0 unknown
    private var minimum = Double.infinity
    private var maximum = -Double.infinity

    init(hysteresisMeters: Double, accelerationNoise: Double, defaultAccuracyMeters: Double) {
        self.hysteresisMeters = hysteresisMeters
        self.accelerationNoise = accelerationNoise
        self.defaultAccuracyMeters = defaultAccuracyMeters
    }

    var minimumMeters: Double? { hasAltitude ? minimum : nil }
    var maximumMeters: Double? { hasAltitude ? maximum : nil }

    /// Starts a new segment: smoothing restarts, the hysteresis state carries over.
    mutating func resetSmoothing() {
        smoothedStarted = false
        lastTime = nil
    }

    /// Takes in an altitude; `smooth` is false for `--filter none` and for untimed fixes.
    mutating func add(altitudeMeters raw: Double, time: Double?, accuracyMeters: Double?, smooth: Bool) {
        guard raw.isFinite else { return }
        var altitude = raw
        if smooth, let time {
            let sigma = min(max(accuracyMeters ?? defaultAccuracyMeters, 0.5), 50)
            if smoothedStarted, let last = lastTime {
                axis.predict(seconds: max(time - last, 0), accelerationNoise: accelerationNoise)
                axis.update(measurement: raw, variance: sigma * sigma)
            } else {
                axis = KalmanAxis(position: raw, variance: sigma * sigma, velocityVariance: 1)
                smoothedStarted = true
            }
            lastTime = time
            altitude = axis.position
        }
        minimum = min(minimum, altitude)
        maximum = max(maximum, altitude)
        guard hasAltitude else {
            hasAltitude = true
            extreme = altitude
            turning = altitude
            return
        }
        switch direction {
        case 1:
            if altitude > extreme { extreme = altitude } else if extreme - altitude > hysteresisMeters { turn(to: -1, at: altitude) }
        case -1:
            if altitude < extreme { extreme = altitude } else if altitude - extreme > hysteresisMeters { turn(to: 1, at: altitude) }
        default:
            if altitude - turning > hysteresisMeters {
                direction = 1; extreme = altitude
            } else if turning - altitude > hysteresisMeters {
                direction = -1; extreme = altitude
            }
        }
    }

    private mutating func turn(to newDirection: Int, at altitude: Double) {
        if direction == 1 { gainMeters += extreme - turning } else { lossMeters += turning - extreme }
        turning = extreme
        extreme = altitude
        direction = newDirection
    }

    /// Gain and loss including the climb or descent still open at the end.
    var totals: (gainMeters: Double, lossMeters: Double) {
        switch direction {
        case 1: (gainMeters + (extreme - turning), lossMeters)
        case -1: (gainMeters, lossMeters + (turning - extreme))
        default: (gainMeters, lossMeters)
        }
    }
}
