import Foundation
import Geodesy
import WorkoutSamples

/// Metres per degree of latitude and of longitude at a latitude, on the WGS84 ellipsoid (meridional
/// radius M and prime-vertical radius N; e.g. Torge & Müller, *Geodesy*, 4th ed., §6.2.3).
package struct LocalScale: Sendable, Hashable {
    var metersPerDegreeLatitude: Double
    var metersPerDegreeLongitude: Double

    init(latitude: Double) {
        let a = 6_378_137.0
        let f = 1 / 298.257223563
        let e2 = f * (2 - f)
        let phi = latitude * .pi / 180
        let s = sin(phi)
        let w = (1 - e2 * s * s).squareRoot()
        let meridional = a * (1 - e2) / (w * w * w)
        let primeVertical = a / w
        metersPerDegreeLatitude = meridional * .pi / 180
        metersPerDegreeLongitude = max(primeVertical * cos(phi) * .pi / 180, 1e-6)
    }
}

extension LocalScale {
    /// Distance between two fixes in the tangent plane at their mean latitude. Within 0.1 % of the
    /// geodesic for steps under 10 km; used only where a step's rough size is needed (maximum speed,
    /// plausibility, gaps).
    /// The speed of the straight step from `a` to `b` (``approximateDistanceMeters(from:to:)`` over the time
    /// between them); `nil` unless both are timed and `b` is later.
    package static func approximateSpeedMetersPerSecond(from a: LocationSample, to b: LocationSample) -> Double? {
        guard let t0 = a.time, let t1 = b.time, t1 > t0 else { return nil }
        return approximateDistanceMeters(from: a, to: b) / (t1 - t0)
    }

    package static func approximateDistanceMeters(from a: LocationSample, to b: LocationSample) -> Double {
        LocalScale(latitude: (a.latitude + b.latitude) / 2).planarDistanceMeters(from: a, to: b)
    }

    func planarDistanceMeters(from a: LocationSample, to b: LocationSample) -> Double {
        planarDistanceMeters(latitude1: a.latitude, longitude1: a.longitude, latitude2: b.latitude, longitude2: b.longitude)
    }

    /// Distance between two points in this tangent plane, metres.
    func planarDistanceMeters(latitude1: Double, longitude1: Double, latitude2: Double, longitude2: Double) -> Double {
        let offset = offsetMeters(latitude: latitude2, longitude: longitude2, fromLatitude: latitude1, fromLongitude: longitude1)
        return (offset.x * offset.x + offset.y * offset.y).squareRoot()
    }

    /// Metres east (`x`) and north (`y`) of a point from another in this tangent plane, the short way round
    /// the antimeridian.
    func offsetMeters(latitude: Double, longitude: Double, fromLatitude: Double, fromLongitude: Double) -> SIMD2<Double> {
        var dLon = longitude - fromLongitude
        if dLon > 180 { dLon -= 360 } else if dLon < -180 { dLon += 360 }
        return SIMD2(dLon * metersPerDegreeLongitude, (latitude - fromLatitude) * metersPerDegreeLatitude)
    }
}
