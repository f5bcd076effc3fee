import WorkoutCore
import WorkoutSamples
import Geodesy
import Foundation

/// Errors of the picture exports.
public enum ExportError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The workout has no accepted fix to draw or export.
    case emptyRoute
    /// The chart needs values the track does not carry (`"heart rate"`, `"elevation"`, `"time"`).
    case missingData(String)
    /// PROJ could not build the projection.
    case projection(String)
    /// The PNG renderer is not installed.
    case rendererMissing(tool: String, hint: String)
    /// The PNG renderer failed.
    case rendererFailed(tool: String, status: Int32, message: String)

    public var description: String {
        switch self {
        case .emptyRoute: "the track has no accepted location to export"
        case .missingData(let what): "the track has no \(what) to chart"
        case .projection(let message): "projection failed: \(message)"
        case .rendererMissing(let tool, let hint): "\(tool) not found: \(hint)"
        case .rendererFailed(let tool, let status, let message): "\(tool) failed with status \(status): \(message)"
        }
    }
}

extension ExportError: LocalizedError {
    /// The same text as ``description``, so that `localizedDescription` says what went wrong.
    public var errorDescription: String? { description }
}
