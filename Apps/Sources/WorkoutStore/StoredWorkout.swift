public import WorkoutEngine

/// A workout as the store gives it back: its identity, the figures most queries need, its route's
/// polyline and bounds, and the full summary JSON (every figure) as imported.
public struct StoredWorkout: Sendable, Hashable {
    public var id: Int64
    public var athlete: String
    /// The engine's activity (`running`, `cycling`, ...).
    public var activity: String
    public var sourceName: String
    /// SHA-256 of the source bytes.
    public var contentHash: String
    /// Seconds since 1970; `nil` for an untimed track.
    public var startTime: Double?
    public var endTime: Double?
    public var distanceMeters: Double
    public var movingSeconds: Double?
    public var elapsedSeconds: Double?
    public var elevationGainMeters: Double?
    public var averageSpeedMetersPerSecond: Double?
    public var maxSpeedMetersPerSecond: Double?
    public var heartRateAverageBPM: Double?
    public var deviceManufacturer: String?
    public var deviceProduct: String?
    /// The simplified route's Google encoded polyline (empty when the workout has no route).
    public var encodedPolyline: String
    public var bounds: GeoBounds?
    /// The engine's summary JSON, as `route-replay summary` prints it.
    public var summaryJSON: String

    public init(
        id: Int64, athlete: String, activity: String, sourceName: String, contentHash: String, startTime: Double?,
        endTime: Double?, distanceMeters: Double, movingSeconds: Double?, elapsedSeconds: Double?,
        elevationGainMeters: Double?, averageSpeedMetersPerSecond: Double?, maxSpeedMetersPerSecond: Double?,
        heartRateAverageBPM: Double?, deviceManufacturer: String?, deviceProduct: String?, encodedPolyline: String,
        bounds: GeoBounds?, summaryJSON: String
    ) {
        self.id = id
        self.athlete = athlete
        self.activity = activity
        self.sourceName = sourceName
        self.contentHash = contentHash
        self.startTime = startTime
        self.endTime = endTime
        self.distanceMeters = distanceMeters
        self.movingSeconds = movingSeconds
        self.elapsedSeconds = elapsedSeconds
        self.elevationGainMeters = elevationGainMeters
        self.averageSpeedMetersPerSecond = averageSpeedMetersPerSecond
        self.maxSpeedMetersPerSecond = maxSpeedMetersPerSecond
        self.heartRateAverageBPM = heartRateAverageBPM
        self.deviceManufacturer = deviceManufacturer
        self.deviceProduct = deviceProduct
        self.encodedPolyline = encodedPolyline
        self.bounds = bounds
        self.summaryJSON = summaryJSON
    }

    /// The columns both stores select, in the order the decoders read them (`w` is workouts, `r` routes).
    static let selectList = """
        w.id, w.athlete, w.activity, w.source_name, w.content_hash, %START%, %END%, w.distance_m, w.moving_s, \
        w.elapsed_s, w.elevation_gain_m, w.average_speed_mps, w.max_speed_mps, w.heart_rate_average_bpm, \
        w.device_manufacturer, w.device_product, %SUMMARY%, r.encoded_polyline, r.min_lat, r.min_lon, r.max_lat, r.max_lon
        """

    /// Writes the workout as one JSON object (`route-replay list`).
    public func write(to json: inout JSONWriter, key: String? = nil) {
        json.beginObject(key)
        json.integer("id", Int(id))
        json.string("athlete", athlete)
        json.string("activity", activity)
        json.string("source", sourceName)
        json.string("contentHash", contentHash)
        json.string("startDate", startTime.flatMap { ISO8601Text.string(secondsSince1970: $0) })
        json.string("endDate", endTime.flatMap { ISO8601Text.string(secondsSince1970: $0) })
        json.number("distanceMeters", distanceMeters)
        json.number("movingSeconds", movingSeconds)
        json.number("elapsedSeconds", elapsedSeconds)
        json.number("elevationGainMeters", elevationGainMeters)
        json.number("averageSpeedMetersPerSecond", averageSpeedMetersPerSecond)
        json.number("maxSpeedMetersPerSecond", maxSpeedMetersPerSecond)
        json.number("heartRateAverageBPM", heartRateAverageBPM)
        json.string("deviceManufacturer", deviceManufacturer)
        json.string("deviceProduct", deviceProduct)
        json.string("encodedPolyline", encodedPolyline)
        if let bounds {
            json.beginObject("bounds")
            json.number("minLatitude", bounds.minLatitude)
            json.number("minLongitude", bounds.minLongitude)
            json.number("maxLatitude", bounds.maxLatitude)
            json.number("maxLongitude", bounds.maxLongitude)
            json.endObject()
        } else {
            json.null("bounds")
        }
        json.endObject()
    }
}
