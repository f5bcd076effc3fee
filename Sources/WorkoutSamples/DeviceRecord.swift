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
