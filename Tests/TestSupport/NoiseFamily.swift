import Foundation

/// A first-order Gauss–Markov process (an AR(1) process in discrete time): stationary, with standard
/// deviation `sigmaMeters` and autocorrelation `exp(-|Δt| / correlationSeconds)`; white noise when the
/// correlation time is 0. The usual model of GPS position error (Gelb, *Applied Optimal Estimation*, 1974,
/// §3.8; the per-axis model of most GNSS error budgets).
public struct GaussMarkovNoise: Sendable {
    public var sigmaMeters: Double
    public var correlationSeconds: Double
    public private(set) var value: Double

    /// Starts in the stationary distribution.
    public init(sigmaMeters: Double, correlationSeconds: Double, using rng: inout SplitMix64) {
        self.sigmaMeters = sigmaMeters
        self.correlationSeconds = correlationSeconds
        self.value = sigmaMeters * rng.gaussian()
    }

    /// Advances the process by `seconds` (exact discretisation: `ρ = exp(-Δt/τ)`, innovation
    /// `σ·√(1-ρ²)`), and returns the new value.
    public mutating func advance(seconds: Double, using rng: inout SplitMix64) -> Double {
        let rho = correlationSeconds > 0 ? exp(-seconds / correlationSeconds) : 0
        value = rho * value + sigmaMeters * (1 - rho * rho).squareRoot() * rng.gaussian()
        return value
    }
}

/// The noise models the accuracy targets cover (README, "Accuracy"); each draws its parameters from a
/// range with the seed, so a family is a distribution of tracks, not one track.
public enum NoiseFamily: String, Sendable, CaseIterable, CustomStringConvertible {
    /// A 1 Hz run with about 3 m of horizontal noise correlated over minutes (60–300 s).
    case denseRun
    /// The same kind of run thinned to irregular 1–8 s steps ("smart recording"), with 4–5 m of noise and
    /// 1–1.5 m of white altitude noise.
    case thinnedRun
    /// A city run: a corner of 6–12 m radius every 90–150 s, noise (2.5–3.5 m) that decorrelates within
    /// 10–20 s (multipath).
    case urbanRun
    /// A road ride at about 8 m/s: braking into corners, slower climbs, faster descents, stops at lights.
    case ride

    public var description: String { rawValue }

    /// The activity the engine should measure the track as.
    public var activityName: String { self == .ride ? "cycling" : "running" }

    /// The moving threshold of that activity (README, "Activities"), for the true moving time.
    public var movingThresholdMetersPerSecond: Double { self == .ride ? 1.5 : 0.75 }

    /// A track of this family for `seed`; with `horizontalCorrelationSeconds`, its horizontal noise's
    /// correlation time is drawn from that range instead of the family's (the rest as the family draws it).
    public func track(seed: UInt64, horizontalCorrelationSeconds: ClosedRange<Double>? = nil) -> SyntheticTrack {
        var rng = SplitMix64(seed: seed &* 0x9E37_79B9 &+ UInt64(NoiseFamily.allCases.firstIndex(of: self)!))
        func uniform(_ range: ClosedRange<Double>) -> Double { Double.random(in: range, using: &rng) }
        var profile = SyntheticTrack.Profile()
        var noise = SyntheticTrack.Noise()
        switch self {
        case .denseRun:
            noise.horizontalSigmaMeters = uniform(2.5...3.5)
            noise.horizontalCorrelationSeconds = uniform(60...300)
            noise.altitudeSigmaMeters = uniform(0.5...1.0)
            noise.altitudeCorrelationSeconds = 0
        case .thinnedRun:
            noise.horizontalSigmaMeters = uniform(4...5)
            noise.horizontalCorrelationSeconds = uniform(60...300)
            noise.altitudeSigmaMeters = uniform(1...1.5)
            noise.altitudeCorrelationSeconds = 0
        case .urbanRun:
            noise.horizontalSigmaMeters = uniform(2.5...3.5)
            noise.horizontalCorrelationSeconds = uniform(10...20)
            noise.altitudeSigmaMeters = uniform(0.5...1.0)
            noise.altitudeCorrelationSeconds = 0
            profile.cornerIntervalSeconds = uniform(90...150)
            profile.cornerRadiusMeters = 6...12
        case .ride:
            profile = .ride
            profile.baseSpeedMetersPerSecond = uniform(7.5...8.5)
            noise.horizontalSigmaMeters = uniform(2.5...3.5)
            noise.horizontalCorrelationSeconds = uniform(30...180)
            noise.altitudeSigmaMeters = uniform(0.5...1.0)
            noise.altitudeCorrelationSeconds = 0
        }
        if let horizontalCorrelationSeconds { noise.horizontalCorrelationSeconds = uniform(horizontalCorrelationSeconds) }
        var track = SyntheticTrack.generate(profile: profile, noise: noise, movingThresholdMetersPerSecond: movingThresholdMetersPerSecond, using: &rng)
        if self == .thinnedRun { track = track.thinned(stepSeconds: 1...8, using: &rng) }
        return track
    }
}

extension SyntheticTrack {
    /// The course and the mover of a generated track.
    public struct Profile: Sendable {
        public var durationSeconds = 2700
        /// The speed the mover returns to, varied slowly by ±15 %.
        public var baseSpeedMetersPerSecond = 3.0
        /// How the speed follows the terrain: the target speed is multiplied by `1 - gradeSpeedFactor · grade`
        /// (bounded to 0.4–1.6), so climbs are slower and descents faster.
        public var gradeSpeedFactor = 3.0
        /// Largest acceleration and braking, m/s².
        public var accelerationMetersPerSecond2 = 1.0
        public var brakingMetersPerSecond2 = 1.5
        /// Mean time between corners (a Poisson process) and the radius range of a corner.
        public var cornerIntervalSeconds = 120.0
        public var cornerRadiusMeters: ClosedRange<Double> = 10...10
        /// Corners turn through 60–120°; the mover slows to `√(lateralAcceleration · radius)` for them.
        public var cornerLateralAccelerationMetersPerSecond2 = 2.5
        /// Rolling hills: two sinusoids of altitude along the distance, with these amplitudes and
        /// wavelengths (m).
        public var hillAmplitudesMeters = (12.0, 6.0)
        public var hillWavelengthsMeters = (2513.0, 942.0)
        /// Stops (standing still for 30–90 s, or `stopSeconds`), evenly spread.
        public var stopCount = 3
        public var stopSeconds: ClosedRange<Double> = 30...90

        public init() {}

        /// A road ride: 8 m/s, corners every 90 s at 12–30 m radius, 25 m and 10 m hills, four stops at
        /// lights, 3 m/s² braking.
        public static var ride: Profile {
            var p = Profile()
            p.durationSeconds = 3600
            p.baseSpeedMetersPerSecond = 8
            p.gradeSpeedFactor = 6
            p.accelerationMetersPerSecond2 = 1.0
            p.brakingMetersPerSecond2 = 3.0
            p.cornerIntervalSeconds = 90
            p.cornerRadiusMeters = 12...30
            p.hillAmplitudesMeters = (25, 10)
            p.hillWavelengthsMeters = (4000, 1500)
            p.stopCount = 4
            p.stopSeconds = 15...60
            return p
        }
    }

    /// The GPS error of a generated track: a Gauss–Markov process per horizontal axis and one for altitude.
    public struct Noise: Sendable {
        public var horizontalSigmaMeters = 3.0
        public var horizontalCorrelationSeconds = 60.0
        public var altitudeSigmaMeters = 0.5
        /// 0: white altitude noise.
        public var altitudeCorrelationSeconds = 0.0
        public init() {}
    }

    /// Generates a 1 Hz track from `profile` with `noise`. The mover is integrated in steps of 0.1 s (speed
    /// limited by acceleration and braking, corners as circular arcs); the fixes are the positions at each
    /// whole second. The truth moving time counts the time the true speed is at or above
    /// `movingThresholdMetersPerSecond` (the engine's rule); the truth gain and loss are the sums of the
    /// altitude steps of the noise-free fixes.
    public static func generate(profile: Profile, noise: Noise, movingThresholdMetersPerSecond: Double,
                                startLatitude: Double = 47.37, startLongitude: Double = 8.54,
                                startTime: Double = 1_700_000_000, using rng: inout SplitMix64) -> SyntheticTrack {
        let duration = profile.durationSeconds
        var stops: [(start: Double, end: Double)] = []
        for i in 0..<profile.stopCount {
            let start = Double((i + 1) * duration / (profile.stopCount + 1))
            stops.append((start, start + Double.random(in: profile.stopSeconds, using: &rng)))
        }
        let metersPerDegreeLatitude = 111_132.954 - 559.822 * cos(2 * startLatitude * .pi / 180)
        let metersPerDegreeLongitude = 111_412.84 * cos(startLatitude * .pi / 180)
        let phases = (Double.random(in: 0..<(2 * .pi), using: &rng), Double.random(in: 0..<(2 * .pi), using: &rng),
                      Double.random(in: 0..<(2 * .pi), using: &rng), Double.random(in: 0..<(2 * .pi), using: &rng))
        let (a1, a2) = profile.hillAmplitudesMeters, (w1, w2) = profile.hillWavelengthsMeters
        func altitude(_ s: Double) -> Double { 400 + a1 * sin(2 * .pi * s / w1 + phases.0) + a2 * sin(2 * .pi * s / w2 + phases.1) }
        func grade(_ s: Double) -> Double {
            a1 * 2 * .pi / w1 * cos(2 * .pi * s / w1 + phases.0) + a2 * 2 * .pi / w2 * cos(2 * .pi * s / w2 + phases.1)
        }

        var east = 0.0, north = 0.0, heading = Double.random(in: 0..<(2 * .pi), using: &rng)
        var along = 0.0, speed = 0.0, turnRate = 0.0
        // A pending corner: radius, remaining angle and sign; `inCorner` once the mover has slowed for it.
        var corner: (radius: Double, remaining: Double, sign: Double)?
        var inCorner = false
        var moving = 0.0
        var noiseEast = GaussMarkovNoise(sigmaMeters: noise.horizontalSigmaMeters, correlationSeconds: noise.horizontalCorrelationSeconds, using: &rng)
        var noiseNorth = GaussMarkovNoise(sigmaMeters: noise.horizontalSigmaMeters, correlationSeconds: noise.horizontalCorrelationSeconds, using: &rng)
        var noiseUp = GaussMarkovNoise(sigmaMeters: noise.altitudeSigmaMeters, correlationSeconds: noise.altitudeCorrelationSeconds, using: &rng)
        var truth: [SyntheticFix] = [], noisy: [SyntheticFix] = []
        truth.reserveCapacity(duration + 1)
        noisy.reserveCapacity(duration + 1)
        let dt = 0.1
        for second in 0...duration {
            if second > 0 {
                for tenth in 1...10 {
                    let t = Double(second - 1) + Double(tenth) * dt
                    // Target speed: slow variation, the grade, a stop ahead, a corner ahead.
                    var target = profile.baseSpeedMetersPerSecond * (1 + 0.1 * sin(t / 97 + phases.2) + 0.05 * sin(t / 23 + phases.3))
                    target *= min(max(1 - profile.gradeSpeedFactor * grade(along), 0.4), 1.6)
                    if let stop = stops.first(where: { t < $0.end && t + speed / profile.brakingMetersPerSecond2 >= $0.start }) {
                        // Brake so as to stand still at the stop's start, stay until its end.
                        target = t >= stop.start ? 0 : min(target, profile.brakingMetersPerSecond2 * (stop.start - t))
                    }
                    if corner == nil, speed > 1, Double.random(in: 0..<1, using: &rng) < dt / profile.cornerIntervalSeconds {
                        corner = (Double.random(in: profile.cornerRadiusMeters, using: &rng),
                                  Double.random(in: (.pi / 3)...(2 * .pi / 3), using: &rng), Bool.random(using: &rng) ? 1 : -1)
                        inCorner = false
                    }
                    if let c = corner {
                        let cornerSpeed = (profile.cornerLateralAccelerationMetersPerSecond2 * c.radius).squareRoot()
                        target = min(target, cornerSpeed)
                        if speed <= cornerSpeed + 0.05 { inCorner = true }
                    }
                    let change = min(max(target - speed, -profile.brakingMetersPerSecond2 * dt), profile.accelerationMetersPerSecond2 * dt)
                    speed = max(speed + change, 0)
                    if speed >= movingThresholdMetersPerSecond { moving += dt }
                    let step = speed * dt
                    if inCorner, let c = corner {
                        let angle = min(step / c.radius, c.remaining)
                        heading += c.sign * angle
                        corner!.remaining -= angle
                        if corner!.remaining <= 1e-12 { corner = nil; inCorner = false }
                    } else if speed > 0 {
                        // A gentle wander between corners.
                        turnRate = 0.99 * turnRate + 0.03 * rng.gaussian() * 0.02
                        heading += turnRate * dt * speed / 3
                    }
                    east += step * sin(heading)
                    north += step * cos(heading)
                    along += step
                }
            }
            let e = noiseEast.advance(seconds: second > 0 ? 1 : 0, using: &rng)
            let n = noiseNorth.advance(seconds: second > 0 ? 1 : 0, using: &rng)
            let u = noiseUp.advance(seconds: second > 0 ? 1 : 0, using: &rng)
            let latitude = startLatitude + north / metersPerDegreeLatitude
            let longitude = startLongitude + east / metersPerDegreeLongitude
            let time = startTime + Double(second)
            let heartRate = 140 + 10 * sin(Double(second) / 300)
            let z = altitude(along)
            truth.append(SyntheticFix(time: time, latitude: latitude, longitude: longitude, altitudeMeters: z, heartRate: heartRate, cadence: 84,
                                      speedMetersPerSecond: speed))
            noisy.append(SyntheticFix(
                time: time, latitude: latitude + n / metersPerDegreeLatitude, longitude: longitude + e / metersPerDegreeLongitude,
                altitudeMeters: z + u, heartRate: heartRate.rounded(), cadence: 84, speedMetersPerSecond: speed))
        }
        var gain = 0.0, loss = 0.0
        for i in 1..<truth.count {
            let step = truth[i].altitudeMeters - truth[i - 1].altitudeMeters
            if step > 0 { gain += step } else { loss -= step }
        }
        return SyntheticTrack(truth: truth, noisy: noisy, trueMovingSeconds: moving, trueElevationGainMeters: gain, trueElevationLossMeters: loss)
    }

    /// The same track recorded sparsely ("smart recording"): fixes at irregular steps drawn uniformly from
    /// `stepSeconds`. The truth stays that of the dense track (its distance is measured on the kept
    /// noise-free fixes by the caller; moving time and gain are the dense profile's).
    public func thinned(stepSeconds: ClosedRange<Int>, using rng: inout SplitMix64) -> SyntheticTrack {
        var indices: [Int] = []
        var i = 0
        while i < truth.count {
            indices.append(i)
            i += Int.random(in: stepSeconds, using: &rng)
        }
        if indices.last != truth.count - 1 { indices.append(truth.count - 1) }
        return SyntheticTrack(truth: indices.map { truth[$0] }, noisy: indices.map { noisy[$0] }, trueMovingSeconds: trueMovingSeconds,
                              trueElevationGainMeters: trueElevationGainMeters, trueElevationLossMeters: trueElevationLossMeters)
    }
}

extension SyntheticTrack {
    /// The length the noise adds to first order, metres: `Σ (nᵢ₊₁ − nᵢ)·uᵢ`, with `nᵢ` the noise of fix `i`
    /// (noisy minus truth, east and north) and `uᵢ` the unit direction of the true step from fix `i` to
    /// `i + 1` (zero where the mover stands): the derivative of the polyline's length by its vertices, the
    /// noise's movement along the route. On a straight it telescopes to the difference of the noise at the
    /// two ends; at every turn it does not, so a noise that happens to sit on the outside of the turns makes
    /// the route longer, one on the inside shorter. Any estimate from the fixes alone carries this term (the
    /// shifted route is as smooth as the true one): it is what no filter can take off (README, "Accuracy").
    /// Computed on a tangent plane at the first fix (the term is tens of metres at most, and the plane's
    /// scale is off by well under 1 % over a few kilometres).
    public var firstOrderNoiseLengthMeters: Double {
        guard let first = truth.first else { return 0 }
        let metersPerDegreeLatitude = 111_132.954 - 559.822 * cos(2 * first.latitude * .pi / 180)
        let metersPerDegreeLongitude = 111_412.84 * cos(first.latitude * .pi / 180)
        func plane(_ fix: SyntheticFix) -> SIMD2<Double> {
            SIMD2((fix.longitude - first.longitude) * metersPerDegreeLongitude, (fix.latitude - first.latitude) * metersPerDegreeLatitude)
        }
        var meters = 0.0
        for i in truth.indices.dropLast() {
            let step = plane(truth[i + 1]) - plane(truth[i])
            let length = (step * step).sum().squareRoot()
            guard length > Self.standingStepMeters else { continue }
            let noiseStep = (plane(noisy[i + 1]) - plane(truth[i + 1])) - (plane(noisy[i]) - plane(truth[i]))
            meters += (noiseStep * step).sum() / length
        }
        return meters
    }

    /// A true step shorter than this is the mover standing: it has no direction, and the engine counts no
    /// distance there (stop detection).
    public static let standingStepMeters = 0.05
}
