/// The value types every layer of WorkoutEngine passes around.
///
/// Times are seconds since 1970-01-01T00:00:00Z (`Double`, like `TimeInterval`); `nil` where the source
/// carries no time (a planned route, an untimed GPX track). Every other quantity is in SI units and
/// says its unit in its name.

/// One position fix, as a phone or a watch reports it.
public struct LocationSample: Sendable, Hashable {
    /// Degrees north, WGS84. Valid values are in -90...90.
    public var latitude: Double
    /// Degrees east, WGS84. Valid values are in -180...180.
    public var longitude: Double
    // The optional readings are stored as plain values with one bit each in `present` (an absent one is
    // stored as 0): 66 bytes instead of the 106 that six `Double?` take with their padding, and a fix is
    // copied at every stage of the pipeline.
    private var storedTime = 0.0
    private var storedAltitude = 0.0
    private var storedHorizontalAccuracy = 0.0
    private var storedVerticalAccuracy = 0.0
    private var storedSpeed = 0.0
    private var storedCourse = 0.0
    private var present: UInt8 = 0
    /// `false` when the device said it had no fix (GPX `<fix>none</fix>`); such a position is stale.
    public var hasFix: Bool

    private static let timeBit: UInt8 = 1
    private static let altitudeBit: UInt8 = 2
    private static let horizontalAccuracyBit: UInt8 = 4
    private static let verticalAccuracyBit: UInt8 = 8
    private static let speedBit: UInt8 = 16
    private static let courseBit: UInt8 = 32

    @inline(__always)
    private func value(_ stored: Double, _ bit: UInt8) -> Double? {
        present & bit != 0 ? stored : nil
    }

    @inline(__always)
    private mutating func mark(_ bit: UInt8, present isPresent: Bool) {
        present = isPresent ? present | bit : present & ~bit
    }

    /// Seconds since 1970-01-01T00:00:00Z, or `nil` when the source has no time for this fix.
    public var time: Double? {
        get { value(storedTime, Self.timeBit) }
        set { storedTime = newValue ?? 0; mark(Self.timeBit, present: newValue != nil) }
    }
    /// Metres above the WGS84 ellipsoid or mean sea level, as the source reports it.
    public var altitudeMeters: Double? {
        get { value(storedAltitude, Self.altitudeBit) }
        set { storedAltitude = newValue ?? 0; mark(Self.altitudeBit, present: newValue != nil) }
    }
    /// Radius of the 68 % horizontal uncertainty in metres (`horizontalAccuracy`; GPX `hdop` is converted
    /// by the reader and documented there).
    public var horizontalAccuracyMeters: Double? {
        get { value(storedHorizontalAccuracy, Self.horizontalAccuracyBit) }
        set { storedHorizontalAccuracy = newValue ?? 0; mark(Self.horizontalAccuracyBit, present: newValue != nil) }
    }
    /// Vertical uncertainty in metres.
    public var verticalAccuracyMeters: Double? {
        get { value(storedVerticalAccuracy, Self.verticalAccuracyBit) }
        set { storedVerticalAccuracy = newValue ?? 0; mark(Self.verticalAccuracyBit, present: newValue != nil) }
    }
    /// Speed over ground reported by the device, metres per second: measured apart from the positions (the
    /// Doppler shift, a wheel, a foot pod), it is the current speed, rules moving time, and tells how much error
    /// the fixes carry (fixes it shows clean are smoothed less; see "How the numbers are computed"). Leave it
    /// `nil` rather than fill it with each step's length over its time.
    public var speedMetersPerSecond: Double? {
        get { value(storedSpeed, Self.speedBit) }
        set { storedSpeed = newValue ?? 0; mark(Self.speedBit, present: newValue != nil) }
    }
    /// Course over ground reported by the device, degrees clockwise from true north.
    public var courseDegrees: Double? {
        get { value(storedCourse, Self.courseBit) }
        set { storedCourse = newValue ?? 0; mark(Self.courseBit, present: newValue != nil) }
    }

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
        self.latitude = latitude
        self.longitude = longitude
        self.hasFix = hasFix
        self.time = time
        self.altitudeMeters = altitudeMeters
        self.horizontalAccuracyMeters = horizontalAccuracyMeters
        self.verticalAccuracyMeters = verticalAccuracyMeters
        self.speedMetersPerSecond = speedMetersPerSecond
        self.courseDegrees = courseDegrees
    }
}

extension LocationSample: Codable {
    /// Decodes a `location` record (``SampleCodingKey``): `latitude` and `longitude` required, `time` a
    /// number or an ISO 8601 string, `hasFix` `true` when absent.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: SampleCodingKey.self)
        try container.checkType(.location)
        self.init(
            time: try container.decodeTime(),
            latitude: try container.decode(Double.self, forKey: .latitude),
            longitude: try container.decode(Double.self, forKey: .longitude),
            altitudeMeters: try container.decodeIfPresent(Double.self, forKey: .altitude),
            horizontalAccuracyMeters: try container.decodeIfPresent(Double.self, forKey: .horizontalAccuracy),
            verticalAccuracyMeters: try container.decodeIfPresent(Double.self, forKey: .verticalAccuracy),
            speedMetersPerSecond: try container.decodeIfPresent(Double.self, forKey: .speed),
            courseDegrees: try container.decodeIfPresent(Double.self, forKey: .course),
            hasFix: try container.decodeIfPresent(Bool.self, forKey: .hasFix) ?? true)
    }

    /// Encodes the fix as one `location` record: `{"type":"location","time":…,"latitude":…,…}`, `nil`
    /// values left out, `"hasFix":false` only for a fix the device did not have.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: SampleCodingKey.self)
        try container.encodeHead(.location, time: time)
        try container.encode(latitude, forKey: .latitude)
        try container.encode(longitude, forKey: .longitude)
        try container.encodeIfPresent(altitudeMeters, forKey: .altitude)
        try container.encodeIfPresent(horizontalAccuracyMeters, forKey: .horizontalAccuracy)
        try container.encodeIfPresent(verticalAccuracyMeters, forKey: .verticalAccuracy)
        try container.encodeIfPresent(speedMetersPerSecond, forKey: .speed)
        try container.encodeIfPresent(courseDegrees, forKey: .course)
        if !hasFix { try container.encode(false, forKey: .hasFix) }
    }
}
