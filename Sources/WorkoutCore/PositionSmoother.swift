import WorkoutSamples
import Foundation
import Geodesy

/// Smooths horizontal positions: two ``KalmanAxis`` filters (east, north) in a tangent plane that follows
/// the estimate, so there is no reference point to drift from, then a ``FixedLagSmoother`` that gives each
/// state out once it is ``lagSeconds`` old, corrected by the fixes since (Rauch–Tung–Striebel). The filter
/// alone is causal and gives the live speed; the smoothed track gives distance and moving time.
struct PositionSmoother: Sendable {
    /// A smoothed position, its velocity and the payload the builder attached to its fix.
    struct Point: Sendable {
        var latitude: Double
        var longitude: Double
        var speedMetersPerSecond: Double
        var time: Double
        var payload: Double
        /// The speed of the net displacement of the smoothed track over ``windowSeconds`` centred on this
        /// point (`infinity` when less than half that span is known): GPS noise at a stop wanders to and
        /// fro and nets almost nothing, a mover does not.
        var windowSpeedMetersPerSecond: Double = .infinity
    }

    /// The span of ``Point/windowSpeedMetersPerSecond``: 40 s, over which 3 m of noise correlated over
    /// 15 s nets about 0.13 m/s, while a runner at 3 m/s nets 3 m/s on a straight, 2 m/s across a
    /// right-angle corner, and less than a quarter of the moving threshold only within about a second of
    /// the apex of a U-turn. The smoother's lag (30 s) holds the 20 s ahead that it needs.
    static let windowSeconds = 40.0

    /// Acceleration noise (m²/s³): how sharply the mover can change velocity, the spectral density of the
    /// white-acceleration model (Bar-Shalom, Li & Kirubarajan 2001, §6.2.2). It enters the prediction as
    /// `q·dt³/3`, so a sparse track ("smart recording", steps of up to 8 s or more) is trusted to wander
    /// between its fixes as much as a dense one does over the same time, no more.
    var accelerationNoise: Double
    /// Standard deviation assumed for a fix that reports no accuracy, metres.
    var defaultAccuracyMeters: Double
    /// How long the smoother waits before it gives out a state (see ``FixedLagSmoother``).
    /// 30 s: the smoother's gains fall off within a few time constants of the filter (a few seconds at
    /// these noise levels); 30 s also covers several fixes of a sparse track.
    static let lagSeconds = 30.0

    private var east = KalmanAxis()
    private var north = KalmanAxis()
    private var latitude = 0.0
    private var longitude = 0.0
    private var lastTime: Double?
    private(set) var isInitialized = false
    /// The tangent plane's scale, recomputed when the latitude has moved by more than 0.01° (its
    /// relative change is then below 2·10⁻⁴ × tan φ per 0.01°, far inside GPS noise).
    private var scale = LocalScale(latitude: 0)
    private var scaleLatitude = Double.nan
    /// The smoother's frame: the filtered states are kept in metres east and north of this origin (moved
    /// when the estimate is more than 1 km from it), at this origin's scale.
    private var frameLatitude = 0.0, frameLongitude = 0.0
    private var frameScale = LocalScale(latitude: 0)
    private var lag = FixedLagSmoother(lagSeconds: lagSeconds, capacity: 64)
    /// The points given out over the last half window (for ``Point/windowSpeedMetersPerSecond``).
    private var history: [(time: Double, latitude: Double, longitude: Double)] = []

    init(accelerationNoise: Double, defaultAccuracyMeters: Double) {
        self.accelerationNoise = accelerationNoise
        self.defaultAccuracyMeters = defaultAccuracyMeters
    }

    /// Forgets the state (a new segment starts). Take the window out first (``popOldest()``): what is still
    /// in it is lost.
    mutating func reset() {
        isInitialized = false
        lastTime = nil
        while lag.popOldest(aheadSeconds: 0) != nil {}
        history.removeAll(keepingCapacity: true)
    }

    /// Takes in a fix at `time`; `payload` travels with it to the smoothed point. Then take the points that
    /// became ``lagSeconds`` old with ``popDue()``.
    mutating func add(latitude lat: Double, longitude lon: Double, time: Double, accuracyMeters: Double?, payload: Double) {
        let sigma = min(max(accuracyMeters ?? defaultAccuracyMeters, 1), 100)
        let r = sigma * sigma
        guard isInitialized, let last = lastTime else {
            east = KalmanAxis(position: 0, variance: r, velocityVariance: 100)
            north = KalmanAxis(position: 0, variance: r, velocityVariance: 100)
            latitude = lat; longitude = lon; lastTime = time
            isInitialized = true
            frameLatitude = lat; frameLongitude = lon
            frameScale = LocalScale(latitude: lat)
            lag.push(state(time: time, payload: payload), gainFromPrevious: SmootherGain())
            return
        }
        let dt = max(time - last, 0)
        lastTime = time
        if !(abs(latitude - scaleLatitude) <= 0.01) {
            scale = LocalScale(latitude: latitude)
            scaleLatitude = latitude
        }
        let gain = east.predict(seconds: dt, accelerationNoise: accelerationNoise)
        north.predict(seconds: dt, accelerationNoise: accelerationNoise)
        var dLon = lon - longitude
        if dLon > 180 { dLon -= 360 } else if dLon < -180 { dLon += 360 }
        east.update(measurement: dLon * scale.metersPerDegreeLongitude, variance: r)
        north.update(measurement: (lat - latitude) * scale.metersPerDegreeLatitude, variance: r)
        // Re-centre the tangent plane on the new estimate.
        latitude += north.position / scale.metersPerDegreeLatitude
        longitude += east.position / scale.metersPerDegreeLongitude
        if longitude > 180 { longitude -= 360 } else if longitude < -180 { longitude += 360 }
        latitude = min(max(latitude, -90), 90)
        east.position = 0
        north.position = 0
        var next = state(time: time, payload: payload)
        if next.position.x * next.position.x + next.position.y * next.position.y > 1_000_000 {
            // Move the frame's origin to the estimate (the window spans far less than 1 km).
            let oldLatitude = frameLatitude, oldLongitude = frameLongitude
            frameLatitude = latitude; frameLongitude = longitude
            frameScale = LocalScale(latitude: latitude)
            lag.shift(by: offset(latitude: frameLatitude, longitude: frameLongitude, fromLatitude: oldLatitude, fromLongitude: oldLongitude))
            next.position = .zero
        }
        lag.push(next, gainFromPrevious: gain)
    }

    /// The filtered estimate as a smoother state in the frame.
    private func state(time: Double, payload: Double) -> FixedLagSmoother.State {
        FixedLagSmoother.State(
            time: time, position: offset(latitude: latitude, longitude: longitude, fromLatitude: frameLatitude, fromLongitude: frameLongitude),
            velocity: SIMD2(east.velocity, north.velocity), payload: payload)
    }

    private func offset(latitude: Double, longitude: Double, fromLatitude: Double, fromLongitude: Double) -> SIMD2<Double> {
        var dLon = longitude - fromLongitude
        if dLon > 180 { dLon -= 360 } else if dLon < -180 { dLon += 360 }
        return SIMD2(dLon * frameScale.metersPerDegreeLongitude, (latitude - fromLatitude) * frameScale.metersPerDegreeLatitude)
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
                         time: state.time, payload: state.payload)
        }
    }

    private var frame: Frame { Frame(latitude: frameLatitude, longitude: frameLongitude, scale: frameScale) }

    /// The points still in the window, smoothed with every fix so far, oldest first.
    func forEachPending(_ body: (Point) -> Void) {
        let frame = self.frame
        let half = Self.windowSeconds / 2
        lag.withPending { states in
            var aheadIndex = 0
            for j in states.indices {
                var point = frame.point(states[j])
                aheadIndex = max(aheadIndex, j)
                while aheadIndex < states.count - 1, states[aheadIndex].time < point.time + half { aheadIndex += 1 }
                // The start of the window: in the history, else among the earlier pending points.
                var past = history.first { $0.time >= point.time - half }
                if past == nil {
                    if let k = states.indices.first(where: { states[$0].time >= point.time - half }) {
                        let p = frame.point(states[k])
                        past = (p.time, p.latitude, p.longitude)
                    }
                }
                point.windowSpeedMetersPerSecond = Self.windowSpeed(from: past, to: frame.point(states[aheadIndex]), scale: frame.scale)
                body(point)
            }
        }
    }

    /// The net speed from `past` to `ahead`; `infinity` when they span less than half the window.
    private static func windowSpeed(from past: (time: Double, latitude: Double, longitude: Double)?, to ahead: Point, scale: LocalScale) -> Double {
        guard let past, ahead.time - past.time >= windowSeconds / 2 else { return .infinity }
        return scale.planarDistanceMeters(latitude1: past.latitude, longitude1: past.longitude,
                                          latitude2: ahead.latitude, longitude2: ahead.longitude) / (ahead.time - past.time)
    }

    /// A point given out: its window speed from the history and the state ahead, then it joins the history.
    private mutating func giveOut(_ smoothed: (state: FixedLagSmoother.State, ahead: FixedLagSmoother.State)) -> Point {
        let frame = self.frame
        var point = frame.point(smoothed.state)
        let half = Self.windowSeconds / 2
        while let first = history.first, first.time < point.time - half { history.removeFirst() }
        let past = history.first ?? (point.time, point.latitude, point.longitude)
        point.windowSpeedMetersPerSecond = Self.windowSpeed(from: past, to: frame.point(smoothed.ahead), scale: frame.scale)
        if history.count >= 64 { history.removeFirst() }
        history.append((point.time, point.latitude, point.longitude))
        return point
    }

    /// The oldest point of the window, smoothed, once it is ``lagSeconds`` old; `nil` while none is due.
    mutating func popDue() -> Point? {
        guard let smoothed = lag.popDue(aheadSeconds: Self.windowSeconds / 2) else { return nil }
        return giveOut(smoothed)
    }

    /// The oldest point of the window, smoothed with every fix so far, taken out for good; `nil` when the
    /// window is empty (the end of a segment takes them all).
    mutating func popOldest() -> Point? {
        guard let smoothed = lag.popOldest(aheadSeconds: Self.windowSeconds / 2) else { return nil }
        return giveOut(smoothed)
    }

    /// The filter's current speed estimate (causal), metres per second.
    var speedMetersPerSecond: Double {
        (east.velocity * east.velocity + north.velocity * north.velocity).squareRoot()
    }
}
