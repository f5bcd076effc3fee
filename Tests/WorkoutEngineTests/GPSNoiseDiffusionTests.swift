import Foundation
import Geodesy
import Testing
import TestSupport
@testable import WorkoutCore

/// ``GPSNoiseDiffusion`` measures the rate at which a track's error wanders from its raw fixes: the rate
/// the test generated the error with, by construction, is the reference.
struct GPSNoiseDiffusionTests {
    static let scale = LocalScale(latitude: 47.37)

    /// Feeds a straight run at 3 m/s east, sampled every `steps` seconds in turn, with `error(time)` metres
    /// added east and north.
    static func estimate(seconds: Int, steps: [Double] = [1], error: (Double) -> SIMD2<Double>) -> GPSNoiseDiffusion {
        var estimator = GPSNoiseDiffusion()
        var time = 0.0, index = 0
        while time <= Double(seconds) {
            let e = error(time)
            estimator.add(latitude: 47.37 + e.y / scale.metersPerDegreeLatitude,
                          longitude: 8.54 + (3 * time + e.x) / scale.metersPerDegreeLongitude, time: time, scale: scale)
            time += steps[index % steps.count]
            index += 1
        }
        return estimator
    }

    /// A Gauss–Markov error of σ = 3 m and τ = 15 s per axis wanders at `D = 2σ²/τ` = 1.2 m²/s over a
    /// second (Gelb 1974, §3.8): the estimate after an hour is within 15 % of it.
    @Test(arguments: [(3.0, 15.0), (2.5, 10.0), (3.0, 120.0)])
    func measuresTheRateOfAGaussMarkovError(sigma: Double, tau: Double) {
        var rng = SplitMix64(seed: 7)
        var east = GaussMarkovNoise(sigmaMeters: sigma, correlationSeconds: tau, using: &rng)
        var north = GaussMarkovNoise(sigmaMeters: sigma, correlationSeconds: tau, using: &rng)
        var lastTime = 0.0
        let estimator = Self.estimate(seconds: 3600) { time in
            let dt = time - lastTime
            lastTime = time
            return dt > 0 ? SIMD2(east.advance(seconds: dt, using: &rng), north.advance(seconds: dt, using: &rng)) : SIMD2(east.value, north.value)
        }
        let expected = 2 * sigma * sigma / tau
        #expect(abs(estimator.diffusionSquareMetersPerSecond - expected) < 0.15 * expected,
                "\(estimator.diffusionSquareMetersPerSecond) m²/s against \(expected)")
    }

    /// How much of the correction an error calls for follows how fast it decorrelates: a Gauss–Markov error
    /// of τ = 4 s has, by the model of ``GPSNoiseDiffusion/passedShareOfGaussMarkov(correlationSeconds:)``,
    /// 0.34 of the share a 10 s one has below the smoother's frequency; one of 15 s or 60 s keeps the whole
    /// correction. The estimate reads the ratio of 10 s to 1 s offsets along the track with two running
    /// medians, which wander (the long offsets of consecutive fixes share most of their error); the distance
    /// takes the share fix by fix, so what counts is its average over the track: on each of seeds 1–10 of a
    /// straight hour at 3 m/s with 3 m of error.
    @Test(arguments: [(4.0, 0.15...0.6), (15.0, 0.85...1.0), (60.0, 0.9...1.0)])
    func theCorrectionsShareFollowsHowFastTheErrorDecorrelates(tau: Double, expected: ClosedRange<Double>) {
        for seed in UInt64(1)...10 {
            var rng = SplitMix64(seed: seed)
            var east = GaussMarkovNoise(sigmaMeters: 3, correlationSeconds: tau, using: &rng)
            var north = GaussMarkovNoise(sigmaMeters: 3, correlationSeconds: tau, using: &rng)
            var estimator = GPSNoiseDiffusion()
            var shareSum = 0.0, shareCount = 0
            for second in 0...3600 {
                let time = Double(second)
                let e = second > 0 ? SIMD2(east.advance(seconds: 1, using: &rng), north.advance(seconds: 1, using: &rng)) : SIMD2(east.value, north.value)
                estimator.add(latitude: 47.37 + e.y / Self.scale.metersPerDegreeLatitude,
                              longitude: 8.54 + (3 * time + e.x) / Self.scale.metersPerDegreeLongitude, time: time, scale: Self.scale)
                if second >= 600 {
                    shareSum += estimator.passedShare
                    shareCount += 1
                }
            }
            let share = shareSum / Double(shareCount)
            #expect(expected.contains(share), "seed \(seed): share \(share) on average, \(estimator.passedShare) at the end from the ratio \(estimator.alongTrackRatio) (the model's \(GPSNoiseDiffusion.tripleRatio(correlationSeconds: tau)))")
            #expect(estimator.lengthFactor().passedShare == estimator.passedShare)
        }
    }

    /// A track recorded every 2 s has no 1 s triples for the ratio: the correction stays whole.
    @Test func aTrackRecordedEveryTwoSecondsKeepsTheWholeCorrection() {
        var rng = SplitMix64(seed: 3)
        var east = GaussMarkovNoise(sigmaMeters: 3, correlationSeconds: 4, using: &rng)
        var north = GaussMarkovNoise(sigmaMeters: 3, correlationSeconds: 4, using: &rng)
        let estimator = Self.estimate(seconds: 3600, steps: [2]) { _ in
            SIMD2(east.advance(seconds: 2, using: &rng), north.advance(seconds: 2, using: &rng))
        }
        #expect(estimator.tripleCount > 1000)
        #expect(estimator.passedShare == 1)
    }

    /// The ratio that maps to the share is the Gauss–Markov model's: 1/10 for white noise, rising to 1 for a
    /// random walk, 0.545 at τ = 4 s; the share is 1 from the reference correlation time on.
    @Test func theTripleRatioAndTheShareFollowTheModel() {
        #expect(abs(GPSNoiseDiffusion.tripleRatio(correlationSeconds: 1e-3) - 1.0 / 10) < 1e-6)
        #expect(abs(GPSNoiseDiffusion.tripleRatio(correlationSeconds: 4) - 0.545) < 0.001)
        #expect(abs(GPSNoiseDiffusion.tripleRatio(correlationSeconds: 1e6) - 1) < 1e-3)
        #expect(GPSNoiseDiffusion.passedShare(ratio: 1.2) == 1)
        #expect(GPSNoiseDiffusion.passedShare(ratio: .nan) == 1)
        #expect(GPSNoiseDiffusion.passedShare(ratio: 0.1) == GPSNoiseDiffusion.minimumPassedShare)
        let atFour = GPSNoiseDiffusion.passedShare(ratio: GPSNoiseDiffusion.tripleRatio(correlationSeconds: 4))
        let model = GPSNoiseDiffusion.passedShareOfGaussMarkov(correlationSeconds: 4)
            / GPSNoiseDiffusion.passedShareOfGaussMarkov(correlationSeconds: GPSNoiseDiffusion.referenceCorrelationSeconds)
        #expect(abs(atFour - model) < 0.01, "\(atFour) against \(model)")
    }

    /// A random walk sampled at uneven steps of 1–3 s: each triple is normalised by its own steps.
    @Test func unevenStepsMeasureTheSameRate() {
        var rng = SplitMix64(seed: 11)
        let rate = 0.8
        var walk = SIMD2<Double>.zero, lastTime = 0.0
        let estimator = Self.estimate(seconds: 7200, steps: [1, 3, 2, 1, 2]) { time in
            let dt = time - lastTime
            lastTime = time
            walk += (rate * dt).squareRoot() * SIMD2(rng.gaussian(), rng.gaussian())
            return walk
        }
        // A running median that steps by 5 % a triple wanders by up to about a fifth around the median.
        #expect(abs(estimator.diffusionSquareMetersPerSecond - rate) < 0.2 * rate, "\(estimator.diffusionSquareMetersPerSecond) m²/s against \(rate)")
    }

    /// A sparse track ("smart recording", fixes 6 s apart) with fixes 1 s apart only now and then: 33 triples,
    /// the first at a glitch of 40 m. The exact median of the first 31 starts the running median, so the
    /// estimate is the triples' rate, not the glitch's (started from the first triple, it stayed within a
    /// factor of 5 of it: a FIT run in Runalyze's tests read 17 m²/s where its triples' median is 0.63).
    @Test func fewTriplesAfterAGlitchMeasureTheirRate() {
        var rng = SplitMix64(seed: 21)
        let rate = 0.5
        var estimator = GPSNoiseDiffusion()
        var time = 0.0, walk = SIMD2<Double>.zero
        for burst in 0..<33 {
            // Five fixes 6 s apart, then three 1 s apart (one triple).
            for step in [6.0, 6, 6, 6, 6, 1, 1] {
                time += step
                walk += (rate * step).squareRoot() * SIMD2(rng.gaussian(), rng.gaussian())
                let glitch = burst == 0 && step == 1 && Int(time) % 2 == 0 ? 40.0 : 0
                estimator.add(latitude: 47.37 + walk.y / Self.scale.metersPerDegreeLatitude,
                              longitude: 8.54 + (3 * time + walk.x + glitch) / Self.scale.metersPerDegreeLongitude, time: time, scale: Self.scale)
            }
        }
        #expect(estimator.tripleCount == 33)
        #expect(abs(estimator.diffusionSquareMetersPerSecond - rate) < 0.5 * rate, "\(estimator.diffusionSquareMetersPerSecond) m²/s against \(rate)")
    }

    /// Exact fixes on a straight line at constant speed: no error, every chord counts whole.
    @Test func exactFixesLeaveTheLengthWhole() {
        let estimator = Self.estimate(seconds: 600) { _ in .zero }
        #expect(estimator.diffusionSquareMetersPerSecond < 1e-4)
        #expect(abs(estimator.lengthFactor()(speedMetersPerSecond: 3) - 1) < 1e-5)
    }

    /// Fixes 5 s apart make no triple (the mover's own acceleration would dominate): no correction.
    @Test func sparseFixesMakeNoCorrection() {
        var rng = SplitMix64(seed: 3)
        let estimator = Self.estimate(seconds: 3600, steps: [5]) { _ in SIMD2(3 * rng.gaussian(), 3 * rng.gaussian()) }
        #expect(estimator.tripleCount == 0)
        #expect(estimator.lengthFactor()(speedMetersPerSecond: 3) == 1)
    }

    /// The share follows `√(1 − κD/v²)`, bounded below by `√0.8`, and is 1 before 30 triples.
    @Test func theShareFollowsTheSpeed() {
        var rng = SplitMix64(seed: 5)
        var east = GaussMarkovNoise(sigmaMeters: 3, correlationSeconds: 15, using: &rng)
        var north = GaussMarkovNoise(sigmaMeters: 3, correlationSeconds: 15, using: &rng)
        let early = Self.estimate(seconds: 20) { _ in SIMD2(east.advance(seconds: 1, using: &rng), north.advance(seconds: 1, using: &rng)) }
        #expect(early.lengthFactor()(speedMetersPerSecond: 3) == 1)
        let estimator = Self.estimate(seconds: 3600) { _ in SIMD2(east.advance(seconds: 1, using: &rng), north.advance(seconds: 1, using: &rng)) }
        let d = estimator.diffusionSquareMetersPerSecond
        for speed in [2.0, 3.0, 8.0] {
            let expected = (1 - 0.12 * d / (speed * speed)).squareRoot()
            #expect(abs(estimator.lengthFactor()(speedMetersPerSecond: speed) - expected) < 1e-12)
        }
        #expect(abs(estimator.lengthFactor()(speedMetersPerSecond: 0.3) - 0.8.squareRoot()) < 1e-12)
    }
}
