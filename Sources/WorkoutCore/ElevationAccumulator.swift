import WorkoutSamples
import Foundation
import Geodesy

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
    /// The latest altitude counted (smoothed when smoothing applies), metres.
    private(set) var latestMeters: Double?
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
        latestMeters = altitude
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
