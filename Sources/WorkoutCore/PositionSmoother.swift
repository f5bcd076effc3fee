import WorkoutSamples
import Foundation
import Geodesy

/// Smooths horizontal positions: a constant-velocity Kalman filter (``PlanarKalman``) whose process noise
/// each fix takes from the fixes ``lookAheadSeconds`` around it (stiff on a straight, supple through a
/// corner or a stop), then a ``FixedLagSmoother`` that gives each state out once it is at least ``lagSeconds`` old,
/// corrected by the fixes since (Rauch–Tung–Striebel). A second, causal filter with the activity's fixed
/// process noise gives the live speed; the smoothed track gives distance and moving time.
struct PositionSmoother: Sendable {
    /// A smoothed position, its velocity and the payload the builder attached to its fix.
    struct Point: Sendable {
        var latitude: Double
        var longitude: Double
        var speedMetersPerSecond: Double
        var time: Double
        var payload: Double
        /// The lesser speed of the net displacement of the smoothed track over the ``windowSeconds`` before
        /// this point and over those after it (a side counts as `infinity` when less than half that span is
        /// known): GPS noise at a stop wanders to and fro and nets almost nothing, a mover does not, and
        /// the first and last points of a stop have one side wholly inside it.
        var windowSpeedMetersPerSecond: Double = .infinity
        /// The smoothed velocity east and north, metres per second.
        var velocity = SIMD2<Double>.zero
        /// The speed the device recorded with this point's fix (m/s), `nil` when none.
        var deviceSpeedMetersPerSecond: Double?
    }

    /// Calls `body` with points of the smoothed track between `a` and `b`, about one a second, when they
    /// are more than 1.5 s apart (a sparse track). Between two fixes the smoothed estimate of the
    /// white-acceleration model is the cubic through both ends with their smoothed velocities (the
    /// smoother of this model is a cubic smoothing spline: Wahba, *J. R. Statist. Soc. B* 40, 1978), so the
    /// track follows a corner between sparse fixes instead of cutting it with a straight step. The points
    /// carry `b`'s window speed and no payload.
    static func forEachPointBetween(_ a: Point, _ b: Point, _ body: (Point) -> Void) {
        let dt = b.time - a.time
        guard dt > 1.5, dt < 60 else { return }
        let scale = LocalScale(latitude: a.latitude)
        let end = scale.offsetMeters(latitude: b.latitude, longitude: b.longitude, fromLatitude: a.latitude, fromLongitude: a.longitude)
        let count = Int(dt.rounded(.up))
        for k in 1..<count {
            let s = Double(k) / Double(count)
            let s2 = s * s, s3 = s2 * s
            // Cubic Hermite basis.
            let h10 = s3 - 2 * s2 + s, h01 = -2 * s3 + 3 * s2, h11 = s3 - s2
            let position = h10 * dt * a.velocity + h01 * end + h11 * dt * b.velocity
            let velocity = ((3 * s2 - 4 * s + 1) * dt * a.velocity + (-6 * s2 + 6 * s) * end + (3 * s2 - 2 * s) * dt * b.velocity) / dt
            var lon = a.longitude + position.x / scale.metersPerDegreeLongitude
            if lon > 180 { lon -= 360 } else if lon < -180 { lon += 360 }
            let lat = min(max(a.latitude + position.y / scale.metersPerDegreeLatitude, -90), 90)
            var point = Point(latitude: lat, longitude: lon, speedMetersPerSecond: (velocity.x * velocity.x + velocity.y * velocity.y).squareRoot(),
                              time: a.time + s * dt, payload: 0, velocity: velocity)
            point.windowSpeedMetersPerSecond = b.windowSpeedMetersPerSecond
            point.deviceSpeedMetersPerSecond = b.deviceSpeedMetersPerSecond
            body(point)
        }
    }

    /// The span of each side of ``Point/windowSpeedMetersPerSecond``: 20 s, over which 3 m of noise
    /// correlated over 15 s nets 4–5 m (0.2–0.25 m/s), while a runner at 3 m/s nets 60 m on a straight and
    /// still 30 m through a 120° corner. The smoother's lag (30 s) holds the 20 s ahead that it needs.
    static let windowSeconds = 20.0

    /// Acceleration noise (m²/s³): how sharply the mover can change velocity, the spectral density of the
    /// white-acceleration model (Bar-Shalom, Li & Kirubarajan 2001, §6.2.2), the activity's: the live
    /// filter's, and the smoothing filter's where a fix has not both sides of its look-ahead (the first
    /// and last seconds of a segment). It enters the prediction as `q·dt³/3`, so a sparse track ("smart
    /// recording", steps of up to 8 s or more) is trusted to wander between its fixes as much as a dense one
    /// does over the same time, no more.
    var accelerationNoise: Double
    /// Standard deviation assumed for a fix that reports no accuracy, metres.
    var defaultAccuracyMeters: Double
    /// How long the smoother waits at least before it gives out a state (see ``FixedLagSmoother``).
    /// 30 s: the smoother's gains fall off within a few time constants of the filter (a few seconds at
    /// these noise levels); 30 s also covers several fixes of a sparse track.
    static let lagSeconds = 30.0

    /// The filter whose states the smoother corrects: it takes each fix ``lookAheadSeconds`` late, with the
    /// process noise the fixes around it call for (see ``processNoise(for:)``).
    private var filter = PlanarKalman()
    /// The causal filter of the live speed: every fix at once, with the activity's ``accelerationNoise``.
    private var live = PlanarKalman()
    private(set) var isInitialized = false
    /// Counts the changes of the smoother's state (a fix taken, a point given out, a reset): what was
    /// computed from ``forEachPending(_:)`` holds while it is unchanged.
    private(set) var revision = 0
    /// The smoother's frame: the filtered states are kept in metres east and north of this origin (moved
    /// when the estimate is more than 1 km from it), at this origin's scale.
    private var frameLatitude = 0.0, frameLongitude = 0.0
    private var frameScale = LocalScale(latitude: 0)
    private var lag = FixedLagSmoother(lagSeconds: lagSeconds, capacity: 96)
    /// The points given out over the last window (for ``Point/windowSpeedMetersPerSecond``).
    private var history = SlidingWindow<(time: Double, latitude: Double, longitude: Double)>(reservingCapacity: 128)
    /// A fix as it came, waiting for the look-ahead or kept for the window behind.
    private struct RawFix: Sendable {
        var latitude: Double, longitude: Double, time: Double, variance: Double, payload: Double
        /// The device's speed (m/s), `nan` when none.
        var deviceSpeed: Double
    }
    /// Fixes not yet filtered, oldest first: each waits until a fix ``lookAheadSeconds`` later has come.
    private var ahead = SlidingWindow<RawFix>(reservingCapacity: 128)
    /// Fixes filtered over the last ``lookAheadSeconds`` (and the one before), for the window behind.
    private var behind = SlidingWindow<RawFix>(reservingCapacity: 128)

    /// How far around a fix the velocity change that sets its process noise is measured: 8 s, the time a
    /// runner takes through a street corner, long enough that 3–5 m of GPS noise moves the measured
    /// velocity by well under 1 m/s at 3 m/s.
    static let lookAheadSeconds = 8.0
    /// The least process noise (m²/s³) a fix gets, on a straight at constant speed: the velocity may still
    /// wander by `√(q·t)`, 1.4 m/s over 10 s (a runner's surges, a rider's gentle bends).
    static let minimumProcessNoise = 0.2
    /// The most process noise (m²/s³) a fix gets, through the sharpest change of velocity.
    static let maximumProcessNoise = 20.0
    /// How much more process noise a velocity change gets than `Δv²/T`: the two 8 s means see a change that
    /// takes 3–5 s (a corner, a stop) only in part, and the fixes beside it less still, so the rule of
    /// thumb alone cuts corners (−0.8 % on the dense run). Chosen on the ``NoiseFamily`` tracks and the real
    /// recordings of the README's tables: 1 and 10 cut corners, 30 follows them without letting the
    /// noise of a straight through.
    static let changeGain = 30.0
    /// A velocity change counts only beyond this many times the noise level (``noiseFloor``).
    static let noiseFloorMultiple = 6.0
    /// The quantile of the squared velocity change taken as its noise level: the 20th percentile, which a
    /// winding road or a track of frequent corners does not raise, as it would raise the median.
    static let noiseFloorQuantile = 0.2
    /// How fast the noise level follows the data: a factor of `e` per this many seconds at most.
    static let noiseFloorSeconds = 20.0
    /// The noise level of the squared velocity change, (m/s)², tracked from the data (`nan` before the
    /// first estimate).
    private var noiseFloor = Double.nan
    /// The noise level's factors up and down for the last step length (a track's steps are mostly all the
    /// same: two `exp` per fix saved).
    private var noiseFloorSteps = (step: Double.nan, up: 1.0, down: 1.0)
    /// How fast the track's GPS error wanders, from the raw fixes: the length it adds to the smoothed
    /// track comes off each distance chord (see ``GPSNoiseDiffusion``).
    private(set) var noiseDiffusion = GPSNoiseDiffusion()
    /// How fast the track's GPS error wanders, against the speed the device recorded (``DeviceSpeedNoise``).
    private(set) var deviceSpeedNoise = DeviceSpeedNoise()
    /// The standard deviation assumed for a fix that states no accuracy while the device's speed shows the
    /// fixes clean (``DeviceSpeedNoise/fixesAreClean``): the receiver's filter already took the fast part of
    /// the error off, and what is left wanders too slowly for a smoother to take off. At 5 m the smoother took
    /// a slow mover's bends for noise: a mountain-bike ride in fit-parser's tests (MIT) read 9.0 % short of
    /// its device's distance, the FR910XT trail run 3.4 %, now within 0.2 % and 1.6 % (README, "Distance").
    static let cleanFixAccuracyMeters = 1.0

    /// Whether the device's speed shows the fixes clean (``DeviceSpeedNoise/fixesAreClean``).
    var fixesAreClean: Bool { deviceSpeedNoise.fixesAreClean }

    /// The standard deviation assumed for a fix that states no accuracy: ``defaultAccuracyMeters``, or
    /// ``cleanFixAccuracyMeters`` while the fixes are clean (for the fixes taken in from then on: those in the
    /// smoother's window keep what they were given).
    var assumedAccuracyMeters: Double { fixesAreClean ? Self.cleanFixAccuracyMeters : defaultAccuracyMeters }

    /// The share of a chord that the mover travelled (see ``GPSNoiseDiffusion/lengthFactor(rate:)``): while the
    /// fixes are clean, with the lesser of the rate the fixes show and the one the device's speed shows (each
    /// overstates the error in its own way: the fixes count a trail's bends, the speed its own calibration).
    var noiseLength: GPSNoiseDiffusion.LengthFactor {
        noiseDiffusion.lengthFactor(rate: fixesAreClean ? deviceSpeedNoise.rateSquareMetersPerSecond : nil)
    }

    init(accelerationNoise: Double, defaultAccuracyMeters: Double) {
        self.accelerationNoise = accelerationNoise
        self.defaultAccuracyMeters = defaultAccuracyMeters
    }

    /// Forgets the state (a new segment starts). Take the window out first (``popOldest()``): what is still
    /// in it is lost.
    mutating func reset() {
        revision &+= 1
        isInitialized = false
        filter = PlanarKalman()
        live = PlanarKalman()
        ahead.removeAll()
        behind.removeAll()
        noiseFloor = .nan
        noiseDiffusion.forgetLastFixes()
        deviceSpeedNoise.forgetLastFix()
        while lag.popOldest(aheadSeconds: 0) != nil {}
        history.removeAll()
    }

    /// Takes in a fix at `time`, with the speed the device recorded with it if any; `payload` travels with it
    /// to the smoothed point. Then take the points that became due (see ``FixedLagSmoother``) with ``popDue()``.
    mutating func add(latitude lat: Double, longitude lon: Double, time: Double, accuracyMeters: Double?, deviceSpeedMetersPerSecond: Double?,
                      payload: Double) {
        revision &+= 1
        let scale = isInitialized ? frameScale : LocalScale(latitude: lat)
        deviceSpeedNoise.add(latitude: lat, longitude: lon, time: time, speedMetersPerSecond: deviceSpeedMetersPerSecond, scale: scale)
        let sigma = min(max(accuracyMeters ?? assumedAccuracyMeters, 1), 100)
        let r = sigma * sigma
        live.step(latitude: lat, longitude: lon, time: time, variance: r, accelerationNoise: accelerationNoise)
        ahead.append(RawFix(latitude: lat, longitude: lon, time: time, variance: r, payload: payload, deviceSpeed: deviceSpeedMetersPerSecond ?? .nan))
        noiseDiffusion.add(latitude: lat, longitude: lon, time: time, scale: scale)
        while let first = ahead.first, ahead.count > 48 || time - first.time >= Self.lookAheadSeconds {
            filterOldest()
        }
    }

    /// Filters every fix still waiting for its look-ahead (the end of a segment, a figure taken now).
    private mutating func flushAhead() {
        while !ahead.isEmpty { filterOldest() }
    }

    /// The process noise for the step into `fix`: by the rule `q ≈ Δv²/T` of the white-acceleration model
    /// (Bar-Shalom, Li & Kirubarajan 2001, §6.2.2), from the change `Δv` between the mean velocity over
    /// the ``lookAheadSeconds`` behind the fix and the one ahead of it, `T` their span. A runner on a
    /// straight changes velocity by a few tenths of a metre per second (GPS noise adds as much), through a
    /// street corner by 3–4 m/s: so the filter is stiff where the mover goes straight, and GPS noise that
    /// wanders over 10–20 s no longer adds length there, yet it follows a corner or a stop as sharply as it
    /// happens (adaptive process noise estimated from the data, as in Mehra, *IEEE Trans. Automatic Control*
    /// 17(5), 1972, here from the fixes around the step rather than the innovations). Until both sides are
    /// known (a segment's first and last seconds) the activity's ``accelerationNoise`` applies.
    private mutating func processNoise(for fix: RawFix) -> Double {
        guard let from = behind.last(where: { $0.time <= fix.time - Self.lookAheadSeconds }) ?? behind.first,
              let to = ahead.firstAfterOldest(where: { $0.time >= fix.time + Self.lookAheadSeconds }) ?? (ahead.count > 1 ? ahead.last : nil),
              fix.time - from.time >= Self.lookAheadSeconds / 2, to.time - fix.time >= Self.lookAheadSeconds / 2 else {
            return accelerationNoise
        }
        let scale = LocalScale(latitude: fix.latitude)
        func offset(_ a: RawFix, _ b: RawFix) -> SIMD2<Double> {
            scale.offsetMeters(latitude: b.latitude, longitude: b.longitude, fromLatitude: a.latitude, fromLongitude: a.longitude)
        }
        let before = offset(from, fix) / (fix.time - from.time)
        let after = offset(fix, to) / (to.time - fix.time)
        let change = after - before
        let span = (to.time - from.time) / 2
        let squared = change.x * change.x + change.y * change.y
        // The velocity change that GPS noise alone makes, learnt from the data: a running quantile of the
        // squared change, tracked by multiplicative steps up or down (a step up `p` as often as a step
        // down `1 − p` balances at the quantile `p`), so the large, rare changes of corners and stops do not
        // move it.
        if noiseFloor.isNaN {
            noiseFloor = squared
        } else {
            let step = min(fix.time - (behind.last?.time ?? fix.time), 10) / Self.noiseFloorSeconds
            if step != noiseFloorSteps.step {
                let p = Self.noiseFloorQuantile
                noiseFloorSteps = (step, exp(2 * p * step), exp(-2 * (1 - p) * step))
            }
            noiseFloor *= squared > noiseFloor ? noiseFloorSteps.up : noiseFloorSteps.down
            noiseFloor = max(noiseFloor, 1e-4)
        }
        let q = Self.changeGain * max(squared - Self.noiseFloorMultiple * noiseFloor, 0) / span
        return min(max(q, Self.minimumProcessNoise), Self.maximumProcessNoise)
    }

    /// Runs the oldest waiting fix through the filter and into the smoother.
    private mutating func filterOldest() {
        let fix = ahead[0]
        let q = processNoise(for: fix)
        ahead.removeFirst()
        behind.append(fix)
        while behind.count > 1, behind[1].time <= fix.time - Self.lookAheadSeconds { behind.removeFirst() }
        if behind.count > 48 { behind.removeFirst() }
        guard isInitialized else {
            filter.step(latitude: fix.latitude, longitude: fix.longitude, time: fix.time, variance: fix.variance, accelerationNoise: q)
            isInitialized = true
            frameLatitude = fix.latitude; frameLongitude = fix.longitude
            frameScale = LocalScale(latitude: fix.latitude)
            lag.push(state(time: fix.time, payload: fix.payload, deviceSpeed: fix.deviceSpeed), gainFromPrevious: SmootherGain())
            return
        }
        let gain = filter.step(latitude: fix.latitude, longitude: fix.longitude, time: fix.time, variance: fix.variance, accelerationNoise: q)
        var next = state(time: fix.time, payload: fix.payload, deviceSpeed: fix.deviceSpeed)
        if next.position.x * next.position.x + next.position.y * next.position.y > 1_000_000 {
            // Move the frame's origin to the estimate (the window spans far less than 1 km).
            let oldLatitude = frameLatitude, oldLongitude = frameLongitude
            frameLatitude = filter.latitude; frameLongitude = filter.longitude
            frameScale = LocalScale(latitude: filter.latitude)
            lag.shift(by: offset(latitude: frameLatitude, longitude: frameLongitude, fromLatitude: oldLatitude, fromLongitude: oldLongitude))
            next.position = .zero
        }
        lag.push(next, gainFromPrevious: gain)
    }

    /// The filtered estimate as a smoother state in the frame.
    private func state(time: Double, payload: Double, deviceSpeed: Double) -> FixedLagSmoother.State {
        FixedLagSmoother.State(
            time: time, position: offset(latitude: filter.latitude, longitude: filter.longitude, fromLatitude: frameLatitude, fromLongitude: frameLongitude),
            velocity: filter.velocity, payload: payload, deviceSpeed: deviceSpeed)
    }

    private func offset(latitude: Double, longitude: Double, fromLatitude: Double, fromLongitude: Double) -> SIMD2<Double> {
        frameScale.offsetMeters(latitude: latitude, longitude: longitude, fromLatitude: fromLatitude, fromLongitude: fromLongitude)
    }

    /// The smoother's frame, which turns its states back into points.
    private struct Frame {
        var latitude: Double, longitude: Double, scale: LocalScale

        func point(_ state: FixedLagSmoother.State) -> Point {
            var lon = longitude + state.position.x / scale.metersPerDegreeLongitude
            if lon > 180 { lon -= 360 } else if lon < -180 { lon += 360 }
            let lat = min(max(latitude + state.position.y / scale.metersPerDegreeLatitude, -90), 90)
            let v = state.velocity
            return Point(latitude: lat, longitude: lon, speedMetersPerSecond: (v.x * v.x + v.y * v.y).squareRoot(),
                         time: state.time, payload: state.payload, velocity: v,
                         deviceSpeedMetersPerSecond: state.deviceSpeed.isNaN ? nil : state.deviceSpeed)
        }
    }

    private var frame: Frame { Frame(latitude: frameLatitude, longitude: frameLongitude, scale: frameScale) }

    /// The points still in the window, smoothed with every fix so far, oldest first.
    func forEachPending(_ body: (Point) -> Void) {
        guard ahead.isEmpty else {
            var flushed = self
            flushed.flushAhead()
            flushed.forEachPending(body)
            return
        }
        let frame = self.frame
        let span = Self.windowSeconds
        lag.withPending { states in
            // Times increase along both the history and the window, so the first point of each inside the
            // window behind only moves forward: one pass over each, not a search per point.
            var aheadIndex = 0, historyIndex = 0, pendingIndex = 0
            for j in states.indices {
                var point = frame.point(states[j])
                aheadIndex = max(aheadIndex, j)
                while aheadIndex < states.count - 1, states[aheadIndex].time < point.time + span { aheadIndex += 1 }
                // The start of the window behind: in the history, else among the earlier pending points.
                while historyIndex < history.count, history[historyIndex].time < point.time - span { historyIndex += 1 }
                var past = historyIndex < history.count ? history[historyIndex] : nil
                if past == nil {
                    while pendingIndex < states.count, states[pendingIndex].time < point.time - span { pendingIndex += 1 }
                    if pendingIndex < states.count {
                        let p = frame.point(states[pendingIndex])
                        past = (p.time, p.latitude, p.longitude)
                    }
                }
                point.windowSpeedMetersPerSecond = Self.windowSpeed(past: past, point: point, ahead: frame.point(states[aheadIndex]), scale: frame.scale)
                body(point)
            }
        }
    }

    /// The lesser of the net speeds over the window behind `point` (from `past`) and the window ahead (to
    /// `ahead`); a side that spans less than half the window counts as `infinity`.
    private static func windowSpeed(past: (time: Double, latitude: Double, longitude: Double)?, point: Point, ahead: Point, scale: LocalScale) -> Double {
        var speed = Double.infinity
        if let past, point.time - past.time >= windowSeconds / 2 {
            speed = scale.planarDistanceMeters(latitude1: past.latitude, longitude1: past.longitude,
                                               latitude2: point.latitude, longitude2: point.longitude) / (point.time - past.time)
        }
        if ahead.time - point.time >= windowSeconds / 2 {
            speed = min(speed, scale.planarDistanceMeters(latitude1: point.latitude, longitude1: point.longitude,
                                                          latitude2: ahead.latitude, longitude2: ahead.longitude) / (ahead.time - point.time))
        }
        return speed
    }

    /// A point given out: its window speed from the history and the state ahead, then it joins the history.
    private mutating func giveOut(_ smoothed: (state: FixedLagSmoother.State, ahead: FixedLagSmoother.State)) -> Point {
        let frame = self.frame
        var point = frame.point(smoothed.state)
        let span = Self.windowSeconds
        while let first = history.first, first.time < point.time - span { history.removeFirst() }
        point.windowSpeedMetersPerSecond = Self.windowSpeed(past: history.first, point: point, ahead: frame.point(smoothed.ahead), scale: frame.scale)
        if history.count >= 64 { history.removeFirst() }
        history.append((point.time, point.latitude, point.longitude))
        return point
    }

    /// The oldest point of the window, smoothed, once it is due (at least ``lagSeconds`` old, see
    /// ``FixedLagSmoother``); `nil` while none is due.
    mutating func popDue() -> Point? {
        guard let smoothed = lag.popDue(aheadSeconds: Self.windowSeconds) else { return nil }
        revision &+= 1
        return giveOut(smoothed)
    }

    /// The oldest point of the window, smoothed with every fix so far, taken out for good; `nil` when the
    /// window is empty (the end of a segment takes them all).
    mutating func popOldest() -> Point? {
        flushAhead()
        revision &+= 1
        guard let smoothed = lag.popOldest(aheadSeconds: Self.windowSeconds) else { return nil }
        return giveOut(smoothed)
    }

    /// The filter's current speed estimate (causal), metres per second.
    var speedMetersPerSecond: Double {
        let v = live.velocity
        return (v.x * v.x + v.y * v.y).squareRoot()
    }
}

/// A constant-velocity Kalman filter in the plane: two ``KalmanAxis`` (east, north) in a tangent plane that
/// follows the estimate, so there is no reference point to drift from. Both axes start alike and see the same
/// steps and variances, so their covariances are equal at every step: `east` carries it, `north` moves its
/// state with east's gains (the same numbers it would compute itself).
struct PlanarKalman: Sendable {
    private var east = KalmanAxis()
    /// Its covariance is not kept (see above): only `position` and `velocity` are.
    private var north = KalmanAxis()
    /// The estimate.
    private(set) var latitude = 0.0, longitude = 0.0
    private var lastTime: Double?
    /// The tangent plane's scale, recomputed when the latitude has moved by more than 0.01° (its
    /// relative change is then below 2·10⁻⁴ × tan φ per 0.01°, far inside GPS noise).
    private var scale = LocalScale(latitude: 0)
    private var scaleLatitude = Double.nan

    /// Metres per second east and north.
    var velocity: SIMD2<Double> { SIMD2(east.velocity, north.velocity) }

    /// Takes a fix of variance `r` (m²) at `time`, predicting from the previous one with acceleration noise
    /// `q`; returns the step's RTS gain (zero for the first fix).
    @discardableResult
    mutating func step(latitude lat: Double, longitude lon: Double, time: Double, variance r: Double, accelerationNoise q: Double) -> SmootherGain {
        guard let last = lastTime else {
            east = KalmanAxis(position: 0, variance: r, velocityVariance: 100)
            north = KalmanAxis(position: 0, variance: r, velocityVariance: 100)
            latitude = lat; longitude = lon; lastTime = time
            return SmootherGain()
        }
        let dt = max(time - last, 0)
        lastTime = time
        if !(abs(latitude - scaleLatitude) <= 0.01) {
            scale = LocalScale(latitude: latitude)
            scaleLatitude = latitude
        }
        let gain = east.predict(seconds: dt, accelerationNoise: q)
        north.advanceState(seconds: dt)
        var dLon = lon - longitude
        if dLon > 180 { dLon -= 360 } else if dLon < -180 { dLon += 360 }
        let gains = east.update(measurement: dLon * scale.metersPerDegreeLongitude, variance: r)
        north.correctState(measurement: (lat - latitude) * scale.metersPerDegreeLatitude, gains: gains)
        // Re-centre the tangent plane on the new estimate.
        latitude += north.position / scale.metersPerDegreeLatitude
        longitude += east.position / scale.metersPerDegreeLongitude
        if longitude > 180 { longitude -= 360 } else if longitude < -180 { longitude += 360 }
        latitude = min(max(latitude, -90), 90)
        east.position = 0
        north.position = 0
        return gain
    }
}
