public import WorkoutEngine

/// Which stored workouts a query selects; every condition set must hold. Results come in start order
/// (untimed workouts last), then by id.
public struct WorkoutQuery: Sendable, Hashable {
    /// A circle a workout's route must come within: `radiusMeters` of `center`, on the WGS84 ellipsoid.
    public struct Proximity: Sendable, Hashable {
        public var center: GeoCoordinate
        public var radiusMeters: Double

        public init(center: GeoCoordinate, radiusMeters: Double) {
            self.center = center
            self.radiusMeters = radiusMeters
        }
    }

    public var athlete: String?
    /// The engine's activity name (`running`, `cycling`, ...).
    public var activity: String?
    /// Workouts that start at or after this time, seconds since 1970.
    public var startingAtOrAfter: Double?
    /// Workouts that start before this time, seconds since 1970.
    public var startingBefore: Double?
    /// Workouts whose route passes within the circle.
    public var near: Proximity?
    /// Workouts whose route intersects this box (longitude/latitude; a box across the antimeridian is
    /// not supported).
    public var boundingBox: GeoBounds?
    /// At most this many workouts (the first in start order).
    public var limit: Int?

    public init(
        athlete: String? = nil, activity: String? = nil, startingAtOrAfter: Double? = nil, startingBefore: Double? = nil,
        near: Proximity? = nil, boundingBox: GeoBounds? = nil, limit: Int? = nil
    ) {
        self.athlete = athlete
        self.activity = activity
        self.startingAtOrAfter = startingAtOrAfter
        self.startingBefore = startingBefore
        self.near = near
        self.boundingBox = boundingBox
        self.limit = limit
    }
}
