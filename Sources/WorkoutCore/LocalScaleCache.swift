import WorkoutSamples
import Geodesy

/// A ``LocalScale`` kept while the latitude stays within 0.01° (the scale then changes by under
/// 2·10⁻⁴ × tan φ), so a stream of nearby fixes does not pay a sine and a cosine each.
struct LocalScaleCache: Sendable {
    private var latitude = Double.nan
    private var cached = LocalScale(latitude: 0)

    mutating func scale(atLatitude value: Double) -> LocalScale {
        if !(abs(value - latitude) <= 0.01) {
            cached = LocalScale(latitude: value)
            latitude = value
        }
        return cached
    }

    /// ``LocalScale/approximateDistanceMeters(from:to:)`` with the cached scale.
    mutating func approximateDistanceMeters(from a: LocationSample, to b: LocationSample) -> Double {
        guard abs(b.latitude - a.latitude) < 0.1 else { return LocalScale.approximateDistanceMeters(from: a, to: b) }
        return scale(atLatitude: a.latitude).planarDistanceMeters(from: a, to: b)
    }
}
