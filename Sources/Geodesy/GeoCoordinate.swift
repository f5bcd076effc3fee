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

/// Errors raised by the Geodesy module.
public enum GeodesyError: Error, Sendable, Hashable, CustomStringConvertible {
    /// `proj_context_create` returned NULL (out of memory).
    case contextCreationFailed
    /// A coordinate was not finite or out of range (latitude outside -90...90).
    case invalidCoordinate(latitude: Double, longitude: Double)
    /// An operation that needs at least one coordinate got none.
    case emptyInput
    /// Parallel latitude and longitude arrays had different lengths.
    case mismatchedCounts(latitudes: Int, longitudes: Int)
    /// PROJ refused to build a transformation; `code` is `proj_context_errno`, `message` is
    /// `proj_context_errno_string`, `definition` is the PROJ string we passed.
    case proj(code: Int32, message: String, definition: String)

    public var description: String {
        switch self {
        case .contextCreationFailed:
            "PROJ: could not create a context (proj_context_create returned NULL)"
        case .invalidCoordinate(let latitude, let longitude):
            "invalid coordinate: latitude \(latitude), longitude \(longitude) (latitude must be in -90...90, both finite)"
        case .emptyInput:
            "no coordinates given"
        case .mismatchedCounts(let latitudes, let longitudes):
            "latitude and longitude arrays differ in length (\(latitudes) vs \(longitudes))"
        case .proj(let code, let message, let definition):
            "PROJ error \(code): \(message) (while creating \"\(definition)\")"
        }
    }
}
