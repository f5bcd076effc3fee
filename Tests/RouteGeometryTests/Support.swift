import Foundation
import Geodesy
import TestSupport

/// Every `<trkpt>` of a sample track, grouped by `<trkseg>`, read with plain regular expressions
/// (independent of the TrackFormats reader).
func trackSegments(_ name: String) throws -> [[GeoCoordinate]] {
    let text = try String(contentsOf: TestPaths.sampleTrack(name), encoding: .utf8)
    let point = try Regex(#"<trkpt\s+lat="([^"]+)"\s+lon="([^"]+)""#)
    return text.components(separatedBy: "<trkseg>").dropFirst().map { segment in
        segment.matches(of: point).compactMap { match in
            guard let lat = match.output[1].substring.flatMap({ Double($0) }),
                  let lon = match.output[2].substring.flatMap({ Double($0) }) else { return nil }
            return GeoCoordinate(latitude: lat, longitude: lon)
        }
    }
}

func geodesicLengthMeters(_ segment: [GeoCoordinate]) -> Double {
    Ellipsoid.wgs84.pathLengthMeters(latitudes: segment.map(\.latitude), longitudes: segment.map(\.longitude))
}

/// Distance in the plane from p to the segment a–b.
func planarDistance(_ p: (x: Double, y: Double), _ a: (x: Double, y: Double), _ b: (x: Double, y: Double)) -> Double {
    let dx = b.x - a.x, dy = b.y - a.y
    let lengthSquared = dx * dx + dy * dy
    var t = lengthSquared == 0 ? 0 : ((p.x - a.x) * dx + (p.y - a.y) * dy) / lengthSquared
    t = Swift.max(0, Swift.min(1, t))
    return hypot(p.x - (a.x + t * dx), p.y - (a.y + t * dy))
}
