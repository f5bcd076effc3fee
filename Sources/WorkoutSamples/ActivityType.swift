/// The kinds of workout WorkoutEngine knows. The engine attaches rules to each (distance kind, fourth
/// stat, filter thresholds); this module only names them and parses their names.
public enum ActivityType: String, Sendable, Hashable, CaseIterable, Codable {
    /// Running, outdoors or on a treadmill: pace is the fourth stat, auto-pause on by default in a live session.
    case running
    /// Walking: pace is the fourth stat, auto-pause off by default.
    case walking
    /// Hiking: heart rate is the fourth stat, auto-pause off by default.
    case hiking
    /// Cycling: speed is the fourth stat, auto-pause on by default in a live session.
    case cycling

    /// Parses the names found in the wild (`trk/type` in GPX exports, JSON `activity`): the canonical
    /// names plus common synonyms such as `run`, `Running`, `biking`, `ride`, `hike`, `walk`,
    /// `road_biking`, `trail_running` and Strava's numeric `1` (cycling) / `9` (running) / `4` (hiking) /
    /// `10` (walking). Returns `nil` for anything else.
    public init?(parsing name: String) {
        let key = String(name.trimmingASCIIWhitespace().lowercased().map { $0 == "-" || $0 == " " ? "_" : $0 })
        if let exact = ActivityType(rawValue: key) {
            self = exact
            return
        }
        switch key {
        case "run", "trail_running", "trailrun", "trail_run", "treadmill_running", "jogging", "9":
            self = .running
        case "walk", "10", "indoor_walking":
            self = .walking
        case "hike", "4", "mountaineering", "backpacking":
            self = .hiking
        case "biking", "bike", "ride", "cycle", "road_biking", "mountain_biking", "gravel_cycling",
             "road_cycling", "mountain_bike", "mtb", "1", "ebikeride", "virtual_ride":
            self = .cycling
        default:
            return nil
        }
    }
}

extension ActivityType {
    /// The activities fastest first, by the speed above which the engine takes a fix for a GPS jump (35,
    /// 12.5, 8 and 6 m/s; README, "Rules").
    public static let fastestFirst: [ActivityType] = [.cycling, .running, .hiking, .walking]

    /// The activity of a workout of several legs (a FIT multisport file's sessions, a TCX
    /// `MultiSportSession`'s activities, a chain of files): when the legs are of two or more different
    /// sports, the fastest of those the engine knows (a triathlon's swim, ride and run: cycling; a swim
    /// and a ride: cycling), so that no leg's fixes are taken for GPS jumps (under a runner's rules a
    /// ride's fixes above 12.5 m/s are); `nil` when they are all of one sport or the engine knows none of
    /// them. The engine has one activity per workout: the whole workout then has that activity's other
    /// rules too (README, "Input formats").
    /// - Parameter legs: each leg's sport as its file names it, and its activity (`nil` for a sport the
    ///   engine does not know).
    public static func multisport(legs: [(name: String, activity: ActivityType?)]) -> ActivityType? {
        guard Set(legs.map(\.name)).count >= 2 else { return nil }
        return fastestFirst.first { activity in legs.contains { $0.activity == activity } }
    }
}

extension String {
    /// The string without leading and trailing spaces, tabs, carriage returns and newlines.
    package func trimmingASCIIWhitespace() -> String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" || $0 == "\r\n" }
        guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else {
            return ""
        }
        return String(self[first...last])
    }
}
