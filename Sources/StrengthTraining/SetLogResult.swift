import SessionSupport

/// What ``StrengthSessionState/logSet(reps:loadKg:at:)`` did.
public struct SetLogResult: Sendable, Hashable {
    /// The exercise the set belongs to.
    public var exerciseIndex: Int
    /// The set logged.
    public var setIndex: Int
    /// The values recorded (the planned ones when none were given).
    public var reps: Int
    /// The load recorded, kilograms (the planned one when none was given); `nil` when the set has no load.
    public var loadKg: Double?
    /// Whether the planned values were recorded because none were given.
    public var recordedAutomatically: Bool
    /// The rest started after the set; `nil` when no set is left in the workout.
    public var restTimer: RestTimer?
}
