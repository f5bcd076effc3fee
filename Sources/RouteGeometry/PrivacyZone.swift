import Foundation
public import Geodesy

/// A circle an athlete does not want a shared route to show (a home, a workplace): every point within
/// ``radiusMeters`` of ``center`` (geodesic distance on WGS84) is left out of what is shared.
///
/// Sharing services trim a route where it enters such a circle, and the trimmed ends then lie on the
/// circle: a few routes are enough to find its centre. Hassan, Hussain & Bates ("Analysis of Privacy
/// Protections in Fitness Tracking Social Networks", USENIX Security 2018) recover most protected homes
/// that way. ``enlarged(byFraction:)`` gives each workout its own larger circle (the caller draws the
/// fraction at random once per workout and keeps it), so the trimmed ends of different workouts lie on
/// different circles, and rendering one workout again gives the same trim, which cannot be averaged.
public struct PrivacyZone: Sendable, Hashable, Codable {
    /// The place to hide.
    public var center: GeoCoordinate
    /// The radius, metres.
    public var radiusMeters: Double

    /// A zone of `radiusMeters` (metres) around `center`.
    public init(center: GeoCoordinate, radiusMeters: Double) {
        self.center = center
        self.radiusMeters = radiusMeters
    }

    /// The zone with its radius multiplied by `1 + fraction` (`fraction` clamped to 0...1): a larger
    /// circle around the same centre, never a smaller one.
    public func enlarged(byFraction fraction: Double) -> PrivacyZone {
        let f = fraction.isFinite ? Swift.min(Swift.max(fraction, 0), 1) : 0
        return PrivacyZone(center: center, radiusMeters: radiusMeters * (1 + f))
    }

    /// Whether `point` lies within the zone (geodesic distance on WGS84, PROJ's `geod_inverse`).
    public func contains(_ point: GeoCoordinate) -> Bool {
        Ellipsoid.wgs84.distanceMeters(from: center, to: point) <= radiusMeters
    }
}

extension RouteLine {
    /// The parts of the route that may be shared when `zones` are hidden: per segment, the runs of
    /// consecutive points (as index ranges into the segment, in order) outside every zone.
    ///
    /// A point is left out when it lies within a zone; a run is also cut between two kept points when
    /// the straight line between them passes through a zone (sparse fixes around a corner), so a line
    /// drawn through the kept points never crosses a zone either. At the start of a route that begins
    /// inside a zone, this drops everything up to its first exit; at the end, everything from its last
    /// entry; a pass through a zone in between is cut out the same way. Each run is one piece of route:
    /// pieces are never joined across what was left out.
    ///
    /// Distances are tested in a transverse Mercator frame centred on each zone (scale error below
    /// 10⁻⁶ within 10 km of the centre) against the radius enlarged by 10⁻⁵ relative plus 1 cm, so a
    /// point the frame puts just outside is still outside on the ellipsoid. Points more than 3 000 km
    /// from a zone (which the frame cannot hold) are outside it.
    /// - Throws: ``RouteGeometryError/invalidDistance(_:)`` for a negative or non-finite radius,
    ///   ``RouteGeometryError/invalidCoordinate(segment:index:latitude:longitude:)`` (segment -1) for an
    ///   invalid centre, ``RouteGeometryError/projection(_:)`` when PROJ fails.
    /// - Complexity: O(n × zones), one PROJ batch per segment and zone.
    public func runsOutside(_ zones: [PrivacyZone]) throws(RouteGeometryError) -> [[Range<Int>]] {
        var hidden = segments.map { [Bool](repeating: false, count: $0.count) }
        // `cut[s][i]`: the line from point i - 1 to point i of segment s passes through a zone.
        var cut = hidden
        for zone in zones {
            guard zone.radiusMeters.isFinite, zone.radiusMeters >= 0 else { throw .invalidDistance(zone.radiusMeters) }
            let c = zone.center
            guard c.latitude.isFinite, c.longitude.isFinite, abs(c.latitude) <= 90 else {
                throw .invalidCoordinate(segment: -1, index: 0, latitude: c.latitude, longitude: c.longitude)
            }
            let projection: LocalProjection
            do { projection = try LocalProjection(center: c, method: .transverseMercator) } catch { throw .projection(error) }
            let limit = 3_000_000.0
            let radius = zone.radiusMeters * (1 + 1e-5) + 0.01
            for (s, points) in segments.enumerated() where !points.isEmpty {
                let (x, y) = projection.project(latitudes: points.map(\.latitude), longitudes: points.map(\.longitude))
                func usable(_ i: Int) -> Bool { x[i].isFinite && y[i].isFinite && abs(x[i]) < limit && abs(y[i]) < limit }
                for i in points.indices where usable(i) {
                    if (x[i] * x[i] + y[i] * y[i]).squareRoot() <= radius { hidden[s][i] = true }
                    if i > 0, usable(i - 1),
                       Self.distanceFromOrigin(toSegmentFrom: (x[i - 1], y[i - 1]), to: (x[i], y[i])) <= radius {
                        cut[s][i] = true
                    }
                }
            }
        }
        return hidden.indices.map { s in
            var runs: [Range<Int>] = []
            var start: Int?
            for i in hidden[s].indices {
                if hidden[s][i] {
                    if let from = start { runs.append(from..<i) }
                    start = nil
                    continue
                }
                if let from = start, cut[s][i] {
                    runs.append(from..<i)
                    start = i
                } else if start == nil {
                    start = i
                }
            }
            if let from = start { runs.append(from..<hidden[s].count) }
            return runs
        }
    }

    /// The distance from (0, 0) to the straight line segment from `a` to `b`, in the frame's metres.
    static func distanceFromOrigin(toSegmentFrom a: (Double, Double), to b: (Double, Double)) -> Double {
        let dx = b.0 - a.0, dy = b.1 - a.1
        let lengthSquared = dx * dx + dy * dy
        var t = lengthSquared > 0 ? -(a.0 * dx + a.1 * dy) / lengthSquared : 0
        t = Swift.min(Swift.max(t, 0), 1)
        let px = a.0 + t * dx, py = a.1 + t * dy
        return (px * px + py * py).squareRoot()
    }
}
