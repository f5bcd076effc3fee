import CGEOS
import Foundation
import Geodesy

/// A latitude/longitude bounding box in degrees.
public struct GeoBounds: Sendable, Hashable {
    /// Southern edge, degrees north (WGS84).
    public var minLatitude: Double
    /// Western edge, degrees east (WGS84).
    public var minLongitude: Double
    /// Northern edge, degrees north (WGS84).
    public var maxLatitude: Double
    /// Eastern edge, degrees east (WGS84).
    public var maxLongitude: Double

    /// A box from its edges in degrees (WGS84); the minimums should not exceed the maximums.
    public init(minLatitude: Double, minLongitude: Double, maxLatitude: Double, maxLongitude: Double) {
        self.minLatitude = minLatitude
        self.minLongitude = minLongitude
        self.maxLatitude = maxLatitude
        self.maxLongitude = maxLongitude
    }
}

extension GeoBounds: Codable {
    /// The JSON keys (degrees), in the order the summary's `route.bounds` object writes them.
    private enum CodingKeys: String, CodingKey {
        case minLatitude, minLongitude, maxLatitude, maxLongitude
    }
}
