import Foundation
public import WorkoutEngine

extension WorkoutQuery {
    /// Seconds since 1970 of an ISO 8601 date (midnight UTC) or date-time, as `--from`/`--to` and the
    /// server's `from`/`to` take them; `nil` when it is neither.
    public static func parseTime(_ text: String) -> Double? {
        ISO8601Time.secondsSince1970(text.count == 10 ? text + "T00:00:00Z" : text)
    }

    /// Exactly `count` comma-separated finite numbers, or `nil`.
    public static func parseNumbers(_ text: String, count: Int) -> [Double]? {
        let values = text.split(separator: ",", omittingEmptySubsequences: false).compactMap { Double($0.trimmingCharacters(in: .whitespaces)) }
        guard values.count == count, values.allSatisfy(\.isFinite) else { return nil }
        return values
    }

    /// A circle from `LATITUDE,LONGITUDE` and a radius in metres; `nil` when out of range.
    public static func parseNear(_ text: String, withinMeters: Double) -> Proximity? {
        guard let values = parseNumbers(text, count: 2), abs(values[0]) <= 90, abs(values[1]) <= 180,
              withinMeters.isFinite, withinMeters >= 0 else { return nil }
        return Proximity(center: GeoCoordinate(latitude: values[0], longitude: values[1]), radiusMeters: withinMeters)
    }

    /// A box from `MINLON,MINLAT,MAXLON,MAXLAT`; `nil` when malformed or inverted.
    public static func parseBoundingBox(_ text: String) -> GeoBounds? {
        guard let v = parseNumbers(text, count: 4), v[0] <= v[2], v[1] <= v[3] else { return nil }
        return GeoBounds(minLatitude: v[1], minLongitude: v[0], maxLatitude: v[3], maxLongitude: v[2])
    }
}
