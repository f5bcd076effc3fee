public import CPROJ

/// The result of the inverse geodesic problem (`geod_inverse`): the shortest path between two points.
public struct GeodesicInverse: Sendable, Hashable {
    /// Length of the geodesic in metres (never negative; NaN when an input was NaN or out of range).
    public var distanceMeters: Double
    /// Azimuth at the first point, degrees clockwise from north, in -180...180.
    public var initialAzimuthDegrees: Double
    /// Forward azimuth at the second point, degrees clockwise from north, in -180...180.
    public var finalAzimuthDegrees: Double

    /// A result with the given length (metres) and azimuths (degrees clockwise from north).
    public init(distanceMeters: Double, initialAzimuthDegrees: Double, finalAzimuthDegrees: Double) {
        self.distanceMeters = distanceMeters
        self.initialAzimuthDegrees = initialAzimuthDegrees
        self.finalAzimuthDegrees = finalAzimuthDegrees
    }
}

/// The result of the direct geodesic problem (`geod_direct`).
public struct GeodesicDirect: Sendable, Hashable {
    /// The point reached; its longitude is in -180...180.
    public var coordinate: GeoCoordinate
    /// Forward azimuth at the point reached, degrees clockwise from north, in -180...180.
    public var finalAzimuthDegrees: Double

    /// A result with the point reached and the forward azimuth there (degrees clockwise from north).
    public init(coordinate: GeoCoordinate, finalAzimuthDegrees: Double) {
        self.coordinate = coordinate
        self.finalAzimuthDegrees = finalAzimuthDegrees
    }
}

/// An ellipsoid of revolution and its geodesics, computed by PROJ's `geodesic.h` (C. F. F. Karney's
/// algorithms, accurate to about 15 nm).
///
/// A plain value: it holds the `geod_geodesic` C struct that `geod_init` fills in (about 430 bytes of
/// coefficients) and needs no PROJ context, so it is `Sendable` and can be shared freely.
///
/// Invalid input never traps: PROJ returns NaN for a latitude outside -90...90 or any NaN input, and
/// so do these methods. Longitudes of any finite magnitude are reduced by PROJ.
///
/// ```swift
/// let d = Ellipsoid.wgs84.distanceMeters(latitude1: 40.64, longitude1: -73.78,
///                                        latitude2: 1.36, longitude2: 103.99)   // 15 347 512.941 m
/// ```
public struct Ellipsoid: Sendable {
    /// The coefficients filled in by `geod_init`. Exposed to inlinable code only.
    @usableFromInline
    internal var geodesic: geod_geodesic

    /// Equatorial radius in metres.
    public let equatorialRadiusMeters: Double
    /// Flattening (0 for a sphere).
    public let flattening: Double

    /// Creates an ellipsoid from its equatorial radius and flattening (`geod_init`).
    /// - Complexity: O(1), about a microsecond.
    public init(equatorialRadiusMeters: Double, flattening: Double) {
        var g = geod_geodesic()
        lazy_geod_init(&g, equatorialRadiusMeters, flattening)
        self.geodesic = g
        self.equatorialRadiusMeters = equatorialRadiusMeters
        self.flattening = flattening
    }

    /// The WGS84 ellipsoid: a = 6 378 137 m, f = 1/298.257223563 (NIMA TR8350.2).
    public static let wgs84 = Ellipsoid(equatorialRadiusMeters: 6_378_137, flattening: 1 / 298.257223563)

    /// Solves the inverse problem: distance and azimuths of the shortest geodesic between two points
    /// (`geod_inverse`).
    ///
    /// Out-of-range latitudes or NaN give NaN fields; nothing traps.
    /// - Complexity: O(1), about 0.5 µs.
    public func inverse(from start: GeoCoordinate, to end: GeoCoordinate) -> GeodesicInverse {
        var s12 = Double.nan, azi1 = Double.nan, azi2 = Double.nan
        withUnsafePointer(to: geodesic) { g in
            lazy_geod_inverse(g, start.latitude, start.longitude, end.latitude, end.longitude, &s12, &azi1, &azi2)
        }
        return GeodesicInverse(distanceMeters: s12, initialAzimuthDegrees: azi1, finalAzimuthDegrees: azi2)
    }

    /// Solves the direct problem: the point reached from `start` after `distanceMeters` along the
    /// geodesic leaving at `azimuthDegrees` (`geod_direct`). A negative distance goes backwards.
    ///
    /// Out-of-range latitudes or NaN give NaN fields; nothing traps.
    /// - Complexity: O(1), about 0.5 µs.
    public func direct(from start: GeoCoordinate, azimuthDegrees: Double, distanceMeters: Double) -> GeodesicDirect {
        var lat2 = Double.nan, lon2 = Double.nan, azi2 = Double.nan
        withUnsafePointer(to: geodesic) { g in
            lazy_geod_direct(g, start.latitude, start.longitude, azimuthDegrees, distanceMeters, &lat2, &lon2, &azi2)
        }
        return GeodesicDirect(coordinate: GeoCoordinate(latitude: lat2, longitude: lon2), finalAzimuthDegrees: azi2)
    }

    /// The geodesic distance in metres between two points: `geod_inverse` with NULL azimuth pointers.
    ///
    /// Allocation-free and inlinable, for per-sample use in other modules. Never negative; NaN when
    /// an input is NaN or a latitude is outside -90...90.
    /// - Complexity: O(1), about 0.5 µs (one `geod_inverse`).
    @inlinable
    public func distanceMeters(latitude1: Double, longitude1: Double, latitude2: Double, longitude2: Double) -> Double {
        var s12 = Double.nan
        withUnsafePointer(to: geodesic) { g in
            lazy_geod_inverse(g, latitude1, longitude1, latitude2, longitude2, &s12, nil, nil)
        }
        return s12
    }

    /// The geodesic distance in metres between two coordinates; see
    /// ``distanceMeters(latitude1:longitude1:latitude2:longitude2:)``.
    /// - Complexity: O(1), about 0.5 µs.
    @inlinable
    public func distanceMeters(from start: GeoCoordinate, to end: GeoCoordinate) -> Double {
        distanceMeters(latitude1: start.latitude, longitude1: start.longitude,
                       latitude2: end.latitude, longitude2: end.longitude)
    }

    // MARK: Batch

    /// The length in metres of the path through consecutive points: the sum of `n - 1` geodesic
    /// distances (one `geod_inverse` per pair).
    ///
    /// Points are `(latitudes[i], longitudes[i])`; when the buffers differ in length, the extra
    /// elements of the longer one are ignored. Fewer than two points give 0. A NaN or out-of-range
    /// point makes the result NaN (filter samples before summing). No allocation.
    /// - Complexity: O(n), about 0.5 µs per pair.
    public func pathLengthMeters(latitudes: UnsafeBufferPointer<Double>, longitudes: UnsafeBufferPointer<Double>) -> Double {
        let count = Swift.min(latitudes.count, longitudes.count)
        guard count >= 2, let lat = latitudes.baseAddress, let lon = longitudes.baseAddress else { return 0 }
        return withUnsafePointer(to: geodesic) { g in
            var total = 0.0
            var s12 = 0.0
            for i in 1..<count {
                lazy_geod_inverse(g, lat[i - 1], lon[i - 1], lat[i], lon[i], &s12, nil, nil)
                total += s12
            }
            return total
        }
    }

    /// The length in metres of the path through consecutive points; see
    /// ``pathLengthMeters(latitudes:longitudes:)-(UnsafeBufferPointer<Double>,_)``.
    /// - Complexity: O(n), about 0.5 µs per pair; no allocation.
    public func pathLengthMeters(latitudes: [Double], longitudes: [Double]) -> Double {
        latitudes.withUnsafeBufferPointer { lat in
            longitudes.withUnsafeBufferPointer { lon in pathLengthMeters(latitudes: lat, longitudes: lon) }
        }
    }

    /// The length in metres of the path through consecutive points; see
    /// ``pathLengthMeters(latitudes:longitudes:)-(UnsafeBufferPointer<Double>,_)``.
    /// - Complexity: O(n), about 0.5 µs per pair; no allocation.
    public func pathLengthMeters(latitudes: ContiguousArray<Double>, longitudes: ContiguousArray<Double>) -> Double {
        latitudes.withUnsafeBufferPointer { lat in
            longitudes.withUnsafeBufferPointer { lon in pathLengthMeters(latitudes: lat, longitudes: lon) }
        }
    }

    /// Writes the geodesic distance in metres between each pair of consecutive points into
    /// `distances` (`distances[i]` is the distance from point `i` to point `i + 1`), one
    /// `geod_inverse` per pair.
    ///
    /// Writes `min(n - 1, distances.count)` values, where `n` is the shorter input's count, and
    /// returns that number; the rest of `distances` is left untouched. No allocation.
    /// - Complexity: O(n), about 0.5 µs per pair.
    @discardableResult
    public func segmentDistancesMeters(
        latitudes: UnsafeBufferPointer<Double>,
        longitudes: UnsafeBufferPointer<Double>,
        into distances: UnsafeMutableBufferPointer<Double>
    ) -> Int {
        let count = Swift.min(latitudes.count, longitudes.count)
        guard count >= 2, let lat = latitudes.baseAddress, let lon = longitudes.baseAddress,
              let out = distances.baseAddress else { return 0 }
        let pairs = Swift.min(count - 1, distances.count)
        withUnsafePointer(to: geodesic) { g in
            for i in 0..<pairs {
                lazy_geod_inverse(g, lat[i], lon[i], lat[i + 1], lon[i + 1], out + i, nil, nil)
            }
        }
        return pairs
    }

    /// The geodesic distances in metres between consecutive points, as a new array of
    /// `max(n - 1, 0)` elements (one allocation); see
    /// ``segmentDistancesMeters(latitudes:longitudes:into:)``.
    /// - Complexity: O(n), about 0.5 µs per pair.
    public func segmentDistancesMeters(latitudes: [Double], longitudes: [Double]) -> [Double] {
        let count = Swift.min(latitudes.count, longitudes.count)
        guard count >= 2 else { return [] }
        return [Double](unsafeUninitializedCapacity: count - 1) { buffer, initialized in
            latitudes.withUnsafeBufferPointer { lat in
                longitudes.withUnsafeBufferPointer { lon in
                    initialized = segmentDistancesMeters(latitudes: lat, longitudes: lon, into: buffer)
                }
            }
        }
    }
}
