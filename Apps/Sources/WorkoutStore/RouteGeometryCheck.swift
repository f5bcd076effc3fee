import WorkoutEngine
#if canImport(Glibc)
import Glibc
#endif

/// The exact tests SQLite runs after its R*Tree has narrowed the candidates by bounds (PostGIS does the
/// same work with `ST_DWithin` and `ST_Intersects`).
enum RouteGeometryCheck {
    /// Whether the polyline (`line`: longitude, latitude pairs) passes within `radius` metres of `center`.
    /// Each vertex and edge is projected with an azimuthal equidistant projection centred on `center`
    /// (PROJ, WGS84), where distances from the centre are geodesic, and the planar distance to each edge
    /// is measured there.
    static func passesWithin(_ line: [Double], of center: GeoCoordinate, radiusMeters radius: Double) -> Bool {
        guard line.count >= 2 else { return false }
        // The vertices first: exact geodesic distance.
        var index = 0
        while index + 1 < line.count {
            if Ellipsoid.wgs84.distanceMeters(latitude1: center.latitude, longitude1: center.longitude,
                                              latitude2: line[index + 1], longitude2: line[index]) <= radius {
                return true
            }
            index += 2
        }
        guard line.count >= 4, let projection = try? LocalProjection(center: center) else { return false }
        var previous = projection.project(GeoCoordinate(latitude: line[1], longitude: line[0]))
        index = 2
        while index + 1 < line.count {
            let next = projection.project(GeoCoordinate(latitude: line[index + 1], longitude: line[index]))
            if distanceToOrigin(fromSegment: previous, next) <= radius { return true }
            previous = next
            index += 2
        }
        return false
    }

    /// Distance from (0, 0) to the segment a–b in the plane.
    static func distanceToOrigin(fromSegment a: (x: Double, y: Double), _ b: (x: Double, y: Double)) -> Double {
        let dx = b.x - a.x, dy = b.y - a.y
        let lengthSquared = dx * dx + dy * dy
        var t = lengthSquared > 0 ? -(a.x * dx + a.y * dy) / lengthSquared : 0
        t = min(1, max(0, t))
        let x = a.x + t * dx, y = a.y + t * dy
        return (x * x + y * y).squareRoot()
    }

    /// Whether the polyline (longitude, latitude pairs) has a vertex inside `box` or an edge crossing it,
    /// with edges as straight lines in longitude/latitude.
    static func intersects(_ line: [Double], box: GeoBounds) -> Bool {
        func inside(_ x: Double, _ y: Double) -> Bool {
            x >= box.minLongitude && x <= box.maxLongitude && y >= box.minLatitude && y <= box.maxLatitude
        }
        guard line.count >= 2 else { return false }
        if inside(line[0], line[1]) { return true }
        var index = 2
        while index + 1 < line.count {
            let x0 = line[index - 2], y0 = line[index - 1], x1 = line[index], y1 = line[index + 1]
            if inside(x1, y1) || clipsBox(x0, y0, x1, y1, box) { return true }
            index += 2
        }
        return false
    }

    /// Liang–Barsky: whether the segment (x0, y0)–(x1, y1) meets the box.
    private static func clipsBox(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double, _ box: GeoBounds) -> Bool {
        let dx = x1 - x0, dy = y1 - y0
        var t0 = 0.0, t1 = 1.0
        let checks: [(Double, Double)] = [
            (-dx, x0 - box.minLongitude), (dx, box.maxLongitude - x0), (-dy, y0 - box.minLatitude), (dy, box.maxLatitude - y0),
        ]
        for (p, q) in checks {
            if p == 0 {
                if q < 0 { return false }
            } else {
                let r = q / p
                if p < 0 { if r > t1 { return false }; if r > t0 { t0 = r } } else { if r < t0 { return false }; if r < t1 { t1 = r } }
            }
        }
        return t0 <= t1
    }

    /// The box around `center` that holds every point within `radius` metres (a little wider, never narrower).
    static func searchBox(around center: GeoCoordinate, radiusMeters radius: Double) -> GeoBounds {
        // A degree of latitude is at least 110 574 m; of longitude, at least that times cos(latitude).
        let dLat = radius / 110_000 + 1e-6
        let latitudeEdge = min(89.999, abs(center.latitude) + dLat)
        let cosine = cos(latitudeEdge * .pi / 180)
        let dLon = cosine > 1e-6 ? min(180, radius / (111_000 * cosine) + 1e-6) : 180
        return GeoBounds(minLatitude: center.latitude - dLat, minLongitude: center.longitude - dLon,
                         maxLatitude: center.latitude + dLat, maxLongitude: center.longitude + dLon)
    }
}
