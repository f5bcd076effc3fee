import WorkoutSamples
import Foundation
import Geodesy

/// A JSON value for GeoJSON `properties`.
public enum JSONValue: Sendable, Hashable, ExpressibleByStringLiteral, ExpressibleByFloatLiteral,
    ExpressibleByIntegerLiteral, ExpressibleByBooleanLiteral, ExpressibleByNilLiteral {
    /// A string, escaped when written.
    case string(String)
    /// Written without exponent when it is an integer below 10¹⁵ in magnitude; non-finite numbers are
    /// written as `null` (JSON has no NaN).
    case number(Double)
    /// `true` or `false`.
    case bool(Bool)
    /// JSON `null`.
    case null

    public init(stringLiteral value: String) { self = .string(value) }
    public init(floatLiteral value: Double) { self = .number(value) }
    public init(integerLiteral value: Int) { self = .number(Double(value)) }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(nilLiteral: ()) { self = .null }
}
