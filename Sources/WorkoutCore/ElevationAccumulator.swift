import WorkoutSamples
import Foundation
import Geodesy

/// Smooths altitude with a ``KalmanAxis`` and a ``FixedLagSmoother`` (the same filter and smoother as the
/// horizontal position, in one dimension) and counts gain and loss with hysteresis: a climb or a descent
/// counts, whole, once the smoothed altitude has turned back from its extreme by more than the threshold.
/// Unlike a fixed-step counter, no remainder below the threshold is lost at the top of each climb.
///
/// Noise left in the smoothed altitude does not only make false climbs (the hysteresis stops those): each
/// counted climb runs from the lowest to the highest smoothed value, so it gains the noise's excursions at
/// both ends, about two standard deviations of the residual each on a long flat top or bottom. Smoothing
/// the altitude backwards as well as forwards (RTS) is what keeps that residual small; a filter alone
/// leaves most of it at the sparse, irregular steps of a "smart recording".
struct ElevationAccumulator: Sendable {
    var hysteresisMeters: Double
    var accelerationNoise: Double
    var defaultAccuracyMeters: Double

    private(set) var gainMeters = 0.0
    private(set) var lossMeters = 0.0
    private(set) var hasAltitude = false
    /// The latest altitude taken in (the filtered estimate when smoothing applies, else the raw value),
    /// metres: what the analysis records per fix until the smoothed value of that fix is known.
    private(set) var latestMeters: Double?
    /// The smoothed altitudes counted since ``removeSettled()``, with the times of their fixes: each fix's
    /// final altitude, which the analysis takes in place of ``latestMeters`` (see
    /// ``AnalysisSeries/settle(time:altitudeMeters:)``).
    private(set) var settled: [(time: Double, altitudeMeters: Double)] = []
    private var axis = KalmanAxis()
    private var lag = FixedLagSmoother(lagSeconds: PositionSmoother.lagSeconds, capacity: 96)
    private var lastTime: Double?
    /// The estimated variance of altitudes that state no accuracy, and the last two raw altitudes it
    /// comes from (see ``add(altitudeMeters:time:accuracyMeters:smooth:)``).
    private var noiseVariance = 0.0
    private var lastRaw: (time: Double, altitude: Double)?
    private var secondLastRaw: (time: Double, altitude: Double)?
    /// The span of that estimate's running mean, and the least noise it may conclude (a barometric
    /// altimeter's resolution).
    static let noiseWindowSeconds = 60.0
    static let minimumAccuracyMeters = 0.2
    private var smoothedStarted = false
    /// The fastest the altitude may change between the first readings of a segment (m/s) before the earlier
    /// reading counts as an altimeter still settling: a barometric altimeter that calibrates at the start
    /// climbs hundreds of metres in seconds (a vívoactive's first ten readings go from 1,258 m to 2,257 m,
    /// 655 m in the first second), where a skier or a rider descending a 30 % slope at 10 m/s drops 3 m/s.
    static let settlingVerticalSpeed = 5.0
    /// The first altitude of a segment, held until the next one shows it was not still settling.
    private var settlingCandidate: (time: Double, altitudeMeters: Double, accuracyMeters: Double?)?
    /// The extreme reached in the current direction and the extreme it started from.
    private var extreme = 0.0
    private var turning = 0.0
    private var direction = 0  // +1 climbing, -1 descending, 0 unknown
    /// Whether the hysteresis has its first altitude (of the workout, or of a separate outing).
    private var hysteresisStarted = false
    private var minimum = Double.infinity
    private var maximum = -Double.infinity

    init(hysteresisMeters: Double, accelerationNoise: Double, defaultAccuracyMeters: Double) {
        self.hysteresisMeters = hysteresisMeters
        self.accelerationNoise = accelerationNoise
        self.defaultAccuracyMeters = defaultAccuracyMeters
        settled.reserveCapacity(8)
    }

    /// Forgets the altitudes in ``settled`` (taken by the analysis).
    mutating func removeSettled() {
        settled.removeAll(keepingCapacity: true)
    }

    var minimumMeters: Double? { hasAltitude ? minimum : nil }
    var maximumMeters: Double? { hasAltitude ? maximum : nil }

    /// Starts a new segment: the smoothed altitudes still in the window count, smoothing restarts, the
    /// hysteresis state carries over.
    mutating func resetSmoothing() {
        flush()
        smoothedStarted = false
        lastTime = nil
        lastRaw = nil
        secondLastRaw = nil
    }

    /// A separate outing starts (a logger's sessions merged in one track): the climb or descent open at the
    /// end of the last one counts as it stands, and the next altitude starts afresh, so the difference
    /// between the two places is neither climbed nor descended.
    mutating func beginSeparateOuting() {
        flush()
        switch direction {
        case 1: gainMeters += extreme - turning
        case -1: lossMeters += turning - extreme
        default: break
        }
        direction = 0
        hysteresisStarted = false
    }

    /// Counts the smoothed altitudes still in the smoother's window (and a segment's first altitude, held
    /// for the next one, as it stands).
    mutating func flush() {
        if let candidate = settlingCandidate {
            settlingCandidate = nil
            filterAndSmooth(candidate.altitudeMeters, time: candidate.time, accuracyMeters: candidate.accuracyMeters)
        }
        while let state = lag.popOldest(aheadSeconds: 0) { countSmoothed(state.state) }
    }

    /// This accumulator with the window counted: what the figures are with every altitude so far (its
    /// ``settled`` list is not extended: a copy taken for a figure allocates nothing).
    var flushed: ElevationAccumulator {
        var copy = self
        while let state = copy.lag.popOldest(aheadSeconds: 0) { copy.count(state.state.position.x) }
        if let candidate = copy.settlingCandidate { copy.count(candidate.altitudeMeters) }
        return copy
    }

    /// The smoothed altitudes still in the smoother's window, as the track stands now, oldest first, with
    /// their fixes' times.
    func forEachPendingSmoothed(_ body: (_ time: Double, _ altitudeMeters: Double) -> Void) {
        var lag = self.lag
        while let state = lag.popOldest(aheadSeconds: 0) { body(state.state.time, state.state.position.x) }
        if let candidate = settlingCandidate { body(candidate.time, candidate.altitudeMeters) }
    }

    /// Takes in an altitude; `smooth` is false for `--filter none` and for untimed fixes. Returns the number
    /// of altitudes dropped as an altimeter still settling (0 or 1): when smoothing, a segment's first
    /// altitude waits for the next, and is dropped when the two are further apart than
    /// ``settlingVerticalSpeed`` allows; the next then waits in its place.
    @discardableResult
    mutating func add(altitudeMeters raw: Double, time: Double?, accuracyMeters: Double?, smooth: Bool) -> Int {
        guard raw.isFinite else { return 0 }
        guard smooth, let time else {
            flush()
            latestMeters = raw
            count(raw)
            return 0
        }
        guard smoothedStarted else {
            guard let candidate = settlingCandidate else {
                settlingCandidate = (time, raw, accuracyMeters)
                latestMeters = nil
                return 0
            }
            if time > candidate.time, abs(raw - candidate.altitudeMeters) / (time - candidate.time) > Self.settlingVerticalSpeed {
                settlingCandidate = (time, raw, accuracyMeters)
                latestMeters = nil
                return 1
            }
            settlingCandidate = nil
            filterAndSmooth(candidate.altitudeMeters, time: candidate.time, accuracyMeters: candidate.accuracyMeters)
            filterAndSmooth(raw, time: time, accuracyMeters: accuracyMeters)
            return 0
        }
        filterAndSmooth(raw, time: time, accuracyMeters: accuracyMeters)
        return 0
    }

    /// Runs an altitude through the filter and into the smoother; counts what leaves the window.
    private mutating func filterAndSmooth(_ raw: Double, time: Double, accuracyMeters: Double?) {
        let sigma = min(max(accuracyMeters ?? defaultAccuracyMeters, 0.5), 50)
        var gain = SmootherGain()
        if smoothedStarted, let last = lastTime {
            let dt = max(time - last, 0)
            gain = axis.predict(seconds: dt, accelerationNoise: accelerationNoise)
            var variance = sigma * sigma
            if accuracyMeters == nil {
                // No stated accuracy: a barometric altimeter (decimetres) and GPS altitude (metres) differ
                // tenfold, so the noise is estimated from the data: the previous altitude's departure from
                // the straight line between its neighbours, `e = z₁ − ((1−a)·z₀ + a·z₂)`, has variance
                // `R·(1 + a² + (1−a)²)` plus the terrain's curvature, which over a few seconds is small
                // (the difference-based variance estimator of von Neumann et al., Ann. Math. Statist. 12,
                // 1941, for irregular steps). Its mean over about a minute, between
                // `minimumAccuracyMeters` and the default, is the measurement variance.
                if let (t0, z0) = secondLastRaw, let (t1, z1) = lastRaw, time > t0 {
                    let a = (t1 - t0) / (time - t0)
                    let departure = z1 - ((1 - a) * z0 + a * raw)
                    let sample = departure * departure / (1 + a * a + (1 - a) * (1 - a))
                    let weight = min((time - t1) / Self.noiseWindowSeconds, 1)
                    noiseVariance += weight * (sample - noiseVariance)
                }
                variance = min(max(noiseVariance, Self.minimumAccuracyMeters * Self.minimumAccuracyMeters), variance)
            }
            axis.update(measurement: raw, variance: variance)
        } else {
            noiseVariance = sigma * sigma
            axis = KalmanAxis(position: raw, variance: sigma * sigma, velocityVariance: 1)
            smoothedStarted = true
        }
        lastTime = time
        latestMeters = axis.position
        secondLastRaw = lastRaw
        lastRaw = (time, raw)
        lag.push(FixedLagSmoother.State(time: time, position: SIMD2(axis.position, 0), velocity: SIMD2(axis.velocity, 0), payload: 0),
                 gainFromPrevious: gain)
        while let state = lag.popDue(aheadSeconds: 0) { countSmoothed(state.state) }
    }

    /// Counts a smoothed altitude that left the smoother's window, and keeps it for the analysis.
    private mutating func countSmoothed(_ state: FixedLagSmoother.State) {
        count(state.position.x)
        settled.append((state.time, state.position.x))
    }

    /// Counts one (smoothed or raw) altitude: extremes and hysteresis.
    private mutating func count(_ altitude: Double) {
        minimum = min(minimum, altitude)
        maximum = max(maximum, altitude)
        hasAltitude = true
        guard hysteresisStarted else {
            hysteresisStarted = true
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

    /// Gain and loss including the climb or descent still open at the end (of what was counted: take
    /// ``flushed`` first for the altitudes still in the window).
    var totals: (gainMeters: Double, lossMeters: Double) {
        switch direction {
        case 1: (gainMeters + (extreme - turning), lossMeters)
        case -1: (gainMeters, lossMeters + (turning - extreme))
        default: (gainMeters, lossMeters)
        }
    }
}
