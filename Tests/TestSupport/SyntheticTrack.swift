import Foundation

/// A deterministic pseudo-random generator (SplitMix64, Steele, Lea & Flood, OOPSLA 2014), so generated
/// tracks are the same on every machine and every run.
public struct SplitMix64: RandomNumberGenerator, Sendable {
    private var state: UInt64
    public init(seed: UInt64) { state = seed }
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
    /// A standard normal deviate (Box–Muller).
    public mutating func gaussian() -> Double {
        let u1 = max(Double.random(in: 0..<1, using: &self), 1e-300)
        let u2 = Double.random(in: 0..<1, using: &self)
        return (-2 * log(u1)).squareRoot() * cos(2 * .pi * u2)
    }
}

/// One fix of a generated track.
public struct SyntheticFix: Sendable {
    public var time: Double
    public var latitude: Double
    public var longitude: Double
    public var altitudeMeters: Double
    public var heartRate: Double
    public var cadence: Double
    /// The mover's true speed at the fix, m/s, as a device measures it apart from the positions (Doppler, a
    /// wheel, a foot pod); `nil` where the generator does not give it.
    public var speedMetersPerSecond: Double? = nil
}

/// A generated 1 Hz workout: the noise-free path, the same path with GPS-like noise, and the truth the
/// engine should recover. The truth is computed from the noise-free path with independent tools
/// (`geod` for distance), never with WorkoutEngine.
public struct SyntheticTrack: Sendable {
    public var truth: [SyntheticFix]
    public var noisy: [SyntheticFix]
    /// Seconds in which the true speed was above zero.
    public var trueMovingSeconds: Double
    /// Sum of the positive altitude steps of the noise-free path.
    public var trueElevationGainMeters: Double
    public var trueElevationLossMeters: Double

    /// Generates a run of `durationSeconds` at 1 Hz starting at `startTime`.
    ///
    /// The path: speed varying smoothly around `baseSpeed`, heading changing through gentle curves and
    /// occasional 90° corners (10 m radius), rolling hills (two sinusoids, 12 m and 6 m amplitude), and
    /// `stopCount` stops of 30–90 s. The noise: a first-order autoregressive (Gauss–Markov) process per
    /// axis with standard deviation `horizontalNoiseMeters` and correlation time `correlationSeconds`,
    /// plus white altitude noise of `altitudeNoiseMeters`.
    public static func run(
        seed: UInt64,
        durationSeconds: Int = 2700,
        baseSpeed: Double = 3.0,
        horizontalNoiseMeters: Double = 3,
        correlationSeconds: Double = 30,
        altitudeNoiseMeters: Double = 0.5,
        stopCount: Int = 3,
        startLatitude: Double = 47.37,
        startLongitude: Double = 8.54,
        startTime: Double = 1_700_000_000
    ) -> SyntheticTrack {
        var rng = SplitMix64(seed: seed)
        // Stops: evenly spread, random lengths.
        var stops: [(start: Int, end: Int)] = []
        for i in 0..<stopCount {
            let start = (i + 1) * durationSeconds / (stopCount + 1)
            stops.append((start, start + Int.random(in: 30...90, using: &rng)))
        }
        let metersPerDegreeLatitude = 111_132.954 - 559.822 * cos(2 * startLatitude * .pi / 180)
        let metersPerDegreeLongitude = 111_412.84 * cos(startLatitude * .pi / 180)

        var east = 0.0, north = 0.0, heading = Double.random(in: 0..<(2 * .pi), using: &rng)
        var distanceAlong = 0.0
        var turnRate = 0.0
        var cornerRemaining = 0.0
        var cornerSign = 1.0
        var truth: [SyntheticFix] = []
        var noisy: [SyntheticFix] = []
        truth.reserveCapacity(durationSeconds + 1)
        let rho = exp(-1 / correlationSeconds)
        let innovation = horizontalNoiseMeters * (1 - rho * rho).squareRoot()
        var noiseEast = rng.gaussian() * horizontalNoiseMeters
        var noiseNorth = rng.gaussian() * horizontalNoiseMeters
        var moving = 0.0
        var gain = 0.0, loss = 0.0
        var previousAltitude: Double?
        let phase1 = Double.random(in: 0..<(2 * .pi), using: &rng), phase2 = Double.random(in: 0..<(2 * .pi), using: &rng)

        for second in 0...durationSeconds {
            if second > 0 {
                let stopped = stops.contains { second > $0.start && second <= $0.end }
                let speed = stopped ? 0 : baseSpeed + 0.4 * sin(Double(second) / 97) + 0.2 * sin(Double(second) / 23)
                if speed > 0 { moving += 1 }
                // Heading: a gentle wander, and now and then a 90° corner at 10 m radius.
                if cornerRemaining <= 0, speed > 0, Double.random(in: 0..<1, using: &rng) < 1.0 / 120 {
                    cornerRemaining = .pi / 2
                    cornerSign = Bool.random(using: &rng) ? 1 : -1
                }
                if cornerRemaining > 0, speed > 0 {
                    let step = min(speed / 10, cornerRemaining)
                    heading += cornerSign * step
                    cornerRemaining -= step
                } else {
                    turnRate = 0.9 * turnRate + 0.1 * rng.gaussian() * 0.02
                    heading += turnRate * (speed > 0 ? 1 : 0)
                }
                east += speed * sin(heading)
                north += speed * cos(heading)
                distanceAlong += speed
                let rhoStep = rho
                noiseEast = rhoStep * noiseEast + innovation * rng.gaussian()
                noiseNorth = rhoStep * noiseNorth + innovation * rng.gaussian()
            }
            let altitude = 400 + 12 * sin(distanceAlong / 400 + phase1) + 6 * sin(distanceAlong / 150 + phase2)
            if let previousAltitude {
                let step = altitude - previousAltitude
                if step > 0 { gain += step } else { loss -= step }
            }
            previousAltitude = altitude
            let latitude = startLatitude + north / metersPerDegreeLatitude
            let longitude = startLongitude + east / metersPerDegreeLongitude
            let time = startTime + Double(second)
            let heartRate = 140 + 10 * sin(Double(second) / 300)
            truth.append(SyntheticFix(time: time, latitude: latitude, longitude: longitude, altitudeMeters: altitude, heartRate: heartRate, cadence: 84))
            noisy.append(SyntheticFix(
                time: time,
                latitude: latitude + noiseNorth / metersPerDegreeLatitude,
                longitude: longitude + noiseEast / metersPerDegreeLongitude,
                altitudeMeters: altitude + altitudeNoiseMeters * rng.gaussian(),
                heartRate: heartRate.rounded(), cadence: 84))
        }
        return SyntheticTrack(truth: truth, noisy: noisy, trueMovingSeconds: moving, trueElevationGainMeters: gain, trueElevationLossMeters: loss)
    }

    /// The fixes as GPX 1.1 with Garmin TrackPointExtension heart rate and cadence.
    public static func gpx(_ fixes: [SyntheticFix], activity: String = "running") -> String {
        var text = """
        <?xml version="1.0" encoding="UTF-8"?>
        <gpx version="1.1" creator="WorkoutEngine tests" xmlns="http://www.topografix.com/GPX/1/1" \
        xmlns:gpxtpx="http://www.garmin.com/xmlschemas/TrackPointExtension/v1">
        <trk><type>\(activity)</type><trkseg>

        """
        for fix in fixes {
            text += "<trkpt lat=\"\(fix.latitude)\" lon=\"\(fix.longitude)\"><ele>\(fix.altitudeMeters)</ele>"
            text += "<time>\(iso8601(fix.time))</time><extensions><gpxtpx:TrackPointExtension>"
            text += "<gpxtpx:hr>\(Int(fix.heartRate))</gpxtpx:hr><gpxtpx:cad>\(Int(fix.cadence))</gpxtpx:cad>"
            text += "</gpxtpx:TrackPointExtension></extensions></trkpt>\n"
        }
        return text + "</trkseg></trk></gpx>\n"
    }

    /// The same fixes as NDJSON: a header line, then per fix a location, a heart-rate and a cadence line.
    public static func ndjson(_ fixes: [SyntheticFix], activity: String = "running") -> String {
        var text = "{\"type\":\"header\",\"activity\":\"\(activity)\"}\n"
        for fix in fixes {
            text += "{\"type\":\"location\",\"time\":\(fix.time),\"latitude\":\(fix.latitude),\"longitude\":\(fix.longitude),\"altitude\":\(fix.altitudeMeters)}\n"
            text += "{\"type\":\"heartRate\",\"time\":\(fix.time),\"bpm\":\(Int(fix.heartRate))}\n"
            text += "{\"type\":\"cadence\",\"time\":\(fix.time),\"perMinute\":\(Int(fix.cadence))}\n"
        }
        return text
    }

    static func iso8601(_ seconds: Double) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        return formatter.string(from: Date(timeIntervalSince1970: seconds))
    }
}
