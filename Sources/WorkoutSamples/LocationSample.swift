/// The value types every layer of WorkoutEngine passes around.
///
/// Times are seconds since 1970-01-01T00:00:00Z (`Double`, like `TimeInterval`); `nil` where the source
/// carries no time (a planned route, an untimed GPX track). Every other quantity is in SI units and
/// says its unit in its name.

/// One position fix, as a phone or a watch reports it.
public struct LocationSample: Sendable, Hashable {
    /// Seconds since 1970-01-01T00:00:00Z, or `nil` when the source has no time for this fix.
    public var time: Double?
    /// Degrees north, WGS84. Valid values are in -90...90.
    public var latitude: Double
    /// Degrees east, WGS84. Valid values are in -180...180.
    public var longitude: Double
    /// Metres above the WGS84 ellipsoid or mean sea level, as the source reports it.
    public var altitudeMeters: Double?
    /// Radius of the 68 % horizontal uncertainty in metres (`horizontalAccuracy`; GPX `hdop` is converted
    /// by the reader and documented there).
    public var horizontalAccuracyMeters: Double?
    /// Vertical uncertainty in metres.
    public var verticalAccuracyMeters: Double?
    /// Speed over ground reported by the device, metres per second.
    public var speedMetersPerSecond: Double?
    /// Course over ground reported by the device, degrees clockwise from true north.
    public var courseDegrees: Double?
    /// `false` when the device said it had no fix (GPX `<fix>none</fix>`); such a position is stale.
    public var hasFix: Bool

    /// Metres of 68 % horizontal (or vertical) uncertainty per unit of dilution of precision (GPX `hdop`,
    /// `vdop`): 5 m. Position error ≈ DOP × σ(UERE), the user-equivalent range error; 5 m is an assumption
    /// for a consumer receiver without augmentation (published single-frequency UERE budgets are roughly
    /// 4–7 m at one sigma). The GPX reader and writer convert with it.
    public static let metersPerDilutionOfPrecision = 5.0

    /// A fix at `latitude`, `longitude` (degrees, WGS84) and `time` (seconds since 1970, `nil` when the
    /// source has none); every other reading is optional and `hasFix` defaults to `true`.
    public init(
        time: Double?,
        latitude: Double,
        longitude: Double,
        altitudeMeters: Double? = nil,
        horizontalAccuracyMeters: Double? = nil,
        verticalAccuracyMeters: Double? = nil,
        speedMetersPerSecond: Double? = nil,
        courseDegrees: Double? = nil,
        hasFix: Bool = true
    ) {
        self.time = time
        self.latitude = latitude
        self.longitude = longitude
        self.altitudeMeters = altitudeMeters
        self.horizontalAccuracyMeters = horizontalAccuracyMeters
        self.verticalAccuracyMeters = verticalAccuracyMeters
        self.speedMetersPerSecond = speedMetersPerSecond
        self.courseDegrees = courseDegrees
        self.hasFix = hasFix
    }
}
