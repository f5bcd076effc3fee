/// The figures a device states about a recording it made (FIT `session`, `file_id` and `device_info`;
/// TCX `Lap` totals and `Creator`), reported beside the engine's own. `nil` where the file does not say.
public struct DeviceRecord: Sendable, Hashable {
    /// The manufacturer's name (FIT `manufacturer`, as the FIT profile names it, e.g. `garmin`), if any.
    public var manufacturer: String?
    /// The product's name or number, as the file gives it (FIT `garmin_product` name or number, TCX
    /// `Creator/Name`).
    public var product: String?
    /// The sport as the file names it (FIT `sport`/`sub_sport`, TCX `Activity Sport`).
    public var sport: String?
    /// Distance the device measured, metres.
    public var distanceMeters: Double?
    /// Time the device's timer ran (pauses excluded): FIT `total_timer_time`.
    public var timerSeconds: Double?
    /// Wall time of the recording: FIT `total_elapsed_time`.
    public var elapsedSeconds: Double?
    /// Ascent the device measured, metres.
    public var ascentMeters: Double?
    /// Descent the device measured, metres.
    public var descentMeters: Double?
    /// Energy the device estimated, kilocalories.
    public var kilocalories: Double?
    /// Average heart rate the device computed, bpm.
    public var averageHeartRate: Double?
    /// Maximum heart rate the device recorded, bpm.
    public var maximumHeartRate: Double?

    /// A record from the figures a file states.
    public init(
        manufacturer: String? = nil, product: String? = nil, sport: String? = nil, distanceMeters: Double? = nil,
        timerSeconds: Double? = nil, elapsedSeconds: Double? = nil, ascentMeters: Double? = nil,
        descentMeters: Double? = nil, kilocalories: Double? = nil, averageHeartRate: Double? = nil,
        maximumHeartRate: Double? = nil
    ) {
        self.manufacturer = manufacturer
        self.product = product
        self.sport = sport
        self.distanceMeters = distanceMeters
        self.timerSeconds = timerSeconds
        self.elapsedSeconds = elapsedSeconds
        self.ascentMeters = ascentMeters
        self.descentMeters = descentMeters
        self.kilocalories = kilocalories
        self.averageHeartRate = averageHeartRate
        self.maximumHeartRate = maximumHeartRate
    }
}

extension DeviceRecord: Codable {
    /// The JSON keys, in the order the summary's `device` object writes them; every key is written,
    /// `null` where the file does not say.
    private enum CodingKeys: String, CodingKey {
        case manufacturer, product, sport, distanceMeters, timerSeconds, elapsedSeconds, ascentMeters, descentMeters
        case kilocalories, averageHeartRate, maximumHeartRate
    }

    /// Decodes the summary's `device` object (missing keys and `null` are `nil`).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            manufacturer: try container.decodeIfPresent(String.self, forKey: .manufacturer),
            product: try container.decodeIfPresent(String.self, forKey: .product),
            sport: try container.decodeIfPresent(String.self, forKey: .sport),
            distanceMeters: try container.decodeIfPresent(Double.self, forKey: .distanceMeters),
            timerSeconds: try container.decodeIfPresent(Double.self, forKey: .timerSeconds),
            elapsedSeconds: try container.decodeIfPresent(Double.self, forKey: .elapsedSeconds),
            ascentMeters: try container.decodeIfPresent(Double.self, forKey: .ascentMeters),
            descentMeters: try container.decodeIfPresent(Double.self, forKey: .descentMeters),
            kilocalories: try container.decodeIfPresent(Double.self, forKey: .kilocalories),
            averageHeartRate: try container.decodeIfPresent(Double.self, forKey: .averageHeartRate),
            maximumHeartRate: try container.decodeIfPresent(Double.self, forKey: .maximumHeartRate))
    }

    /// Encodes the summary's `device` object: every key, `null` where unknown.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeOrNull(manufacturer, forKey: .manufacturer)
        try container.encodeOrNull(product, forKey: .product)
        try container.encodeOrNull(sport, forKey: .sport)
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
