import Geodesy
import Foundation

/// Why an encoded polyline could not be decoded. Offsets are 0-based byte offsets into the string's
/// UTF-8.
public enum EncodedPolylineError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The precision is outside ``EncodedPolyline/supportedPrecisions``.
    case unsupportedPrecision(Int)
    /// A byte outside 63...126 (`?` to `~`).
    case invalidCharacter(offset: Int, byte: UInt8)
    /// The string ends inside a value (its last chunk has the continuation bit 0x20).
    case truncated(offset: Int)
    /// The string ends after a latitude; `pointIndex` is the 0-based index of the incomplete point.
    case missingLongitude(pointIndex: Int)
    /// A value needs more than 64 bits.
    case valueTooLarge(offset: Int)

    public var description: String {
        switch self {
        case .unsupportedPrecision(let p): "encoded polyline: unsupported precision \(p) (use 0...9)"
        case .invalidCharacter(let offset, let byte): "encoded polyline: invalid byte \(byte) at offset \(offset) (expected 63...126)"
        case .truncated(let offset): "encoded polyline: value starting at offset \(offset) is cut off"
        case .missingLongitude(let index): "encoded polyline: point \(index) has a latitude but no longitude"
        case .valueTooLarge(let offset): "encoded polyline: value at offset \(offset) is too large"
        }
    }
}

extension EncodedPolylineError: LocalizedError {
    /// The same text as ``description``, so that `localizedDescription` says what went wrong.
    public var errorDescription: String? { description }
}
