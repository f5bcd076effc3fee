public import Geodesy

/// Google's encoded polyline format, implemented from the published description
/// (https://developers.google.com/maps/documentation/utilities/polylinealgorithm).
///
/// Each latitude and longitude is multiplied by 10^precision and rounded half away from zero; the
/// first point is written as is and every later one as the difference from the previous rounded
/// value (differences of rounded values, so rounding errors never accumulate). A signed value is
/// shifted left one bit and inverted when negative, split into 5-bit chunks from the low end, each
/// chunk but the last OR-ed with 0x20, and each written as the character `chunk + 63`.
public enum EncodedPolyline {
    /// The precisions accepted: 5 (Google's, about 1 m) and 6 (OSRM, Valhalla, about 10 cm) are the
    /// usual ones.
    public static let supportedPrecisions: ClosedRange<Int> = 0...9

    /// Encodes coordinates (`precision` decimal digits, 5 by default).
    ///
    /// Coordinates that cannot be represented — a non-finite value or a magnitude above 1000
    /// degrees — are skipped. A precision outside ``supportedPrecisions`` is clamped into it.
    /// - Complexity: O(n), at most 2 × 13 characters per point for precision 9.
    public static func encode(_ coordinates: some Sequence<GeoCoordinate>, precision: Int = 5) -> String {
        let factor = scale(precision)
        var output: [UInt8] = []
        output.reserveCapacity(coordinates.underestimatedCount * 8)
        var previousLatitude = 0, previousLongitude = 0
        for c in coordinates {
            guard c.latitude.isFinite, c.longitude.isFinite, abs(c.latitude) <= 1000, abs(c.longitude) <= 1000 else { continue }
            // `rounded()` is `.toNearestOrAwayFromZero`: half away from zero, as the algorithm says.
            let latitude = Int((c.latitude * factor).rounded())
            let longitude = Int((c.longitude * factor).rounded())
            appendSigned(latitude - previousLatitude, to: &output)
            appendSigned(longitude - previousLongitude, to: &output)
            previousLatitude = latitude
            previousLongitude = longitude
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// Decodes an encoded polyline (`precision` decimal digits, 5 by default).
    ///
    /// - Throws: ``EncodedPolylineError`` for a precision outside ``supportedPrecisions``, a
    ///   character outside `?`…`~` (63…126), a value cut off at the end, a latitude without its
    ///   longitude, or a value too large for 64 bits. Never traps.
    /// - Complexity: O(n) in the length of the string.
    public static func decode(_ encoded: String, precision: Int = 5) throws(EncodedPolylineError) -> [GeoCoordinate] {
        guard supportedPrecisions.contains(precision) else { throw .unsupportedPrecision(precision) }
        let factor = scale(precision)
        var result: [GeoCoordinate] = []
        var latitude = 0, longitude = 0
        var pending: Int? = nil  // a decoded latitude delta waiting for its longitude
        var value = 0, shift = 0, valueStart = 0
        var offset = 0
        for byte in encoded.utf8 {
            defer { offset += 1 }
            guard byte >= 63, byte <= 126 else { throw .invalidCharacter(offset: offset, byte: byte) }
            if shift == 0 { valueStart = offset }
            let chunk = Int(byte - 63)
            guard shift < 60 else { throw .valueTooLarge(offset: valueStart) }
            value |= (chunk & 0x1F) << shift
            shift += 5
            if chunk & 0x20 != 0 { continue }
            let delta = value & 1 != 0 ? ~(value >> 1) : value >> 1
            value = 0
            shift = 0
            if let latitudeDelta = pending {
                let (newLatitude, o1) = latitude.addingReportingOverflow(latitudeDelta)
                let (newLongitude, o2) = longitude.addingReportingOverflow(delta)
                guard !o1, !o2 else { throw .valueTooLarge(offset: valueStart) }
                latitude = newLatitude
                longitude = newLongitude
                result.append(GeoCoordinate(latitude: Double(latitude) / factor, longitude: Double(longitude) / factor))
                pending = nil
            } else {
                pending = delta
            }
        }
        if shift != 0 { throw .truncated(offset: valueStart) }
        if pending != nil { throw .missingLongitude(pointIndex: result.count) }
        return result
    }

    private static func scale(_ precision: Int) -> Double {
        var factor = 1.0
        for _ in 0..<Swift.min(Swift.max(precision, supportedPrecisions.lowerBound), supportedPrecisions.upperBound) { factor *= 10 }
        return factor
    }

    private static func appendSigned(_ value: Int, to output: inout [UInt8]) {
        var v = UInt(bitPattern: value << 1)
        if value < 0 { v = ~v }
        while v >= 0x20 {
            output.append(UInt8(truncatingIfNeeded: (v & 0x1F) | 0x20) + 63)
            v >>= 5
        }
        output.append(UInt8(truncatingIfNeeded: v) + 63)
    }
}
