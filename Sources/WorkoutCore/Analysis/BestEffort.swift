/// The fastest stretch of a given distance within a workout.
public struct BestEffort: Sendable, Hashable {
    /// A stable key: `400m`, `halfMile`, `1k`, `1mile`, `2miles`, `5k`, `10k`, `15k`, `10miles`, `20k`,
    /// `halfMarathon`, `30k`, `marathon`, `50k`.
    public var name: String
    /// The effort's distance, metres.
    public var distanceMeters: Double
    /// The effort's time, seconds: **wall** time, pauses included (as Strava counts best efforts).
    public var elapsedSeconds: Double
    /// Seconds from the workout's start to the effort's start and end.
    public var startOffsetSeconds: Double
    /// Seconds from the workout's start to the effort's end.
    public var endOffsetSeconds: Double
    /// Where the effort starts and ends on the workout's distance, metres.
    public var startDistanceMeters: Double
    /// Where the effort ends on the workout's distance, metres.
    public var endDistanceMeters: Double

    /// Creates the value from its parts.
    public init(name: String, distanceMeters: Double, elapsedSeconds: Double, startOffsetSeconds: Double,
                endOffsetSeconds: Double, startDistanceMeters: Double, endDistanceMeters: Double) {
        self.name = name
        self.distanceMeters = distanceMeters
        self.elapsedSeconds = elapsedSeconds
        self.startOffsetSeconds = startOffsetSeconds
        self.endOffsetSeconds = endOffsetSeconds
        self.startDistanceMeters = startDistanceMeters
        self.endDistanceMeters = endDistanceMeters
    }

    /// Average pace over the effort, seconds per kilometre.
    public var paceSecondsPerKilometer: Double { elapsedSeconds / distanceMeters * 1000 }
}
