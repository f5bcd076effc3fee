public import RouteGeometry
import Geodesy
import WorkoutCore
import WorkoutSamples

extension ExportTrack {
    /// The track as it may be shared: the fixes inside `zones` left out, and each run of fixes between
    /// two left-out stretches a segment of its own (``/RouteGeometry/RouteLine/runsOutside(_:)``), so
    /// GPX, CSV, GeoJSON, the polyline and the map written from it show nothing inside a zone and never
    /// draw a line across one. The figures stay those of the whole workout (``metrics``, ``analysis``,
    /// each fix's cumulative distance and running time); only per-segment route distances are dropped
    /// (``route`` is empty), since the segments are no longer the engine's.
    /// - Throws: `RouteGeometryError` for an invalid zone or when PROJ fails.
    /// - Complexity: O(n × zones).
    public func outside(_ zones: [PrivacyZone]) throws -> ExportTrack {
        guard !zones.isEmpty else { return self }
        let runs = try RouteLine(segments: coordinateSegments).runsOutside(zones)
        var kept: [[ExportPoint]] = []
        for (segment, segmentRuns) in zip(segments, runs) {
            for run in segmentRuns where !run.isEmpty {
                var piece = Array(segment[run])
                // A pause before the piece's first fix is not drawn: the piece starts there.
                piece[0].followsPause = false
                kept.append(piece)
            }
        }
        var shared = ExportTrack(activity: activity, activityName: activityName, segments: kept, metrics: metrics, analysis: analysis)
        shared.skippedFields = skippedFields
        return shared
    }

    /// The first fix and the bounds of the track (`nil` without fixes).
    public var startAndBounds: (start: GeoCoordinate, bounds: GeoBounds)? {
        guard let first = segments.first?.first else { return nil }
        var bounds = GeoBounds(minLatitude: first.location.latitude, minLongitude: first.location.longitude,
                               maxLatitude: first.location.latitude, maxLongitude: first.location.longitude)
        for segment in segments {
            for point in segment {
                bounds.minLatitude = Swift.min(bounds.minLatitude, point.location.latitude)
                bounds.maxLatitude = Swift.max(bounds.maxLatitude, point.location.latitude)
                bounds.minLongitude = Swift.min(bounds.minLongitude, point.location.longitude)
                bounds.maxLongitude = Swift.max(bounds.maxLongitude, point.location.longitude)
            }
        }
        return (GeoCoordinate(latitude: first.location.latitude, longitude: first.location.longitude), bounds)
    }
}
