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
