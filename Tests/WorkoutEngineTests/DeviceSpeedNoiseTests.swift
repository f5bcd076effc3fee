import Foundation
import Geodesy
import Testing
import TestSupport
@testable import WorkoutCore
import WorkoutEngine
import WorkoutSamples

/// ``DeviceSpeedNoise`` measures the rate at which a track's error wanders against the speed the device
/// recorded, and calls the fixes clean below 0.5 m²/s. References: the rate the test generated the error with,
/// and the noise-free track's length by PROJ's `geod`.
struct DeviceSpeedNoiseTests {
    static let scale = LocalScale(latitude: 47.37)

    /// A walker at 1.2 m/s (or a mover at `speed(second)`) along a winding trail (a turn of ±60° every 15 m), one
    /// fix a second, with `error` added east and north and the true speed (or `statedSpeed(trueSpeed,
    /// stepMeters)`) recorded with each.
    static func estimate(seconds: Int, speed: (Int) -> Double = { _ in 1.2 }, error: (Double) -> SIMD2<Double>,
                         statedSpeed: (Double, Double) -> Double = { speed, _ in speed }) -> DeviceSpeedNoise {
        var estimator = DeviceSpeedNoise()
        var position = SIMD2<Double>.zero, heading = 0.0, travelled = 0.0
        var previous: SIMD2<Double>?
        for second in 0...seconds {
            let time = Double(second)
            let trueSpeed = speed(second)
            if second > 0 {
                heading = 1.05 * sin(travelled / 15 * .pi)
                position += trueSpeed * SIMD2(sin(heading), cos(heading))
                travelled += trueSpeed
            }
            let fix = position + error(time)
            let step = previous.map { ((fix - $0) * (fix - $0)).sum().squareRoot() } ?? 0
            previous = fix
            estimator.add(latitude: 47.37 + fix.y / scale.metersPerDegreeLatitude, longitude: 8.54 + fix.x / scale.metersPerDegreeLongitude,
                          time: time, speedMetersPerSecond: statedSpeed(trueSpeed, step), scale: scale)
        }
        return estimator
    }

    /// A Gauss–Markov error of σ and τ per axis, drawn a second at a time from `seed`.
    static func gaussMarkov(sigma: Double, tau: Double, seed: UInt64) -> (Double) -> SIMD2<Double> {
        var rng = SplitMix64(seed: seed)
        var east = GaussMarkovNoise(sigmaMeters: sigma, correlationSeconds: tau, using: &rng)
        var north = GaussMarkovNoise(sigmaMeters: sigma, correlationSeconds: tau, using: &rng)
        return { time in time > 0 ? SIMD2(east.advance(seconds: 1, using: &rng), north.advance(seconds: 1, using: &rng)) : SIMD2(east.value, north.value) }
    }

    /// A runner at 3.2 m/s on the winding trail takes no step at a walker's pace: the runner's band (2.5-4.5 m/s)
    /// measures the rate and decides (a forest run's clean fixes, whose bends the smoother took for noise). Its
    /// steps' straight lines fall short of the bends a little more than a walker's, so the rates (2σ²/τ = 1.2 and
    /// 0.13 m²/s) are met within 15 % + 0.05 m²/s. (An error that hardly moves in a second, with the exact speed,
    /// would make the speed look computed from the fixes at a runner's pace: a real device's speed is measured
    /// with an error of its own.)
    @Test(arguments: [(3.0, 15.0, false), (2.0, 60.0, true)])
    func aRunnersPaceIsMeasuredInItsOwnBand(sigma: Double, tau: Double, clean: Bool) throws {
        let estimator = Self.estimate(seconds: 1800, speed: { _ in 3.2 }, error: Self.gaussMarkov(sigma: sigma, tau: tau, seed: 11))
        #expect(estimator.walking.stepCount == 0)
        #expect(estimator.running.decides)
        let measured = try #require(estimator.rateSquareMetersPerSecond)
        let expected = 2 * sigma * sigma / tau
        #expect(abs(measured - expected) < 0.15 * expected + 0.05, "\(measured) m²/s against \(expected)")
        #expect(estimator.fixesAreClean == clean)
    }

    /// A device whose speed reads 8 % low (a foot pod's calibration) adds `v²(1 − 0.92²)/2` to the rate: 0.79
    /// m²/s at 3.2 m/s, 0.11 at 1.2 m/s. Ten minutes of running, then ten of walking, with clean fixes: the
    /// runner's band decides the first ten (not clean), and the walker's, once it has five blocks, the rest
    /// (clean), never mixed with the running steps (whose rate would have kept the mean above 0.5).
    @Test func theWalkersBandDecidesOnceItHasEnoughSteps() {
        let speed = { (second: Int) in second <= 600 ? 3.2 : 1.2 }
        let low = { (trueSpeed: Double, _: Double) in 0.92 * trueSpeed }
        let running = Self.estimate(seconds: 600, speed: speed, error: Self.gaussMarkov(sigma: 1, tau: 600, seed: 12), statedSpeed: low)
        #expect(running.running.decides && !running.walking.decides)
        #expect(!running.fixesAreClean)
        let then = Self.estimate(seconds: 1200, speed: speed, error: Self.gaussMarkov(sigma: 1, tau: 600, seed: 12), statedSpeed: low)
        #expect(then.walking.decides)
        #expect(then.fixesAreClean)
    }

    /// A Gauss–Markov error of σ and τ per axis wanders at `D = 2σ²/τ` over a second (Gelb 1974, §3.8): the
    /// mean over an hour's steps comes within 15 % of it (the trail's bends, which the fixes alone count as
    /// error, are in the device's speed), and the fixes count as clean exactly when it is well below 0.5 m²/s.
    @Test(arguments: [(3.0, 15.0, false), (2.5, 10.0, false), (3.0, 600.0, true), (1.0, 120.0, true)])
    func measuresTheRateOfAGaussMarkovError(sigma: Double, tau: Double, clean: Bool) throws {
        var rng = SplitMix64(seed: 7)
        var east = GaussMarkovNoise(sigmaMeters: sigma, correlationSeconds: tau, using: &rng)
        var north = GaussMarkovNoise(sigmaMeters: sigma, correlationSeconds: tau, using: &rng)
        let estimator = Self.estimate(seconds: 3600) { time in
            time > 0 ? SIMD2(east.advance(seconds: 1, using: &rng), north.advance(seconds: 1, using: &rng)) : SIMD2(east.value, north.value)
        }
        let expected = 2 * sigma * sigma / tau
        let measured = try #require(estimator.rateSquareMetersPerSecond)
        #expect(abs(measured - expected) < 0.15 * expected + 0.005, "\(measured) m²/s against \(expected)")
        #expect(estimator.fixesAreClean == clean)
    }

    /// A speed computed from the fixes themselves (a step's length over its second, stated at the step's end or
    /// at its start) says nothing the fixes do not: noisy fixes with such a speed never count as clean.
    @Test(arguments: [false, true])
    func aSpeedComputedFromTheFixesIsNotTrusted(forward: Bool) {
        var rng = SplitMix64(seed: 3)
        var east = GaussMarkovNoise(sigmaMeters: 3, correlationSeconds: 15, using: &rng)
        var north = GaussMarkovNoise(sigmaMeters: 3, correlationSeconds: 15, using: &rng)
        var fixes: [SIMD2<Double>] = []
        var position = SIMD2<Double>.zero, travelled = 0.0
        for second in 0...1800 {
            if second > 0 {
                let heading = 1.05 * sin(travelled / 15 * .pi)
                position += 1.2 * SIMD2(sin(heading), cos(heading))
                travelled += 1.2
            }
            fixes.append(position + (second > 0 ? SIMD2(east.advance(seconds: 1, using: &rng), north.advance(seconds: 1, using: &rng)) : SIMD2(east.value, north.value)))
        }
        func stepSpeed(_ i: Int) -> Double {
            guard i > 0, i < fixes.count else { return 1.2 }
            return ((fixes[i] - fixes[i - 1]) * (fixes[i] - fixes[i - 1])).sum().squareRoot()
        }
        var estimator = DeviceSpeedNoise()
        for (i, fix) in fixes.enumerated() {
            estimator.add(latitude: 47.37 + fix.y / Self.scale.metersPerDegreeLatitude, longitude: 8.54 + fix.x / Self.scale.metersPerDegreeLongitude,
                          time: Double(i), speedMetersPerSecond: forward ? stepSpeed(i + 1) : stepSpeed(i), scale: Self.scale)
        }
        #expect(estimator.derivedStepCount * 2 > estimator.stepCount)
        #expect(!estimator.fixesAreClean)
    }

    /// A receiver that repeats its last position while the device's speed goes on: those steps say nothing
    /// of the error (read as steps, each would count as `−v²k/2`, a track cleaner than it is) and are not
    /// measured, nor the step after each.
    @Test func repeatedPositionsAreNotMeasured() {
        var rng = SplitMix64(seed: 4)
        var east = GaussMarkovNoise(sigmaMeters: 3, correlationSeconds: 15, using: &rng)
        var north = GaussMarkovNoise(sigmaMeters: 3, correlationSeconds: 15, using: &rng)
        var held = SIMD2<Double>.zero
        var estimator = DeviceSpeedNoise()
        for second in 0...3600 {
            let error = second > 0 ? SIMD2(east.advance(seconds: 1, using: &rng), north.advance(seconds: 1, using: &rng)) : SIMD2(east.value, north.value)
            // Every other fix repeats the one before.
            if second % 2 == 0 { held = SIMD2(0, 1.2 * Double(second)) + error }
            estimator.add(latitude: 47.37 + held.y / Self.scale.metersPerDegreeLatitude, longitude: 8.54 + held.x / Self.scale.metersPerDegreeLongitude,
                          time: Double(second), speedMetersPerSecond: 1.2, scale: Self.scale)
        }
        #expect(estimator.stepCount == 0)
        #expect(!estimator.fixesAreClean)
    }

    /// A mean of measured values may fall below 0 (a device whose speed reads a little high): the chord's share
    /// is then 1, never more.
    @Test func aRateBelowZeroLeavesChordsWhole() {
        let factor = GPSNoiseDiffusion.LengthFactor(rateSquareMetersPerSecond: -0.2)
        #expect(factor(speedMetersPerSecond: 0.5) == 1)
        #expect(GPSNoiseDiffusion.LengthFactor(rateSquareMetersPerSecond: 0.2)(speedMetersPerSecond: 1) < 1)
    }

    /// A verdict of the runner's band holds until the walker's band reaches one of its own: ten minutes of
    /// running with clean fixes (0.13 m²/s: clean), then ten of walking where the error wanders at 0.5 m²/s, on
    /// the threshold, so the walker's five blocks reach no verdict either way: the fixes stay clean, as the
    /// hysteresis keeps them within one band.
    @Test func theRunnersVerdictHoldsUntilTheWalkersBandHasOne() {
        var rng = SplitMix64(seed: 21)
        var east = GaussMarkovNoise(sigmaMeters: 2, correlationSeconds: 60, using: &rng)
        var north = GaussMarkovNoise(sigmaMeters: 2, correlationSeconds: 60, using: &rng)
        var slowEast = GaussMarkovNoise(sigmaMeters: 2.5, correlationSeconds: 25, using: &rng)
        var slowNorth = GaussMarkovNoise(sigmaMeters: 2.5, correlationSeconds: 25, using: &rng)
        let estimator = Self.estimate(seconds: 1200, speed: { $0 <= 600 ? 3.2 : 1.2 }) { time in
            guard time > 0 else { return SIMD2(east.value, north.value) }
            return time <= 600 ? SIMD2(east.advance(seconds: 1, using: &rng), north.advance(seconds: 1, using: &rng))
                : SIMD2(slowEast.advance(seconds: 1, using: &rng), slowNorth.advance(seconds: 1, using: &rng))
        }
        #expect(estimator.walking.decides && !estimator.walking.hasVerdict)
        #expect(estimator.decidingBand?.speeds == DeviceSpeedNoise.runningSpeeds)
        #expect(estimator.fixesAreClean)
    }

    /// Without a speed, and before five blocks of 60 steps have been measured, nothing counts as clean (exact fixes with the
    /// exact speed would look computed from each other: the fixes here have an error of 1 m that wanders
    /// over 10 minutes).
    @Test func needsTheDevicesSpeedAndEnoughSteps() {
        func slowError() -> (Double) -> SIMD2<Double> {
            var rng = SplitMix64(seed: 9)
            var east = GaussMarkovNoise(sigmaMeters: 1, correlationSeconds: 600, using: &rng)
            var north = GaussMarkovNoise(sigmaMeters: 1, correlationSeconds: 600, using: &rng)
            return { time in time > 0 ? SIMD2(east.advance(seconds: 1, using: &rng), north.advance(seconds: 1, using: &rng)) : SIMD2(east.value, north.value) }
        }
        #expect(!Self.estimate(seconds: 290, error: slowError()).fixesAreClean)
        #expect(Self.estimate(seconds: 400, error: slowError()).fixesAreClean)
        var estimator = DeviceSpeedNoise()
        for second in 0...600 {
            estimator.add(latitude: 47.37, longitude: 8.54 + 1.2 * Double(second) / Self.scale.metersPerDegreeLongitude,
                          time: Double(second), speedMetersPerSecond: nil, scale: Self.scale)
        }
        #expect(estimator.stepCount == 0)
        #expect(!estimator.fixesAreClean)
    }

    /// The whole engine on the winding trail with clean fixes (the receiver's filter leaves an error of 2 m that
    /// wanders over 10 minutes): with the device's speed its distance is within 1 % of the noise-free trail's
    /// (`geod`), where without it the smoother, made for noisier fixes, takes the bends for noise and reads short.
    @Test func cleanFixesOfAWindingTrailKeepTheirBends() throws {
        var rng = SplitMix64(seed: 5)
        var east = GaussMarkovNoise(sigmaMeters: 2, correlationSeconds: 600, using: &rng)
        var north = GaussMarkovNoise(sigmaMeters: 2, correlationSeconds: 600, using: &rng)
        var truth: [(latitude: Double, longitude: Double)] = [], samples: [Sample] = [], withoutSpeed: [Sample] = []
        var position = SIMD2<Double>.zero, heading = 0.0, travelled = 0.0
        for second in 0...2400 {
            if second > 0 {
                heading = 1.05 * sin(travelled / 15 * .pi)
                position += 1.2 * SIMD2(sin(heading), cos(heading))
                travelled += 1.2
            }
            let error = second > 0 ? SIMD2(east.advance(seconds: 1, using: &rng), north.advance(seconds: 1, using: &rng)) : SIMD2(east.value, north.value)
            let fix = position + error
            let time = 1_700_000_000 + Double(second)
            truth.append((47.37 + position.y / Self.scale.metersPerDegreeLatitude, 8.54 + position.x / Self.scale.metersPerDegreeLongitude))
            let latitude = 47.37 + fix.y / Self.scale.metersPerDegreeLatitude, longitude = 8.54 + fix.x / Self.scale.metersPerDegreeLongitude
            samples.append(.location(LocationSample(time: time, latitude: latitude, longitude: longitude, speedMetersPerSecond: 1.2)))
            withoutSpeed.append(.location(LocationSample(time: time, latitude: latitude, longitude: longitude)))
        }
        let truthMeters = try GeodReference.inverseDistancesMeters(latitudes: truth.map(\.latitude), longitudes: truth.map(\.longitude)).reduce(0, +)
        let options = WorkoutOptions(activity: .hiking)
        let measured = try WorkoutSummary(samples: samples, options: options).metrics.distanceMeters
        let blind = try WorkoutSummary(samples: withoutSpeed, options: options).metrics.distanceMeters
        #expect(abs(measured - truthMeters) < 0.01 * truthMeters, "\(measured) m against \(truthMeters) m")
        #expect(blind < measured, "without the speed \(blind) m, with it \(measured) m")
    }
}
