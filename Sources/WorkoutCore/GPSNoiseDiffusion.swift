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
///
/// How much of that rate passes the smoother depends on how fast the error decorrelates, which `D` alone
/// does not tell: an error of correlation time τ has the random walk's velocity spectrum above `1/2πτ` and
/// less below, where the smoother passes it. The ratio of the along-track offsets of 10 s triples to those
/// of the short ones tells it (1 for a random walk, 0.55 at τ = 4 s), and ``passedShare`` scales the
/// correction by it: urban noise with a correlation time of 3–5 s read 1.7 % short before.
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
    static let minimumTriples = SeededRunningMedian.seedCount
    /// The least share of its length a chord keeps (the square root of this): a track so noisy or so slow
    /// that the correction would take more is left with this.
    static let minimumSquaredFactor = 0.8
    /// The median of `χ²₂/2`, which turns the median of the normalised square into its mean.
    private static let medianOfHalfChiSquared2 = 0.693_147

    /// The running median of the triples' normalised squares: the rate `D`.
    private var rate = SeededRunningMedian()
    /// The estimated rate `D`, m²/s per axis; `nan` before the first triple.
    var diffusionSquareMetersPerSecond: Double { rate.value }
    var tripleCount: Int { rate.count }

    /// The steps, s, of the long triples that show how fast the error decorrelates: at least this long, at
    /// most ``longTripleMaximumSeconds``. The longer the step, the more the ratio tells correlation times of
    /// 4 and 15 s apart (0.55 against 0.91 at 10 s, 0.73 against 0.96 at 6 s), and the more the mover's own
    /// changes of speed add to it (which leaves the correction whole); 10 s read the urban runs of 3–10 s
    /// best (README, "Accuracy").
    static let longTripleSeconds = 10.0
    static let longTripleMaximumSeconds = 11.0
    /// The running medians of the along-track part of the offset, normalised as `D` is, over short triples
    /// (those that measure `D`) and long ones (``longTripleSeconds``): their ratio is 1 for an error that
    /// wanders as a random walk and less for one that decorrelates within seconds (see ``passedShare``).
    private var shortAlongTrack = SeededRunningMedian(step: GPSNoiseDiffusion.alongTrackMedianStep, fineStep: GPSNoiseDiffusion.alongTrackFineStep,
                                                      settlingCount: GPSNoiseDiffusion.alongTrackSettlingCount)
    private var longAlongTrack = SeededRunningMedian(step: GPSNoiseDiffusion.alongTrackMedianStep, fineStep: GPSNoiseDiffusion.alongTrackFineStep,
                                                     settlingCount: GPSNoiseDiffusion.alongTrackSettlingCount)
    /// The longest step of a short triple that counts for the ratio: the model's are 1 s
    /// (``tripleRatio(correlationSeconds:)``). A track recorded every 2 s or more has none, nor one recorded
    /// more than about 1.5 times a second (the ring of the last fixes then spans less than two long steps): its
    /// ``passedShare`` stays 1, the correction as it was.
    static let shortAlongTrackMaximumSeconds = 1.5
    /// Triples of each kind before ``passedShare`` is read from them: two minutes of a 1 Hz track. A "smart
    /// recording" has few 10–11 s pairs, and a ratio of medians of a few dozen values each is too uncertain.
    static let minimumAlongTrackTriples = 120
    /// The along-track medians' step for their first ``alongTrackSettlingCount`` values, then a finer one.
    /// The long offsets of consecutive fixes share most of their error, so a median stepping by 1 % a value
    /// wanders: on a straight hour with an error of τ = 15 s, the ratio read at a moment ranged 0.68–1.05
    /// (the model's 0.91) and the share averaged 0.77 on one seed of ten; after ten minutes at 0.3 % a
    /// value it stays within 0.85–1 on all ten (`GPSNoiseDiffusionTests`).
    static let alongTrackMedianStep = 0.01
    static let alongTrackFineStep = 0.003
    static let alongTrackSettlingCount = 600
    /// The last fixes, for the long triples: enough for two 11 s steps of a 1 Hz track. A ring (its size a
    /// power of two, for the mask): the oldest of the `recentCount` is at `recentStart`.
    private var recent = InlineArray<32, Fix>(repeating: Fix(latitude: 0, longitude: 0, time: 0))
    private var recentStart = 0, recentCount = 0

    /// The `index`th of the last fixes, the oldest first.
    private func recentFix(_ index: Int) -> Fix { recent[(recentStart + index) & (recent.count - 1)] }
    /// The ratio of the long triples' along-track median to the short ones' (`nan` before both have one).
    var alongTrackRatio: Double { longAlongTrack.value / shortAlongTrack.value }
    /// The share of the random walk's passed velocity variance that this track's error passes, from the
    /// long and short triples (1 until both have ``minimumAlongTrackTriples``).
    private(set) var passedShare = 1.0

    struct Fix {
        var latitude: Double, longitude: Double, time: Double
    }

    /// Takes a raw fix; `scale` is a tangent plane near it.
    mutating func add(latitude: Double, longitude: Double, time: Double, scale: LocalScale) {
        let c = Fix(latitude: latitude, longitude: longitude, time: time)
        defer {
            if recentCount == recent.count {
                recent[recentStart] = c
                recentStart = (recentStart + 1) & (recent.count - 1)
            } else {
                recent[(recentStart + recentCount) & (recent.count - 1)] = c
                recentCount += 1
            }
        }
        guard recentCount >= 2 else { return }
        let updatedShort = addShortTriple(a: recentFix(recentCount - 2), b: recentFix(recentCount - 1), c: c, scale: scale)
        let updatedLong = addLongTriple(ending: c, scale: scale)
        if updatedShort || updatedLong, shortAlongTrack.count >= Self.minimumAlongTrackTriples, longAlongTrack.count >= Self.minimumAlongTrackTriples {
            passedShare = Self.passedShare(ratio: alongTrackRatio + Self.ratioMargin)
        }
    }

    /// `b`'s offset from the line `a`–`c` at `b`'s time, with `b` the origin, and the unit direction from `a`
    /// to `c`; `nil` when they are less than a metre apart.
    private static func offset(a: Fix, b: Fix, c: Fix, scale: LocalScale) -> (offset: SIMD2<Double>, direction: SIMD2<Double>?) {
        func position(_ fix: Fix) -> SIMD2<Double> {
            scale.offsetMeters(latitude: fix.latitude, longitude: fix.longitude, fromLatitude: b.latitude, fromLongitude: b.longitude)
        }
        let k1 = b.time - a.time, k2 = c.time - b.time
        let pa = position(a), pc = position(c)
        let chord = pc - pa
        let length = (chord.x * chord.x + chord.y * chord.y).squareRoot()
        return ((k2 * pa + k1 * pc) / (k1 + k2), length > 1 ? chord / length : nil)
    }

    /// Measures `D` on three consecutive fixes at most ``maximumStepSeconds`` apart; returns whether it did.
    private mutating func addShortTriple(a: Fix, b: Fix, c: Fix, scale: LocalScale) -> Bool {
        let k1 = b.time - a.time, k2 = c.time - b.time
        guard k1 > 0, k2 > 0, k1 <= Self.maximumStepSeconds, k2 <= Self.maximumStepSeconds else { return false }
        let (r, direction) = Self.offset(a: a, b: b, c: c, scale: scale)
        let expected = k1 * k2 / (k1 + k2)
        let square = (r.x * r.x + r.y * r.y) / 2 / expected / Self.medianOfHalfChiSquared2
        guard square.isFinite else { return false }
        rate.add(max(square, 1e-6))
        if let direction, k1 <= Self.shortAlongTrackMaximumSeconds, k2 <= Self.shortAlongTrackMaximumSeconds {
            let along = r.x * direction.x + r.y * direction.y
            shortAlongTrack.add(max(along * along / expected, 1e-6))
        }
        return true
    }

    /// Measures the along-track offset on a long triple ending at `c`; returns whether it did.
    private mutating func addLongTriple(ending c: Fix, scale: LocalScale) -> Bool {
        func before(_ time: Double, from index: Int) -> Int? {
            var i = index
            while i >= 0 {
                let step = time - recentFix(i).time
                if step >= Self.longTripleSeconds { return step <= Self.longTripleMaximumSeconds ? i : nil }
                i -= 1
            }
            return nil
        }
        guard let bIndex = before(c.time, from: recentCount - 1), let aIndex = before(recentFix(bIndex).time, from: bIndex - 1) else { return false }
        let a = recentFix(aIndex), b = recentFix(bIndex)
        let (r, direction) = Self.offset(a: a, b: b, c: c, scale: scale)
        guard let direction else { return false }
        let along = r.x * direction.x + r.y * direction.y
        let k1 = b.time - a.time, k2 = c.time - b.time
        let square = along * along / (k1 * k2 / (k1 + k2))
        guard square.isFinite else { return false }
        longAlongTrack.add(max(square, 1e-6))
        return true
    }

    /// A gap or a new segment: the next triple starts from the next fix (the rate learnt so far stays).
    mutating func forgetLastFixes() {
        recentStart = 0
        recentCount = 0
    }

    /// The share of a chord's length that is the mover's, `√(1 − σᵥ²/v̂²)` at the smoothed speed `v̂` (see the
    /// type's discussion), for one rate `D`.
    struct LengthFactor: Sendable {
        /// The rate `D` (m²/s per axis); `nil` when none is known (every chord then counts whole). A rate below 0
        /// (a mean of measured values can be) counts as 0.
        var rateSquareMetersPerSecond: Double?
        /// The share of a random walk's passed velocity variance that the error passes (``passedShare``).
        var passedShare = 1.0

        /// The share at the smoothed speed `speed` (m/s), at most 1.
        func callAsFunction(speedMetersPerSecond speed: Double) -> Double {
            guard let rate = rateSquareMetersPerSecond, rate > 0, speed > 0.1 else { return 1 }
            let share = GPSNoiseDiffusion.passedBandwidthPerSecond * passedShare * rate / (speed * speed)
            return max(1 - share, GPSNoiseDiffusion.minimumSquaredFactor).squareRoot()
        }
    }

    /// The share of a chord's length that is the mover's, with the lesser of the rate measured here and
    /// `other`, a rate measured another way (``DeviceSpeedNoise``); with `other` alone until ``minimumTriples``
    /// triples have been measured here, and with none while neither is known.
    func lengthFactor(rate other: Double? = nil) -> LengthFactor {
        let own = tripleCount >= Self.minimumTriples ? diffusionSquareMetersPerSecond : nil
        guard let own else { return LengthFactor(rateSquareMetersPerSecond: other, passedShare: passedShare) }
        return LengthFactor(rateSquareMetersPerSecond: min(own, other ?? own), passedShare: passedShare)
    }

    // MARK: How much of the error passes the smoother

    /// The least correlation time, s, of the urban family's error that ``passedBandwidthPerSecond`` was chosen
    /// on (10–20 s): an error that decorrelates more slowly passes at least as much, and its correction stays
    /// whole.
    static let referenceCorrelationSeconds = 10.0
    /// The frequency, Hz, up to which the smoother passes an error's velocity, in the model of
    /// ``passedShareOfGaussMarkov(correlationSeconds:)``: chosen on the urban run with correlation times of
    /// 1–3, 3–5, 5–7 and 7–10 s (README, "Accuracy"; 40 seeds each), where the mean distance error is now
    /// +0.09 %, −0.01 %, −0.29 % and −0.22 % (−4.9 %, −1.7 %, −0.75 % and −0.33 % before).
    static let passedFrequencyHertz = 0.03
    /// Added to the measured ratio before it is read: the two running medians wander (see
    /// ``alongTrackMedianStep``), and a ratio that their wander alone puts under the reference must not take
    /// the correction off an error that decorrelates slowly. The distance takes the share fix by fix, so it
    /// follows the share's average over the track.
    static let ratioMargin = 0.03
    /// The least ``passedShare``: an error about as fast as the fixes (a correlation time under about 2.3 s),
    /// little of which a smoother lets through, still has this share of the correction (urban noise of 1–3 s
    /// read −0.8 % on average with a least share of 0.3, +0.1 % with this).
    static let minimumPassedShare = 0.15

    /// The ratio of the long triples' along-track median to the short triples' (both normalised by a random
    /// walk's variance, so 1 for one) that a first-order Gauss–Markov error of correlation time `tau` gives
    /// with 1 s and ``longTripleSeconds`` triples: `V(k) = σ²(3/2 − 2ρₖ + ρ₂ₖ/2)`, `ρₖ = e^(−k/τ)`, over `k`.
    static func tripleRatio(correlationSeconds tau: Double) -> Double {
        func v(_ k: Double) -> Double { 1.5 - 2 * exp(-k / tau) + 0.5 * exp(-2 * k / tau) }
        return v(longTripleSeconds) / (longTripleSeconds * v(1))
    }

    /// The share of its velocity variance below ``passedFrequencyHertz`` that a Gauss–Markov error of
    /// correlation time `tau` has, against a random walk of the same rate: its velocity spectrum is
    /// `D·x²/(1+x²)` with `x = 2πfτ` where the random walk's is `D`, so the share is `1 − arctan(X)/X` at
    /// `X = 2π·f·τ`.
    static func passedShareOfGaussMarkov(correlationSeconds tau: Double) -> Double {
        let x = 2 * Double.pi * passedFrequencyHertz * tau
        return 1 - atan(x) / x
    }

    /// ``passedShare`` against the triples' `ratio`, at correlation times from 0.5 s to
    /// ``referenceCorrelationSeconds`` (the ratio grows with the correlation time).
    private static let passedShareTable: [(ratio: Double, share: Double)] = {
        let reference = passedShareOfGaussMarkov(correlationSeconds: referenceCorrelationSeconds)
        return stride(from: 0.5, through: referenceCorrelationSeconds, by: 0.25).map { tau in
            (tripleRatio(correlationSeconds: tau), passedShareOfGaussMarkov(correlationSeconds: tau) / reference)
        }
    }()

    /// The share of the correction that a track's error calls for, from the ratio of its long triples'
    /// along-track median to its short ones': an error that decorrelates within seconds (a city's
    /// multipath) moves the fixes a lot from one second to the next, which is what `D` measures, but has
    /// less of its velocity at the slow frequencies a smoother that follows a runner lets through. Read on
    /// the along-track part, which a runner's corners do not move (the mover's own changes of speed raise
    /// the ratio, so they can only leave the correction whole). 1 at the reference correlation time and
    /// above, ``minimumPassedShare`` at the least.
    static func passedShare(ratio: Double) -> Double {
        let table = passedShareTable
        guard ratio.isFinite, let first = table.first, let last = table.last, ratio < last.ratio else { return 1 }
        guard ratio > first.ratio else { return minimumPassedShare }
        // The first entry above `ratio` (the ratios increase along the table).
        var lower = 0, upper = table.count - 1
        while upper - lower > 1 {
            let middle = (lower + upper) / 2
            if table[middle].ratio > ratio { upper = middle } else { lower = middle }
        }
        let (r0, s0) = table[lower], (r1, s1) = table[upper]
        let share = s0 + (s1 - s0) * (ratio - r0) / (r1 - r0)
        return max(share, minimumPassedShare)
    }
}
