import Geodesy
import Foundation

/// Errors raised by the RouteGeometry module.
public enum RouteGeometryError: Error, Sendable, Hashable, CustomStringConvertible {
    /// `GEOS_init_r` returned NULL (out of memory).
    case contextCreationFailed
    /// libgeos_c could not be opened at run time (``GEOSLibrary``); `reason` is the `dlerror` text.
    case libraryUnavailable(reason: String)
    /// A point was not finite or its latitude was outside -90...90; `segment` and `index` are 0-based.
    case invalidCoordinate(segment: Int, index: Int, latitude: Double, longitude: Double)
    /// A segment's latitude and longitude arrays differ in length.
    case mismatchedCounts(segment: Int, latitudes: Int, longitudes: Int)
    /// A tolerance or radius was negative or not finite.
    case invalidDistance(Double)
    /// The local projection could not be built, or a point could not be projected.
    case projection(GeodesyError)
    /// A GEOS call failed; `messages` are what GEOS sent to the context's error handler.
    case geos(operation: String, messages: [String])

    public var description: String {
        switch self {
        case .contextCreationFailed:
            "GEOS: could not create a context (GEOS_init_r returned NULL)"
        case .libraryUnavailable(let reason):
            "GEOS could not be opened (on Debian, install libgeos-c1v5; or name the library in WORKOUTENGINE_GEOS_LIBRARY): \(reason)"
        case .invalidCoordinate(let segment, let index, let latitude, let longitude):
            "invalid coordinate in segment \(segment) at index \(index): latitude \(latitude), longitude \(longitude)"
        case .mismatchedCounts(let segment, let latitudes, let longitudes):
            "segment \(segment): \(latitudes) latitudes but \(longitudes) longitudes"
        case .invalidDistance(let value):
            "distance must be finite and not negative, got \(value)"
        case .projection(let error):
            "projection: \(error)"
        case .geos(let operation, let messages):
            messages.isEmpty ? "GEOS: \(operation) failed" : "GEOS: \(operation) failed: \(messages.joined(separator: "; "))"
        }
    }
}

extension RouteGeometryError: LocalizedError {
    /// The same text as ``description``, so that `localizedDescription` says what went wrong.
    public var errorDescription: String? { description }
}
