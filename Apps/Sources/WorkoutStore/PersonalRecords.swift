import WorkoutEngine

/// The best workouts among those a query selects.
public struct PersonalRecords: Sendable, Hashable {
    /// The greatest distance.
    public var longest: StoredWorkout?
    /// The highest average speed (over the workout's moving time), among workouts of at least
    /// ``minimumDistanceForFastestMeters``.
    public var fastest: StoredWorkout?
    /// The greatest elevation gain.
    public var mostClimbing: StoredWorkout?
    /// Shorter workouts do not compete for ``fastest`` (a 50 m sprint to the car is no record).
    public var minimumDistanceForFastestMeters: Double

    public init(longest: StoredWorkout? = nil, fastest: StoredWorkout? = nil, mostClimbing: StoredWorkout? = nil,
                minimumDistanceForFastestMeters: Double = 1000) {
        self.longest = longest
        self.fastest = fastest
        self.mostClimbing = mostClimbing
        self.minimumDistanceForFastestMeters = minimumDistanceForFastestMeters
    }

    /// Picks the records from `workouts` (ties go to the earlier id).
    public init(workouts: [StoredWorkout], minimumDistanceForFastestMeters: Double = 1000) {
        self.init(minimumDistanceForFastestMeters: minimumDistanceForFastestMeters)
        func better(_ a: Double?, _ b: Double?) -> Bool {
            guard let a else { return false }
            guard let b else { return true }
            return a > b
        }
        for workout in workouts.sorted(by: { $0.id < $1.id }) {
            if workout.distanceMeters > 0, better(workout.distanceMeters, longest?.distanceMeters) { longest = workout }
            if workout.distanceMeters >= minimumDistanceForFastestMeters,
               better(workout.averageSpeedMetersPerSecond, fastest?.averageSpeedMetersPerSecond) {
                fastest = workout
            }
            if let gain = workout.elevationGainMeters, gain > 0, better(gain, mostClimbing?.elevationGainMeters) {
                mostClimbing = workout
            }
        }
    }

    /// The records as one JSON object (each a workout object, or `null`).
    public func jsonText() -> String {
        var json = JSONWriter()
        json.beginObject()
        for (key, workout) in [("longest", longest), ("fastest", fastest), ("mostClimbing", mostClimbing)] {
            if let workout { workout.write(to: &json, key: key) } else { json.null(key) }
        }
        json.number("minimumDistanceForFastestMeters", minimumDistanceForFastestMeters)
        json.endObject()
        return json.text
    }
}
