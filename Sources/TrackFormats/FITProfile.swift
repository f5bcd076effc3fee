public import WorkoutSamples

/// The parts of the FIT profile (Garmin FIT SDK, profile 21.x) the reader uses: the global message
/// numbers, the field numbers it reads in each, and the names of sports, sub-sports, manufacturers and a
/// few products. Numbers and names are the profile's; they were checked against the profile that the
/// independent decoder `fitdecode` 0.11.0 ships.
///
/// ## Messages and fields read (number: name, scale and offset)
/// - `file_id` (0): 1 manufacturer, 2 product (`garmin_product` for Garmin), 8 product_name.
/// - `sport` (12): 0 sport, 1 sub_sport.
/// - `session` (18): 2 start_time, 5 sport, 6 sub_sport, 7 total_elapsed_time (s, scale 1000),
///   8 total_timer_time (s, scale 1000), 9 total_distance (m, scale 100), 11 total_calories (kcal),
///   16 avg_heart_rate, 17 max_heart_rate, 22 total_ascent (m), 23 total_descent (m).
/// - `lap` (19): 2 start_time, 7 total_elapsed_time, 8 total_timer_time, 9 total_distance, 11 total_calories,
///   15 avg_heart_rate, 16 max_heart_rate, 21 total_ascent (m), 22 total_descent (m), 24 lap_trigger.
/// - `record` (20): 0 position_lat and 1 position_long (semicircles: degrees = value × 180 / 2³¹),
///   2 altitude (m, scale 5, offset 500), 3 heart_rate (bpm), 4 cadence (rpm), 5 distance (m, scale 100),
///   6 speed (m/s, scale 1000), 7 power (W), 13 temperature (°C), 53 fractional_cadence (rpm, scale 128),
///   73 enhanced_speed (m/s, scale 1000), 78 enhanced_altitude (m, scale 5, offset 500).
/// - `event` (21): 0 event (0 = timer), 1 event_type (0 start, 1 stop, 4 stop_all, 8 stop_disable,
///   9 stop_disable_all).
/// - `device_info` (23): 0 device_index (0 = the creator), 2 manufacturer, 4 product, 27 product_name.
/// - `timestamp_correlation` (162): 1 system_timestamp.
/// - Field 253 in any message is its `timestamp` (seconds since 1989-12-31T00:00:00Z); values below
///   0x10000000 count from the device's power-on instead (system time).
public enum FITProfile {
    /// Seconds from 1970-01-01T00:00:00Z to the FIT epoch, 1989-12-31T00:00:00Z.
    public static let epochOffsetSeconds = 631_065_600.0
    /// FIT times below this are relative (seconds since the device's power-on), not dates.
    static let minimumDateTime: Int64 = 0x1000_0000

    /// Whether two FIT times count on one clock: both from the device's power-on, or both dates.
    static func areOnOneClock(_ a: Int64, _ b: Int64) -> Bool {
        (a < minimumDateTime) == (b < minimumDateTime)
    }

    /// Degrees per semicircle: 180 / 2³¹.
    public static let degreesPerSemicircle = 180.0 / 2_147_483_648.0

    // Global message numbers.
    static let fileID: UInt16 = 0
    static let sport: UInt16 = 12
    static let session: UInt16 = 18
    static let lap: UInt16 = 19
    static let record: UInt16 = 20
    static let event: UInt16 = 21
    static let deviceInfo: UInt16 = 23
    static let timestampCorrelation: UInt16 = 162

    /// Slots per local message type: the most fields the reader takes from one message (a `record`'s 14).
    static let slotCount = 14
    /// Slot 0 of every message: field 253, the timestamp.
    static let timestampSlot = 0

    // Slots of `record`.
    static let recordLatitude = 1, recordLongitude = 2, recordAltitude = 3, recordHeartRate = 4, recordCadence = 5
    static let recordDistance = 6, recordSpeed = 7, recordPower = 8, recordTemperature = 9
    static let recordFractionalCadence = 10, recordEnhancedSpeed = 11, recordEnhancedAltitude = 12
    static let recordCompressedSpeedDistance = 13
    // Slots of `event`.
    static let eventEvent = 1, eventType = 2
    // Slots of `lap`.
    static let lapStartTime = 1, lapElapsed = 2, lapTimer = 3, lapDistance = 4, lapTrigger = 5, lapCalories = 6
    static let lapAverageHeartRate = 7, lapMaximumHeartRate = 8, lapAscent = 9, lapDescent = 10
    // Slots of `session`.
    static let sessionStartTime = 1, sessionSport = 2, sessionSubSport = 3, sessionElapsed = 4, sessionTimer = 5
    static let sessionDistance = 6, sessionCalories = 7, sessionAverageHeartRate = 8, sessionMaximumHeartRate = 9
    static let sessionAscent = 10, sessionDescent = 11
    // Slots of `sport`.
    static let sportSport = 1, sportSubSport = 2
    // Slots of `file_id`.
    static let fileManufacturer = 1, fileProduct = 2, fileProductName = 3
    // Slots of `device_info`.
    static let deviceIndex = 1, deviceManufacturer = 2, deviceProduct = 3, deviceProductName = 4
    // Slots of `timestamp_correlation`.
    static let correlationSystemTimestamp = 1

    /// The slot of field `field` of global message `message`, when the reader uses it.
    static func slot(message: UInt16, field: UInt8) -> Int? {
        if field == 253 { return timestampSlot }
        switch (message, field) {
        case (record, 0): return recordLatitude
        case (record, 1): return recordLongitude
        case (record, 2): return recordAltitude
        case (record, 3): return recordHeartRate
        case (record, 4): return recordCadence
        case (record, 5): return recordDistance
        case (record, 6): return recordSpeed
        case (record, 7): return recordPower
        case (record, 8): return recordCompressedSpeedDistance
        case (record, 13): return recordTemperature
        case (record, 53): return recordFractionalCadence
        case (record, 73): return recordEnhancedSpeed
        case (record, 78): return recordEnhancedAltitude
        case (event, 0): return eventEvent
        case (event, 1): return eventType
        case (lap, 2): return lapStartTime
        case (lap, 7): return lapElapsed
        case (lap, 8): return lapTimer
        case (lap, 9): return lapDistance
        case (lap, 11): return lapCalories
        case (lap, 15): return lapAverageHeartRate
        case (lap, 16): return lapMaximumHeartRate
        case (lap, 21): return lapAscent
        case (lap, 22): return lapDescent
        case (lap, 24): return lapTrigger
        case (session, 2): return sessionStartTime
        case (session, 5): return sessionSport
        case (session, 6): return sessionSubSport
        case (session, 7): return sessionElapsed
        case (session, 8): return sessionTimer
        case (session, 9): return sessionDistance
        case (session, 11): return sessionCalories
        case (session, 16): return sessionAverageHeartRate
        case (session, 17): return sessionMaximumHeartRate
        case (session, 22): return sessionAscent
        case (session, 23): return sessionDescent
        case (sport, 0): return sportSport
        case (sport, 1): return sportSubSport
        case (fileID, 1): return fileManufacturer
        case (fileID, 2): return fileProduct
        case (fileID, 8): return fileProductName
        case (deviceInfo, 0): return deviceIndex
        case (deviceInfo, 2): return deviceManufacturer
        case (deviceInfo, 4): return deviceProduct
        case (deviceInfo, 27): return deviceProductName
        case (timestampCorrelation, 1): return correlationSystemTimestamp
        default: return nil
        }
    }

    /// The profile's name of sport `number` (`running`, `cycling`, ...), or `sport_<number>`.
    public static func sportName(_ number: Int64) -> String {
        let names = [
            "generic", "running", "cycling", "transition", "fitness_equipment", "swimming", "basketball", "soccer",
            "tennis", "american_football", "training", "walking", "cross_country_skiing", "alpine_skiing",
            "snowboarding", "rowing", "mountaineering", "hiking", "multisport", "paddling", "flying", "e_biking",
            "motorcycling", "boating", "driving", "golf", "hang_gliding", "horseback_riding", "hunting", "fishing",
            "inline_skating", "rock_climbing", "sailing", "ice_skating", "sky_diving", "snowshoeing", "snowmobiling",
            "stand_up_paddleboarding", "surfing", "wakeboarding", "water_skiing", "kayaking", "rafting", "windsurfing",
            "kitesurfing", "tactical", "jumpmaster", "boxing", "floor_climbing", "baseball",
        ]
        if number >= 0, number < Int64(names.count) { return names[Int(number)] }
        switch number {
        case 53: return "diving"
        case 62: return "hiit"
        case 65: return "wheelchair_push_walk"
        case 66: return "wheelchair_push_run"
        default: return "sport_\(number)"
        }
    }

    /// The profile's name of sub-sport `number` (`treadmill`, `road`, ...), or `sub_sport_<number>`.
    public static func subSportName(_ number: Int64) -> String {
        let names = [
            "generic", "treadmill", "street", "trail", "track", "spin", "indoor_cycling", "road", "mountain",
            "downhill", "recumbent", "cyclocross", "hand_cycling", "track_cycling", "indoor_rowing", "elliptical",
            "stair_climbing", "lap_swimming", "open_water", "flexibility_training", "strength_training", "warm_up",
            "match", "exercise", "challenge", "indoor_skiing", "cardio_training", "indoor_walking", "e_bike_fitness",
            "bmx", "casual_walking", "speed_walking", "bike_to_run_transition", "run_to_bike_transition",
            "swim_to_bike_transition", "atv", "motocross", "backcountry", "resort", "rc_drone", "wingsuit",
            "whitewater", "skate_skiing", "yoga", "pilates", "indoor_running", "gravel_cycling", "e_bike_mountain",
            "commuting", "mixed_surface", "navigate", "track_me", "map",
        ]
        if number >= 0, number < Int64(names.count) { return names[Int(number)] }
        return number == 58 ? "virtual_activity" : "sub_sport_\(number)"
    }

    /// The activity name a FIT sport and sub-sport give, as the engine parses it (``/WorkoutSamples/ActivityType``):
    /// - `running` (any sub-sport: street, trail, treadmill, track, indoor) → `running`;
    /// - `cycling` (any sub-sport: road, mountain, indoor, gravel, virtual, ...) and `e_biking` → `cycling`;
    /// - `walking` → `walking`; `hiking` and `mountaineering` → `hiking`;
    /// - anything else keeps its FIT name (`cross_country_skiing`, `swimming`, `generic`, ...), which the
    ///   engine does not know: the workout keeps the activity it was given (`--activity`, default running).
    public static func activityName(sport: Int64, subSport: Int64?) -> String {
        switch sport {
        case 1: "running"
        case 2, 21: "cycling"
        case 11: "walking"
        case 16, 17: "hiking"
        default: sportName(sport)
        }
    }

    /// The activity of a multisport file, whose sessions name `legs` (their activity names, as
    /// ``activityName(sport:subSport:)`` gives them, in file order): `ActivityType.multisport(legs:)`, the
    /// fastest known of them when they are of two or more sports (a triathlon's swim, bike and run:
    /// cycling; under a runner's rules a bike leg's fixes above 12.5 m/s were rejected: Runalyze's triathlon
    /// read 1.5 % short of its device, a Fenix 2 multisport file in tormoder/fit's tests 8 %); `nil` for a
    /// file of one sport or of none the engine knows.
    /// - Parameter legs: the activity names of a file's sessions (or of a chain's files), in file order.
    public static func multisportActivityName(legs: [String]) -> String? {
        ActivityType.multisport(legs: legs.map { ($0, ActivityType(rawValue: $0)) })?.rawValue
    }

    /// The sport as the file names it: `sport`, or `sport/sub_sport` when the sub-sport is not generic.
    public static func sportDescription(sport: Int64, subSport: Int64?) -> String {
        guard let subSport, subSport != 0 else { return sportName(sport) }
        return "\(sportName(sport))/\(subSportName(subSport))"
    }

    /// The profile's name of manufacturer `number` for the common ones, else the number as text.
    public static func manufacturerName(_ number: Int64) -> String {
        switch number {
        case 1: "garmin"
        case 6: "srm"
        case 7: "quarq"
        case 9: "saris"
        case 13: "dynastream_oem"
        case 15: "dynastream"
        case 16: "timex"
        case 23: "suunto"
        case 32: "wahoo_fitness"
        case 40: "concept2"
        case 69: "stages_cycling"
        case 70: "sigmasport"
        case 71: "tomtom"
        case 89: "tacx"
        case 95: "stryd"
        case 123: "polar_electro"
        case 255: "development"
        case 260: "zwift"
        case 263: "favero_electronics"
        case 265: "strava"
        case 267: "bryton"
        case 289: "hammerhead"
        case 294: "coros"
        case 310: "decathlon"
        default: String(number)
        }
    }

    /// The product's name for a few Garmin products (`garmin_product`), else the number as text.
    public static func productName(manufacturer: Int64?, product: Int64) -> String {
        guard manufacturer == 1 || manufacturer == 13 || manufacturer == 15 else { return String(product) }
        switch product {
        case 1328: return "fr910xt"
        case 1765: return "fr920xt"
        case 2417: return "virb_ultra_30"
        case 3121: return "edge_530"
        default: return String(product)
        }
    }

    /// The lap trigger of FIT `lap_trigger` value `number`: 0 manual, 1 time, 2 distance, 3-6 a
    /// position (start, lap, waypoint, marked), 7 session end, 8 fitness equipment.
    public static func lapTrigger(_ number: Int64) -> LapTrigger? {
        switch number {
        case 0: .manual
        case 1: .time
        case 2: .distance
        case 3, 4, 5, 6: .position
        case 7: .sessionEnd
        case 8: .fitnessEquipment
        default: nil
        }
    }
}
