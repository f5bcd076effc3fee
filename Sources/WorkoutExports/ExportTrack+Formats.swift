import WorkoutCore
public import RouteGeometry
import Geodesy
import WorkoutSamples

extension ExportTrack {
    /// Writes the workout as GPX 1.1 (``GPXWriter``): a `<trkseg>` per segment, every fix with its
    /// time (to the millisecond), elevation, accuracies, and heart rate, cadence and temperature in a
    /// Garmin TrackPointExtension v1. `trk/type` is the activity's canonical name.
    /// - Returns: `output` with the text written (a `String` is a value: `let gpx = track.writeGPX(to: "")`).
    /// - Complexity: O(n), streaming into `output`.
    public func writeGPX<Output: TextOutputStream>(to output: Output, name: String? = nil) -> Output {
        var writer = GPXWriter(output: output, creator: "WorkoutEngine route-replay")
        writer.begin(name: name, type: activity.rawValue)
        for segment in segments {
            writer.beginSegment()
            for point in segment {
                writer.write(GPXTrackPoint(
                    location: point.location, heartRate: point.heartRate, cadence: point.cadence,
                    temperatureCelsius: point.temperatureCelsius, powerWatts: point.powerWatts))
            }
        }
        return writer.finish()
    }

    /// The rows of the sample CSV, one per accepted fix.
    public var csvRows: [CSVSampleRow] {
        var rows: [CSVSampleRow] = []
        rows.reserveCapacity(pointCount)
        for (index, segment) in segments.enumerated() {
            for point in segment { rows.append(csvRow(point, segment: index)) }
        }
        return rows
    }

    private func csvRow(_ point: ExportPoint, segment: Int) -> CSVSampleRow {
        CSVSampleRow(
            time: point.location.time, segment: segment, latitude: point.location.latitude,
            longitude: point.location.longitude, elevationMeters: point.location.altitudeMeters,
            heartRate: point.heartRate, cadence: point.cadence, distanceMeters: point.distanceMeters,
            speedMetersPerSecond: point.speedMetersPerSecond, paceSecondsPerKilometer: point.paceSecondsPerKilometer,
            elapsedSeconds: point.elapsedSeconds)
    }

    /// Writes the sample CSV (``CSVSampleWriter``): a header and a row per accepted fix with the derived
    /// metrics (cumulative distance, speed, pace, elapsed time).
    /// - Returns: `output` with the text written (a `String` is a value: `let gpx = track.writeCSV(to: "")`).
    /// - Complexity: O(n), streaming into `output`.
    public func writeCSV<Output: TextOutputStream>(to output: Output) -> Output {
        var writer = CSVSampleWriter(output: output)
        writer.writeHeader()
        for (index, segment) in segments.enumerated() {
            for point in segment { writer.write(csvRow(point, segment: index)) }
        }
        return writer.finish()
    }

    /// The segments as coordinates.
    public var coordinateSegments: [[GeoCoordinate]] {
        segments.map { $0.map { GeoCoordinate(latitude: $0.location.latitude, longitude: $0.location.longitude) } }
    }

    /// The route simplified with GEOS's topology-preserving simplifier in a local metric frame
    /// (``/RouteGeometry/RouteLine/simplified(toleranceMeters:)``), segment by segment; the kept points are original
    /// fixes, bit for bit.
    /// - Throws: `RouteGeometryError`.
    public func simplifiedRoute(toleranceMeters: Double) throws -> SimplifiedRoute {
        let coordinates = coordinateSegments
        guard !coordinates.isEmpty else {
            return SimplifiedRoute(segments: [], toleranceMeters: toleranceMeters, originalPointCount: 0)
        }
        return try RouteLine(segments: coordinates).simplified(toleranceMeters: toleranceMeters)
    }

    /// The Google encoded polyline (precision 5) of the simplified route, its segments joined in order
    /// (the format has no gaps), and the coordinates it encodes.
    /// - Throws: `RouteGeometryError`.
    public func encodedPolyline(toleranceMeters: Double) throws -> (polyline: String, coordinates: [GeoCoordinate]) {
        let points = Array(try simplifiedRoute(toleranceMeters: toleranceMeters).segments.joined())
        return (EncodedPolyline.encode(points), points)
    }

    /// The route as an RFC 7946 GeoJSON `FeatureCollection`: one `Feature` per segment, its geometry a
    /// `LineString` of `[longitude, latitude, elevation]` positions (elevation when known; a `Point` for
    /// a segment of a single fix, so every accepted fix is written), and its properties `segment`
    /// (0-based), `startTime` and `endTime` (ISO 8601, of its first and last timed fixes),
    /// `distanceMeters` (the engine's), `pointCount` and `activity`.
    ///
    /// - Parameter toleranceMeters: simplify first (see ``simplifiedRoute(toleranceMeters:)``);
    ///   `nil` writes every accepted fix.
    /// - Throws: `RouteGeometryError` when simplification fails.
    /// - Complexity: O(n), one string.
    public func geoJSON(toleranceMeters: Double? = nil) throws -> String {
        var coordinates = coordinateSegments
        var altitudes: [[Double?]] = segments.map { $0.map(\.location.altitudeMeters) }
        if let toleranceMeters {
            let simplified = try simplifiedRoute(toleranceMeters: toleranceMeters).segments
            altitudes = zip(simplified, segments).map { kept, original in
                // Kept points are a subsequence of the originals: walk both in order.
                var result: [Double?] = []
                var cursor = 0
                for c in kept {
                    while cursor < original.count,
                          original[cursor].location.latitude != c.latitude || original[cursor].location.longitude != c.longitude {
                        cursor += 1
                    }
                    result.append(cursor < original.count ? original[cursor].location.altitudeMeters : nil)
                }
                return result
            }
            coordinates = simplified
        }
        var features: [String] = []
        for (index, segment) in segments.enumerated() {
            var properties: [String: JSONValue] = [
                "segment": .number(Double(index)),
                "pointCount": .number(Double(segment.count)),
                "activity": .string(activity.rawValue),
            ]
            if index < route.segments.count {
                properties["distanceMeters"] = .number((route.segments[index].distanceMeters * 100).rounded() / 100)
            }
            // The segment's first and last timed fixes: a track's leading fixes may be untimed.
            if let start = segment.lazy.compactMap(\.location.time).first(where: \.isFinite) {
                properties["startTime"] = ISO8601Text.string(secondsSince1970: start, fraction: .milliseconds).map(JSONValue.string) ?? .null
            }
            if let end = segment.reversed().lazy.compactMap(\.location.time).first(where: \.isFinite) {
                properties["endTime"] = ISO8601Text.string(secondsSince1970: end, fraction: .milliseconds).map(JSONValue.string) ?? .null
            }
            let line = index < coordinates.count ? coordinates[index] : []
            let lineAltitudes = index < altitudes.count ? altitudes[index] : []
            features.append(GeoJSON.lineFeature(segments: [line], altitudes: [lineAltitudes], properties: properties))
        }
        return "{\"type\":\"FeatureCollection\",\"features\":[" + features.joined(separator: ",") + "]}"
    }
}
