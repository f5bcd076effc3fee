import Foundation
import Geodesy

/// How fast the GPS error of a track wanders, learnt from its raw fixes, and the length that this error
/// adds to the smoothed track.
///
/// Over a few seconds the error of a GPS fix behaves like a random walk: a first-order Gauss–Markov error
/// of standard deviation σ and correlation time τ changes over `Δt ≪ τ` with variance `2σ²Δt/τ` per axis
/// (Gelb, *Applied Optimal Estimation*, 1974, §3.8). Its rate `D = 2σ²/τ` (m²/s per axis) is what makes a
/// track long: an error that decorrelates within 10–20 s (a city street's multipath) wanders at the pace a
/// runner turns, so part of it passes any smoother that still follows the runner's corners, and a track
/// that zig-zags across the true one is longer than it. The error adds to the measured speed in quadrature
/// (Ranacher, Brunauer, Trutschnig, Van der Spek & Reich, "Why GPS makes distances bigger than they are",
/// *IJGIS* 30(2), 2016): `E[v̂²] = v² + σᵥ²`, with `σᵥ²` the variance of the error's velocity that the
/// smoother lets through. So each chord of the smoothed track counts `√(1 − σᵥ²/v̂²)` of its length, with
/// `σᵥ² = ``passedBandwidthPerSecond`` · D`.
///
/// `D` is measured on the raw fixes: for three fixes `a`, `b`, `c` at most ``maximumStepSeconds`` apart,
/// `b`'s offset from the straight line between `a` and `c` (interpolated at `b`'s time) has, for a random
/// walk of rate `D`, the variance `D · k₁k₂/(k₁+k₂)` per axis (`k₁`, `k₂` the two steps, s). The
/// estimate is the running median of that offset's normalised square, so that a corner or a stop, whose
/// offsets are large and rare, leaves it where the straights put it.
struct GPSNoiseDiffusion: Sendable {
    /// The velocity variance that passes the smoother per unit of `D` (1/s): chosen on the `NoiseFamily`
    /// tracks (README, "Accuracy"), where it leaves the urban run (τ 10–20 s) at −0.1 % on average over 80
    /// seeds instead of +0.5 %, the dense and thinned runs within 0.1 % of before. The same value takes a
    /// walker (1.3 m/s) through that noise from +3.6 % to −0.6 %: the correction grows as `1/v²`, as the
    /// error's share of the measured speed does.
    static let passedBandwidthPerSecond = 0.12
    /// The longest step of a triple that measures `D`: over longer steps the mover's own acceleration
    /// (half of `a·k₁k₂`, 2.4 m at 0.3 m/s² over two 4 s steps) outweighs the error's wander.
    static let maximumStepSeconds = 3.0
    /// Triples measured before the estimate is used; their exact median starts the running median. A running
    /// median started from the first triple moves by at most `e^±medianStep` a triple, so a track with few
    /// triples (a "smart recording" whose fixes are 1–3 s apart only now and then) kept an estimate near
    /// whatever its first triple read: a FIT run in Runalyze's tests, 33 triples among 567 fixes 6–10 s apart,
    /// read 16.7 m²/s where the median of its triples is 0.63, and every chord gave up 8–10 % of its length.
    static let minimumTriples = 31
    /// The first ``minimumTriples`` triples' values, in increasing order.
    private var firstTriples = InlineArray<31, Double>(repeating: 0)
    /// The least share of its length a chord keeps (the square root of this): a track so noisy or so slow
    /// that the correction would take more is left with this.
    static let minimumSquaredFactor = 0.8
    /// The median's step, as a factor `e^±step` per triple.
    static let medianStep = 0.05
    private static let stepUp = exp(medianStep), stepDown = exp(-medianStep)
    /// The median of `χ²₂/2`, which turns the median of the normalised square into its mean.
    private static let medianOfHalfChiSquared2 = 0.693_147

    /// The estimated rate `D`, m²/s per axis; `nan` before the first triple.
    private(set) var diffusionSquareMetersPerSecond = Double.nan
    private(set) var tripleCount = 0
    private var last: (latitude: Double, longitude: Double, time: Double)?
    private var beforeLast: (latitude: Double, longitude: Double, time: Double)?

    /// Takes a raw fix; `scale` is a tangent plane near it.
    mutating func add(latitude: Double, longitude: Double, time: Double, scale: LocalScale) {
        defer { beforeLast = last; last = (latitude, longitude, time) }
        guard let b = last, let a = beforeLast else { return }
        let k1 = b.time - a.time, k2 = time - b.time
        guard k1 > 0, k2 > 0, k1 <= Self.maximumStepSeconds, k2 <= Self.maximumStepSeconds else { return }
        func offset(_ lat: Double, _ lon: Double) -> SIMD2<Double> {
            scale.offsetMeters(latitude: lat, longitude: lon, fromLatitude: b.latitude, fromLongitude: b.longitude)
        }
        // b's offset from the line a–c at b's time (b is the origin).
        let r = (k2 * offset(a.latitude, a.longitude) + k1 * offset(latitude, longitude)) / (k1 + k2)
        let square = (r.x * r.x + r.y * r.y) / 2 / (k1 * k2 / (k1 + k2)) / Self.medianOfHalfChiSquared2
        guard square.isFinite else { return }
        let value = max(square, 1e-6)
        if tripleCount < Self.minimumTriples {
            // The first triples, kept in order, seed the running median with their exact median.
            var i = tripleCount
            while i > 0, firstTriples[i - 1] > value {
                firstTriples[i] = firstTriples[i - 1]
                i -= 1
            }
            firstTriples[i] = value
            tripleCount += 1
            diffusionSquareMetersPerSecond = firstTriples[tripleCount / 2]
            return
        }
        tripleCount += 1
        diffusionSquareMetersPerSecond *= value > diffusionSquareMetersPerSecond ? Self.stepUp : Self.stepDown
        diffusionSquareMetersPerSecond = max(diffusionSquareMetersPerSecond, 1e-6)
    }

    /// A gap or a new segment: the next triple starts from the next fix (the rate learnt so far stays).
    mutating func forgetLastFixes() {
        last = nil
        beforeLast = nil
    }

    /// The share of a chord's length that is the mover's, `√(1 − σᵥ²/v̂²)` at the smoothed speed `v̂` (see the
    /// type's discussion), for one rate `D`.
    struct LengthFactor: Sendable {
        /// The rate `D` (m²/s per axis); `nil` when none is known (every chord then counts whole). A rate below 0
        /// (a mean of measured values can be) counts as 0.
        var rateSquareMetersPerSecond: Double?

        /// The share at the smoothed speed `speed` (m/s), at most 1.
        func callAsFunction(speedMetersPerSecond speed: Double) -> Double {
            guard let rate = rateSquareMetersPerSecond, rate > 0, speed > 0.1 else { return 1 }
            let share = GPSNoiseDiffusion.passedBandwidthPerSecond * rate / (speed * speed)
            return max(1 - share, GPSNoiseDiffusion.minimumSquaredFactor).squareRoot()
        }
    }

    /// The share of a chord's length that is the mover's, with the lesser of the rate measured here and
    /// `other`, a rate measured another way (``DeviceSpeedNoise``); with `other` alone until ``minimumTriples``
    /// triples have been measured here, and with none while neither is known.
    func lengthFactor(rate other: Double? = nil) -> LengthFactor {
        let own = tripleCount >= Self.minimumTriples ? diffusionSquareMetersPerSecond : nil
        guard let own else { return LengthFactor(rateSquareMetersPerSecond: other) }
        return LengthFactor(rateSquareMetersPerSecond: min(own, other ?? own))
    }
}
