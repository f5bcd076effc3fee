import WorkoutEngine
import WorkoutStore

/// A stored route as it may be shown: the stored simplified polyline decoded, the points inside the
/// zones left out, and what is left encoded again (its pieces joined in order, as the format has no
/// gaps), with its bounds and first point. The points written are exactly the points tested.
struct SharedRoute: Sendable {
    var encodedPolyline: String
    var bounds: GeoBounds?
    var startPoint: GeoCoordinate?
    var pointCount: Int

    /// The shared form of `polyline` (the store's simplified route) with `zones` hidden.
    /// - Throws: `RouteGeometryError` for an invalid zone; `EncodedPolylineError` for a corrupt polyline.
    init(polyline: String, zones: [PrivacyZone]) throws {
        let points = try EncodedPolyline.decode(polyline)
        var kept: [GeoCoordinate] = points
        if !zones.isEmpty, !points.isEmpty {
            let runs = try RouteLine(segments: [points]).runsOutside(zones)
            kept = runs.first?.flatMap { Array(points[$0]) } ?? []
        }
        encodedPolyline = EncodedPolyline.encode(kept)
        pointCount = kept.count
        startPoint = kept.first
        bounds = kept.first.map { first in
            var box = GeoBounds(minLatitude: first.latitude, minLongitude: first.longitude, maxLatitude: first.latitude, maxLongitude: first.longitude)
            for point in kept {
                box.minLatitude = min(box.minLatitude, point.latitude)
                box.maxLatitude = max(box.maxLatitude, point.latitude)
                box.minLongitude = min(box.minLongitude, point.longitude)
                box.maxLongitude = max(box.maxLongitude, point.longitude)
            }
            return box
        }
    }

    /// Writes `{"encodedPolyline", "bounds", "startPoint"}` under `key` (bounds and point in their
    /// `Codable` form, `null` for a route with nothing to show).
    func write(to json: inout JSONWriter, key: String) throws {
        json.beginObject(key)
        json.string("encodedPolyline", encodedPolyline)
        if let bounds { try json.encode(bounds, key: "bounds") } else { json.null("bounds") }
        if let startPoint { try json.encode(startPoint, key: "startPoint") } else { json.null("startPoint") }
        json.endObject()
    }
}
