/// One lap as the device recorded it (FIT `lap`, TCX `Lap`): where it lies and the totals the file states
/// for it, reported beside the engine's own figures for the lap. `nil` where the file does not say.
public struct DeviceLap: Sendable, Hashable {
    /// When the lap started, seconds since 1970 (FIT `start_time`, TCX `Lap StartTime`).
    public var startTime: Double?
    /// When the lap ended, seconds since 1970 (FIT: the lap message's `timestamp`, else, or when the file
    /// stamps its laps with the activity's start (its summary first), `start_time` plus
    /// `total_elapsed_time`; TCX: the lap's last trackpoint, else its start plus `TotalTimeSeconds`).
    public var endTime: Double?
    /// Time the device's timer ran during the lap (pauses excluded), seconds (FIT `total_timer_time`,
    /// TCX `TotalTimeSeconds`).
    public var timerSeconds: Double?
    /// Wall time of the lap, seconds (FIT `total_elapsed_time`).
    public var elapsedSeconds: Double?
    /// Distance of the lap, metres, as the device measured it (FIT `total_distance`, TCX `DistanceMeters`).
    public var distanceMeters: Double?
    /// Ascent the device measured during the lap, metres (FIT `total_ascent`; TCX states none).
    public var ascentMeters: Double?
    /// Descent the device measured during the lap, metres (FIT `total_descent`; TCX states none).
    public var descentMeters: Double?
    /// Energy the device estimated for the lap, kilocalories (FIT `total_calories`, TCX `Calories`).
    public var kilocalories: Double?
    /// Average heart rate of the lap, bpm (FIT `avg_heart_rate`, TCX `AverageHeartRateBpm`).
    public var averageHeartRate: Double?
    /// Maximum heart rate of the lap, bpm (FIT `max_heart_rate`, TCX `MaximumHeartRateBpm`).
    public var maximumHeartRate: Double?
    /// What ended the lap, when the file says (FIT `lap_trigger`, TCX `TriggerMethod`).
    public var trigger: LapTrigger?

    /// A lap with the figures the file states; leave out (`nil`) what it does not say.
    public init(startTime: Double? = nil, endTime: Double? = nil, timerSeconds: Double? = nil, elapsedSeconds: Double? = nil,
                distanceMeters: Double? = nil, ascentMeters: Double? = nil, descentMeters: Double? = nil, kilocalories: Double? = nil,
                averageHeartRate: Double? = nil, maximumHeartRate: Double? = nil, trigger: LapTrigger? = nil) {
        self.startTime = startTime
        self.endTime = endTime
        self.timerSeconds = timerSeconds
        self.elapsedSeconds = elapsedSeconds
        self.distanceMeters = distanceMeters
        self.ascentMeters = ascentMeters
        self.descentMeters = descentMeters
        self.kilocalories = kilocalories
        self.averageHeartRate = averageHeartRate
        self.maximumHeartRate = maximumHeartRate
        self.trigger = trigger
    }
}

extension DeviceLap: Codable {
    /// The JSON keys, in the order a lap's `device` object in the summary writes them; every key is written,
    /// `null` where the file does not say. The figures' keys are those of the summary's `device` object.
    private enum CodingKeys: String, CodingKey {
        case startDate, endDate, trigger, distanceMeters, timerSeconds, elapsedSeconds, ascentMeters, descentMeters
        case kilocalories, averageHeartRate, maximumHeartRate
    }

    /// Decodes a lap's `device` object (missing keys and `null` are `nil`). `startDate` and `endDate` are
    /// ISO 8601, so the times come back rounded to the millisecond.
    /// - Throws: `DecodingError` for a value of the wrong type or a date that is not ISO 8601.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        func date(_ key: CodingKeys) throws -> Double? { try container.decodeISO8601SecondsIfPresent(forKey: key) }
        func number(_ key: CodingKeys) throws -> Double? { try container.decodeIfPresent(Double.self, forKey: key) }
        self.init(
            startTime: try date(.startDate), endTime: try date(.endDate), timerSeconds: try number(.timerSeconds),
            elapsedSeconds: try number(.elapsedSeconds), distanceMeters: try number(.distanceMeters),
            ascentMeters: try number(.ascentMeters), descentMeters: try number(.descentMeters),
            kilocalories: try number(.kilocalories), averageHeartRate: try number(.averageHeartRate),
            maximumHeartRate: try number(.maximumHeartRate),
            trigger: try container.decodeIfPresent(LapTrigger.self, forKey: .trigger))
    }

    /// Encodes a lap's `device` object: every key, `null` where unknown; times as ISO 8601 (milliseconds).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeOrNull(startTime.flatMap { ISO8601Text.string(secondsSince1970: $0) }, forKey: .startDate)
        try container.encodeOrNull(endTime.flatMap { ISO8601Text.string(secondsSince1970: $0) }, forKey: .endDate)
        try container.encodeOrNull(trigger, forKey: .trigger)
        try container.encodeNumberOrNull(distanceMeters, forKey: .distanceMeters)
        try container.encodeNumberOrNull(timerSeconds, forKey: .timerSeconds)
        try container.encodeNumberOrNull(elapsedSeconds, forKey: .elapsedSeconds)
        try container.encodeNumberOrNull(ascentMeters, forKey: .ascentMeters)
        try container.encodeNumberOrNull(descentMeters, forKey: .descentMeters)
        try container.encodeNumberOrNull(kilocalories, forKey: .kilocalories)
        try container.encodeNumberOrNull(averageHeartRate, forKey: .averageHeartRate)
        try container.encodeNumberOrNull(maximumHeartRate, forKey: .maximumHeartRate)
    }
}
