import WorkoutEngine

/// One ISO week's totals (Monday 00:00 UTC to the next Monday) over the workouts a query selects.
public struct WeeklyTotal: Sendable, Hashable {
    /// The Monday 00:00 UTC that starts the week, seconds since 1970.
    public var weekStart: Double
    public var workoutCount: Int
    public var distanceMeters: Double
    public var movingSeconds: Double
    public var elevationGainMeters: Double

    public init(weekStart: Double, workoutCount: Int, distanceMeters: Double, movingSeconds: Double, elevationGainMeters: Double) {
        self.weekStart = weekStart
        self.workoutCount = workoutCount
        self.distanceMeters = distanceMeters
        self.movingSeconds = movingSeconds
        self.elevationGainMeters = elevationGainMeters
    }

    /// 1970-01-05, the first Monday after the epoch, seconds since 1970.
    static let firstMonday = 4.0 * 86_400
    static let week = 7.0 * 86_400

    /// The Monday 00:00 UTC that starts the week holding `time`.
    public static func weekStart(containing time: Double) -> Double {
        ((time - firstMonday) / week).rounded(.down) * week + firstMonday
    }

    /// Totals by week of `workouts` (untimed workouts have no week and are left out), oldest week first.
    public static func totals(of workouts: [StoredWorkout]) -> [WeeklyTotal] {
        var byWeek: [Double: WeeklyTotal] = [:]
        for workout in workouts {
            guard let start = workout.startTime else { continue }
            let week = weekStart(containing: start)
            var total = byWeek[week] ?? WeeklyTotal(weekStart: week, workoutCount: 0, distanceMeters: 0, movingSeconds: 0, elevationGainMeters: 0)
            total.workoutCount += 1
            total.distanceMeters += workout.distanceMeters
            total.movingSeconds += workout.movingSeconds ?? 0
            total.elevationGainMeters += workout.elevationGainMeters ?? 0
            byWeek[week] = total
        }
        return byWeek.values.sorted { $0.weekStart < $1.weekStart }
    }

    /// The totals as one JSON array.
    public static func jsonText(_ totals: [WeeklyTotal]) -> String {
        var json = JSONWriter()
        json.beginArray()
        for total in totals {
            json.beginObject()
            json.string("weekStart", ISO8601Text.string(secondsSince1970: total.weekStart))
            json.integer("workoutCount", total.workoutCount)
            json.number("distanceMeters", total.distanceMeters)
            json.number("movingSeconds", total.movingSeconds)
            json.number("elevationGainMeters", total.elevationGainMeters)
            json.endObject()
        }
        json.endArray()
        return json.text
    }
}
