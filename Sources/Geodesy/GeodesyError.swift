/// Errors raised by the Geodesy module.
public enum GeodesyError: Error, Sendable, Hashable, CustomStringConvertible {
    /// `proj_context_create` returned NULL (out of memory).
    case contextCreationFailed
    /// libproj could not be opened at run time (``PROJLibrary``); `reason` is the `dlerror` text.
    case libraryUnavailable(reason: String)
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
        case .libraryUnavailable(let reason):
            "PROJ could not be opened (on Debian, install libproj25; or name the library in WORKOUTENGINE_PROJ_LIBRARY): \(reason)"
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
