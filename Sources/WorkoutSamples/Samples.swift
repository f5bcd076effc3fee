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

/// A heart-rate reading.
public struct HeartRateSample: Sendable, Hashable {
    public var time: Double?
    public var beatsPerMinute: Double
    public init(time: Double?, beatsPerMinute: Double) {
        self.time = time
        self.beatsPerMinute = beatsPerMinute
    }
}

/// Active energy burned since the previous `ActiveEnergySample` (an increment, not a running total).
public struct ActiveEnergySample: Sendable, Hashable {
    public var time: Double?
    public var kilocalories: Double
    public init(time: Double?, kilocalories: Double) {
        self.time = time
        self.kilocalories = kilocalories
    }
}

/// Step cadence (running, walking) or crank cadence (cycling), per minute.
public struct CadenceSample: Sendable, Hashable {
    public var time: Double?
    public var perMinute: Double
    public init(time: Double?, perMinute: Double) {
        self.time = time
        self.perMinute = perMinute
    }
}

/// Mechanical power, watts.
public struct PowerSample: Sendable, Hashable {
    public var time: Double?
    public var watts: Double
    public init(time: Double?, watts: Double) {
        self.time = time
        self.watts = watts
    }
}

/// Ambient conditions.
public struct WeatherSample: Sendable, Hashable {
    public var time: Double?
    public var temperatureCelsius: Double?
    public var humidityPercent: Double?
    public init(time: Double?, temperatureCelsius: Double?, humidityPercent: Double? = nil) {
        self.time = time
        self.temperatureCelsius = temperatureCelsius
        self.humidityPercent = humidityPercent
    }
}

/// What ended a lap, where the recording says (FIT `lap_trigger`, TCX `TriggerMethod`).
public enum LapTrigger: String, Sendable, Hashable, CaseIterable, Codable {
    /// The user pressed the lap button.
    case manual
    /// A time interval elapsed (auto lap by time).
    case time
    /// A distance was covered (auto lap by distance, for example every kilometre).
    case distance
    /// A position was reached (auto lap by position: start, lap, waypoint or marked position).
    case position
    /// The session ended: the last lap.
    case sessionEnd
    /// A heart-rate threshold (TCX `HeartRate`).
    case heartRate
    /// Fitness equipment (a treadmill or trainer) ended the lap.
    case fitnessEquipment
}

/// A change of session state carried by the input.
public struct WorkoutEventSample: Sendable, Hashable {
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        /// The user paused the workout.
        case pause
        /// The user resumed the workout.
        case resume
        /// A lap ended at ``WorkoutEventSample/time`` (a lap button press, or an automatic lap; FIT `lap`
        /// messages and TCX `Lap` elements give one at each lap's end).
        case lap
        /// A new recorded segment begins (GPX `<trkseg>`, `<trk>`, `<rte>`): the gap before it counts as a
        /// pause and no distance is added across it. Readers emit it; JSON input may use `"segment"`.
        case segmentStart = "segment"
    }
    public var time: Double?
    public var kind: Kind
    /// For a ``Kind/lap`` event: what ended the lap, when the recording says.
    public var lapTrigger: LapTrigger?
    public init(time: Double?, kind: Kind, lapTrigger: LapTrigger? = nil) {
        self.time = time
        self.kind = kind
        self.lapTrigger = lapTrigger
    }
}

/// The distance a device measured itself since the recording began (FIT `record.distance`, TCX
/// `DistanceMeters`): a wheel sensor, a foot pod or a treadmill. The engine uses it only for a workout
/// without positions (an indoor ride, a treadmill run); with positions, distance is geodesic.
public struct DistanceSample: Sendable, Hashable {
    public var time: Double?
    /// Metres since the start of the recording (a running total, not an increment).
    public var cumulativeMeters: Double
    public init(time: Double?, cumulativeMeters: Double) {
        self.time = time
        self.cumulativeMeters = cumulativeMeters
    }
}

/// Anything a track or a live stream can carry. A plain value (no heap allocation), so a stream of
/// samples costs nothing per sample beyond its bytes.
public enum Sample: Sendable, Hashable {
    case location(LocationSample)
    case heartRate(HeartRateSample)
    case activeEnergy(ActiveEnergySample)
    case cadence(CadenceSample)
    case power(PowerSample)
    case weather(WeatherSample)
    case event(WorkoutEventSample)
    case distance(DistanceSample)

    /// The sample's time, seconds since 1970, if it has one.
    @inlinable
    public var time: Double? {
        switch self {
        case .location(let s): s.time
        case .heartRate(let s): s.time
        case .activeEnergy(let s): s.time
        case .cadence(let s): s.time
        case .power(let s): s.time
        case .weather(let s): s.time
        case .event(let s): s.time
        case .distance(let s): s.time
        }
    }

    /// The same sample with its time replaced (`nil` makes it untimed). Replaying a recorded track as a
    /// live session shifts every sample's time this way.
    @inlinable
    public func withTime(_ time: Double?) -> Sample {
        switch self {
        case .location(var s): s.time = time; return .location(s)
        case .heartRate(var s): s.time = time; return .heartRate(s)
        case .activeEnergy(var s): s.time = time; return .activeEnergy(s)
        case .cadence(var s): s.time = time; return .cadence(s)
        case .power(var s): s.time = time; return .power(s)
        case .weather(var s): s.time = time; return .weather(s)
        case .event(var s): s.time = time; return .event(s)
        case .distance(var s): s.time = time; return .distance(s)
        }
    }
}
