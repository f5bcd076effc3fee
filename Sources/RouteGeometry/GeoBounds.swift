import CGEOS
import Foundation
public import Geodesy

/// A latitude/longitude bounding box in degrees.
public struct GeoBounds: Sendable, Hashable {
    public var minLatitude: Double
    public var minLongitude: Double
    public var maxLatitude: Double
    public var maxLongitude: Double

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
