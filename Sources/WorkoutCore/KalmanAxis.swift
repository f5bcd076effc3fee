import WorkoutSamples
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

    /// Moves the estimate `dt` seconds ahead with acceleration spectral density `q` (m²/s³), and returns
    /// the Rauch–Tung–Striebel gain of the step, `C = P Fᵀ P⁻` with `P` the covariance before and `P⁻` the
    /// one after the prediction (Rauch, Tung & Striebel, *AIAA Journal* 3(8), 1965), which
    /// ``FixedLagSmoother`` uses to carry later fixes back to this one.
    @discardableResult @inline(__always)
    mutating func predict(seconds dt: Double, accelerationNoise q: Double) -> SmootherGain {
        position += velocity * dt
        let dt2 = dt * dt
        let n00 = p00 + 2 * dt * p01 + dt2 * p11 + q * dt2 * dt / 3
        let n01 = p01 + dt * p11 + q * dt2 / 2
        let n11 = p11 + q * dt
        // P Fᵀ = [[p00 + dt p01, p01], [p01 + dt p11, p11]], times the inverse of the predicted covariance.
        let a00 = p00 + dt * p01, a01 = p01, a10 = p01 + dt * p11, a11 = p11
        let determinant = n00 * n11 - n01 * n01
        var gain = SmootherGain()
        if determinant > 0, determinant.isFinite {
            gain = SmootherGain(
                c00: (a00 * n11 - a01 * n01) / determinant, c01: (a01 * n00 - a00 * n01) / determinant,
                c10: (a10 * n11 - a11 * n01) / determinant, c11: (a11 * n00 - a10 * n01) / determinant)
        }
        p00 = n00; p01 = n01; p11 = n11
        return gain
    }

    /// Corrects with a position measurement of variance `r` (m²); returns the Kalman gains it used (for
    /// position and velocity), which an axis sharing this covariance applies too (``correctState(measurement:gains:)``).
    @discardableResult @inline(__always)
    mutating func update(measurement z: Double, variance r: Double) -> (position: Double, velocity: Double) {
        let s = p00 + r
        let k0 = p00 / s, k1 = p01 / s
        correctState(measurement: z, gains: (k0, k1))
        let n00 = (1 - k0) * p00
        let n01 = (1 - k0) * p01
        let n11 = p11 - k1 * p01
        p00 = n00; p01 = n01; p11 = n11
        return (k0, k1)
    }

    // An axis whose covariance is another's: two axes that start alike and see the same steps and
    // measurement variances (east and north of ``PlanarKalman``) have the same covariance and gains at
    // every step, so only one of them carries it, and the other moves its state with these two.

    /// ``predict(seconds:accelerationNoise:)`` of the state alone.
    @inline(__always)
    mutating func advanceState(seconds dt: Double) {
        position += velocity * dt
    }

    /// ``update(measurement:variance:)`` of the state alone, with the gains the covariance's axis returned.
    @inline(__always)
    mutating func correctState(measurement z: Double, gains: (position: Double, velocity: Double)) {
        let innovation = z - position
        position += gains.position * innovation
        velocity += gains.velocity * innovation
    }
}

/// The Rauch–Tung–Striebel smoother gain of one step of a ``KalmanAxis`` (a 2×2 matrix, row-major): how much
/// of the correction the later fixes make to the next state carries back to this one.
struct SmootherGain: Sendable, Hashable {
    var c00 = 0.0, c01 = 0.0, c10 = 0.0, c11 = 0.0
}
