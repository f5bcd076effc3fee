/// A position on the WGS84 ellipsoid in degrees.
///
/// No range check is made on construction: values come straight from track files and sensors.
/// Functions that need valid coordinates say what they do with invalid ones (usually: NaN out).
public struct GeoCoordinate: Sendable, Hashable, CustomStringConvertible {
    /// Degrees north, valid in -90...90.
    public var latitude: Double
    /// Degrees east, normally in -180...180 (larger magnitudes are accepted where documented).
    public var longitude: Double

    /// Creates a coordinate from degrees north and degrees east.
    public init(latitude: Double, longitude: Double) {
        self.latitude = latitude
        self.longitude = longitude
    }

    /// `true` when both values are finite, the latitude is in -90...90 and the longitude in -540...540
    /// (the range PROJ's geodesic routines accept without reduction ambiguity).
    /// - Complexity: O(1).
    @inlinable
    public var isValid: Bool {
        latitude.isFinite && longitude.isFinite && abs(latitude) <= 90 && abs(longitude) <= 540
    }

    public var description: String { "(\(latitude), \(longitude))" }
}

extension GeoCoordinate: Codable {
    /// The JSON keys: `{"latitude":…,"longitude":…}`, degrees.
    private enum CodingKeys: String, CodingKey {
        case latitude, longitude
    }
}
